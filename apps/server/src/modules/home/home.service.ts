import type { HomeOverview } from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { readHomeOverview } from '../../read-models/home-overview.js';

/** The UTC date `YYYY-MM-DD` of the day before `now`. */
export function yesterdayUtc(now = new Date()): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * `GET /api/home/overview` (extension): fans (users.fans_count), totals over the author's content that
 * is not deleted, and yesterday's (UTC) views and new fans from `daily_stats` (0 when no row). The numbers
 * cross modules, so they come from the read model `read-models/home-overview.ts` (issue #7).
 */
export async function getOverview(db: Db, userId: number, now = new Date()): Promise<HomeOverview> {
  const facts = await readHomeOverview(db, userId, yesterdayUtc(now));
  return {
    fans: facts.fans,
    totalViews: facts.totalViews,
    totalLikes: facts.totalLikes,
    contentCount: facts.contentCount,
    yesterdayViews: facts.dayViews,
    yesterdayFans: facts.dayNewFans,
  };
}
