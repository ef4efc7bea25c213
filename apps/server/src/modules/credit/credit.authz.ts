import type { AuthzCasesOf } from '../../test/authz-cases.js';
import { createArticle } from '../../test/factories.js';
import { recordModerationResult } from './credit.service.js';

/**
 * The credit area's rows of the authorization matrix (issue #14; test/authz-cases.ts): an appeal names one of the
 * author's ledger entries, so another author's entry must answer 10006. Everything else answers the caller's own
 * score and ledger, or is for operators.
 */
export const creditAuthzCases: AuthzCasesOf = (t) => ({
  matrix: {
    'POST /api/credit/appeal': async (c) => {
      // the owner's deduction, made the way moderation makes it
      const work = await createArticle(t.db, c.owner.user.id, { status: 'rejected' });
      const result = await recordModerationResult(t.db, {
        userId: c.owner.user.id,
        contentId: work.id,
        contentType: 'article',
        title: work.title,
        review: {
          status: 'rejected',
          rule: 'SENSITIVE_WORD',
          reason: {
            code: 'REVIEW_SENSITIVE_WORD',
            params: { word: '赌博', rule: { code: 'WORD_RULE_GAMBLING' } },
          },
        },
      });
      if (result.kind !== 'violation') throw new Error('the owner has no deduction to appeal');
      return t.post(
        '/api/credit/appeal',
        { entryId: result.entryId, reason: '这不是违规内容，请复核一下谢谢' },
        c.intruder,
        { json: true },
      );
    },
  },
  notResource: {
    'GET /api/credit/score': "the caller's own score, thresholds and last changes",
    'GET /api/credit/ledger': "the caller's own ledger",
    'GET /api/ops/credit/appeal_list': 'operators only (10005 for authors, tested in credit.routes.test.ts)',
    'POST /api/ops/credit/decide_appeal':
      'operators only (10005 for authors, tested in credit.routes.test.ts)',
  },
});
