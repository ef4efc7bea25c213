import type { AuthzCasesOf } from '../../test/authz-cases.js';
import { createArticle } from '../../test/factories.js';
import { testActivity, testEntry } from './test-support.js';

/** This area's rows of the authorization matrix (issue #15; test/authz-cases.ts). */
export const activityAuthzCases: AuthzCasesOf = (t) => ({
  matrix: {
    'POST /api/activity/join': async (c) => {
      // the owner's published work entered by the intruder into an open activity: "no such work of yours"
      const a = await testActivity(t.db);
      const work = await createArticle(t.db, c.owner.userId, {
        status: 'published',
        publishedAt: new Date(),
      });
      return t.post('/api/activity/join', { id: a.id, contentId: work.id }, c.intruder, { json: true });
    },
    'POST /api/activity/withdraw': async (c) => {
      const a = await testActivity(t.db);
      const work = await createArticle(t.db, c.owner.userId, {
        status: 'published',
        publishedAt: new Date(),
      });
      const id = await testEntry(t.db, a.id, work.id, c.owner.userId);
      return t.post('/api/activity/withdraw', { id }, c.intruder, { json: true });
    },
  },
  notResource: {
    'GET /api/activity/list':
      'visible activities are public to every author; `myEntryCount` and `joined` count only the caller’s own',
    'GET /api/activity/detail':
      'visible activities and their ranking are public; `myEntries` holds only the caller’s own',
    'GET /api/activity/eligible_works': "lists only the caller's own published works",
    'GET /api/ops/activity/list': 'operators only (10005 for authors)',
    'GET /api/ops/activity/detail': 'operators only (10005 for authors)',
    'POST /api/ops/activity/save': 'operators only (10005 for authors)',
    'POST /api/ops/activity/publish': 'operators only (10005 for authors)',
    'POST /api/ops/activity/close': 'operators only (10005 for authors)',
    'POST /api/ops/activity/disqualify': 'operators only (10005 for authors): any entry',
    'POST /api/ops/activity/announce': 'operators only (10005 for authors)',
  },
});
