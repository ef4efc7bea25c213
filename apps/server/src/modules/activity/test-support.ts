import type { ContentType } from '@cc/contracts';
import type { Db } from '../../db/client.js';
import * as repo from './activity.repo.js';

const HOUR = 3_600_000;

/**
 * An activity row for tests (issue #15), published and open by default: window [now − 1 h, now + 24 h).
 * @returns the row
 */
export async function testActivity(
  db: Db,
  fields: Partial<repo.NewActivityRow> & { workTypes?: ContentType[] } = {},
): Promise<repo.ActivityRow> {
  const now = Date.now();
  return repo.insertActivity(db, {
    state: 'published',
    titleZh: '春季用车故事征集',
    titleEn: 'Spring car stories',
    rulesZh: '分享你的用车故事。',
    rulesEn: 'Share your car story.',
    startsAt: new Date(now - HOUR),
    endsAt: new Date(now + 24 * HOUR),
    resultsAt: new Date(now + 48 * HOUR),
    workTypes: ['article', 'video'],
    prizes: [{ fromRank: 1, toRank: 1, textZh: '车模一台', textEn: 'A model car' }],
    publishedAt: new Date(now - HOUR),
    ...fields,
  });
}

/** An entry of `contentId` by `userId` in activity `activityId`. @returns its id */
export async function testEntry(
  db: Db,
  activityId: number,
  contentId: number,
  userId: number,
): Promise<number> {
  const row = await repo.insertEntry(db, { activityId, contentId, userId });
  return row!.id;
}
