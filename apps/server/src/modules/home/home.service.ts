import type { HomeOverview } from '@cc/contracts';
import type { Db } from '../../db/client.js';
import * as repo from './home.repo.js';

/** The UTC date `YYYY-MM-DD` of the day before `now`. */
export function yesterdayUtc(now = new Date()): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * `GET /api/home/overview` (extension): fans (users.fans_count), totals over the author's content that
 * is not deleted, and yesterday's (UTC) views and new fans from `daily_stats` (0 when no row).
 */
export async function getOverview(db: Db, userId: number, now = new Date()): Promise<HomeOverview> {
  const [totals, fans, yesterday] = await Promise.all([
    repo.sumContentStats(db, userId),
    repo.findFansCount(db, userId),
    repo.findDailyStats(db, userId, yesterdayUtc(now)),
  ]);
  return {
    fans,
    totalViews: totals.views,
    totalLikes: totals.likes,
    contentCount: totals.n,
    yesterdayViews: yesterday?.views ?? 0,
    yesterdayFans: yesterday?.newFans ?? 0,
  };
}
