import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages } from './message.schema.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

export async function insertMessage(db: Db, row: NewMessageRow): Promise<MessageRow> {
  const [inserted] = await db.insert(messages).values(row).returning();
  return inserted!;
}

/** Unread count per group of one user (groups with none are absent). */
export async function countUnreadByGroup(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ msgGroup: messages.msgGroup, n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.isRead, false)))
    .groupBy(messages.msgGroup);
  return new Map(rows.map((r) => [r.msgGroup, Number(r.n)]));
}

export async function markRead(db: Db, userId: number, msgGroup?: number): Promise<number> {
  const where: SQL[] = [eq(messages.userId, userId), eq(messages.isRead, false)];
  if (msgGroup !== undefined) where.push(eq(messages.msgGroup, msgGroup));
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(and(...where))
    .returning({ id: messages.id });
  return rows.length;
}

export async function markOneRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function listMessages(
  db: Db,
  userId: number,
  opts: { msgGroup?: number; unreadOnly?: boolean; limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where: SQL[] = [eq(messages.userId, userId)];
  if (opts.msgGroup !== undefined) where.push(eq(messages.msgGroup, opts.msgGroup));
  if (opts.unreadOnly) where.push(eq(messages.isRead, false));
  const cond = and(...where);
  const rows = await db
    .select()
    .from(messages)
    .where(cond)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(messages).where(cond);
  return { rows, total: Number(total?.n ?? 0) };
}
