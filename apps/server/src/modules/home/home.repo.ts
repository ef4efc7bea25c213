import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contents, dailyStats, users } from '../../db/schema/index.js';

export async function sumContentStats(
  db: Db,
  userId: number,
): Promise<{ n: number; views: number; likes: number }> {
  const [row] = await db
    .select({
      n: count(),
      views: sql<string>`coalesce(sum(${contents.views}), 0)`,
      likes: sql<string>`coalesce(sum(${contents.likes}), 0)`,
    })
    .from(contents)
    .where(and(eq(contents.userId, userId), ne(contents.status, 'deleted')));
  return { n: Number(row?.n ?? 0), views: Number(row?.views ?? 0), likes: Number(row?.likes ?? 0) };
}

export async function findFansCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ fans: users.fansCount }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.fans ?? 0;
}

export async function findDailyStats(db: Db, userId: number, day: string) {
  const [row] = await db
    .select()
    .from(dailyStats)
    .where(and(eq(dailyStats.userId, userId), eq(dailyStats.day, day)))
    .limit(1);
  return row;
}
