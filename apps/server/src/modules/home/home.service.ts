import type { HomeOverview } from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { readContentCount } from '../../read-models/home-overview.js';
import { authorHeadline } from '../analytics/analytics.service.js';

/**
 * `GET /api/home/overview` (extension, docs/api.md): the works not deleted (read model), and fans, lifetime
 * views and likes, yesterday's views and new fans (a `REPORT_TZ` day) from the audience rollups (issue #12:
 * computed from reader events, never seeded).
 * @param reportTz config `reportTz`
 */
export async function getOverview(
  db: Db,
  userId: number,
  reportTz: string,
  now = new Date(),
): Promise<HomeOverview> {
  const [contentCount, headline] = await Promise.all([
    readContentCount(db, userId),
    authorHeadline(db, { reportTz }, userId, now),
  ]);
  return { ...headline, contentCount };
}
