import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notices } from './notice.schema.js';

export type NoticeRow = typeof notices.$inferSelect;

export async function insertNotice(db: Db, row: typeof notices.$inferInsert): Promise<NoticeRow> {
  const [inserted] = await db.insert(notices).values(row).returning();
  return inserted!;
}

export async function listNotices(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const rows = await db
    .select()
    .from(notices)
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(notices);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findNotice(db: Db, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  return row;
}
