import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';
import { dailyStats, users } from '../modules/user/user.schema.js';

/*
 * src/read-models/ (issue #7 "read models … live in one clearly named place and only read"): queries that
 * join or gather several modules' tables for a page (the home overview, content lists' video facts; the
 * coming data pages). They may import any module's `*.schema.ts` tables (never a repo or a service), because
 * a page's numbers cross module lines, but they only SELECT: no insert, update or delete, so every write stays in the module that owns the table. A module's
 * service calls them (home.service.ts → this file); they never call modules.
 */

/** The author's numbers for the home overview (API.md "home/overview" extension): counts and sums as numbers. */
export interface HomeOverviewFacts {
  /** items of the author not deleted */
  contentCount: number;
  /** sum of their `views` */
  totalViews: number;
  /** sum of their `likes` */
  totalLikes: number;
  /** `users.fans_count`; 0 when the user is gone */
  fans: number;
  /** the `daily_stats` row of `day`: views and new fans that UTC day, 0 when there is no row */
  dayViews: number;
  dayNewFans: number;
}

/**
 * Reads the home overview of one author from `contents` (content module), `users` and `daily_stats` (user
 * module), in three parallel queries.
 * @param day a UTC date `YYYY-MM-DD` (the home page asks for yesterday)
 */
export async function readHomeOverview(db: Db, userId: number, day: string): Promise<HomeOverviewFacts> {
  const [[totals], [user], [daily]] = await Promise.all([
    db
      .select({
        n: count(),
        views: sql<string>`coalesce(sum(${contents.views}), 0)`,
        likes: sql<string>`coalesce(sum(${contents.likes}), 0)`,
      })
      .from(contents)
      .where(and(eq(contents.userId, userId), ne(contents.status, 'deleted'))),
    db.select({ fans: users.fansCount }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ views: dailyStats.views, newFans: dailyStats.newFans })
      .from(dailyStats)
      .where(and(eq(dailyStats.userId, userId), eq(dailyStats.day, day)))
      .limit(1),
  ]);
  return {
    contentCount: Number(totals?.n ?? 0),
    totalViews: Number(totals?.views ?? 0),
    totalLikes: Number(totals?.likes ?? 0),
    fans: user?.fans ?? 0,
    dayViews: daily?.views ?? 0,
    dayNewFans: daily?.newFans ?? 0,
  };
}
