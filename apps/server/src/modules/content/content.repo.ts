import type { ContentStatus, ContentType } from '@cc/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contents } from './content.schema.js';
import { escapeLike } from '../../db/like.js';

export type ContentRow = typeof contents.$inferSelect;
export type NewContentRow = typeof contents.$inferInsert;

/** The user's item by id (any status, including deleted); undefined when absent or another author's. */
export async function findOwnContent(db: Db, userId: number, id: number): Promise<ContentRow | undefined> {
  const [row] = await db
    .select()
    .from(contents)
    .where(and(eq(contents.id, id), eq(contents.userId, userId)))
    .limit(1);
  return row;
}

/**
 * The user's item by id with its row locked until the transaction ends (`SELECT … FOR UPDATE`): an edit and a
 * scheduled publish or an operator's decision of the same work never interleave. Undefined when absent or
 * another author's.
 */
export async function findOwnContentForUpdate(
  tx: Db,
  userId: number,
  id: number,
): Promise<ContentRow | undefined> {
  const [row] = await tx
    .select()
    .from(contents)
    .where(and(eq(contents.id, id), eq(contents.userId, userId)))
    .limit(1)
    .for('update');
  return row;
}

/** An item by id, whoever owns it (jobs have no session); undefined when absent. */
export async function findContentById(db: Db, id: number): Promise<ContentRow | undefined> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id)).limit(1);
  return row;
}

/**
 * An item by id with its row locked until the transaction ends (`SELECT … FOR UPDATE`), so a scheduled
 * publish and an edit of the same item never interleave; undefined when absent.
 * @param tx the caller's transaction
 */
export async function findContentByIdForUpdate(tx: Db, id: number): Promise<ContentRow | undefined> {
  const [row] = await tx.select().from(contents).where(eq(contents.id, id)).limit(1).for('update');
  return row;
}

/** The ids among `ids` that are the user's and not deleted, ascending. */
export async function findLiveOwnIds(db: Db, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(inArray(contents.id, ids), eq(contents.userId, userId), ne(contents.status, 'deleted')))
    .orderBy(contents.id);
  return rows.map((r) => r.id);
}

export async function insertContent(db: Db, row: NewContentRow): Promise<ContentRow> {
  const [inserted] = await db.insert(contents).values(row).returning();
  return inserted!;
}

/**
 * The user's item created with idempotency key `requestId` (issue #8 item 10), in any status.
 * @returns the row, or undefined when the user made none with that key
 */
export async function findOwnByRequestId(
  db: Db,
  userId: number,
  requestId: string,
): Promise<ContentRow | undefined> {
  const [row] = await db
    .select()
    .from(contents)
    .where(and(eq(contents.userId, userId), eq(contents.requestId, requestId)))
    .limit(1);
  return row;
}

/**
 * Inserts a row carrying `requestId` unless the user already has one with that key (issue #8 item 10):
 * `insert … on conflict (user_id, request_id) do nothing` on the partial unique index, so of two racing
 * inserts one waits for the other and then inserts nothing.
 * @returns the new row, or undefined when the key was taken (read the winner with `findOwnByRequestId`)
 */
export async function insertContentOnce(
  db: Db,
  row: NewContentRow & { requestId: string },
): Promise<ContentRow | undefined> {
  const [inserted] = await db
    .insert(contents)
    .values(row)
    .onConflictDoNothing({
      target: [contents.userId, contents.requestId],
      where: isNotNull(contents.requestId),
    })
    .returning();
  return inserted;
}

export async function updateContent(db: Db, id: number, patch: Partial<NewContentRow>): Promise<ContentRow> {
  const [row] = await db.update(contents).set(patch).where(eq(contents.id, id)).returning();
  return row!;
}

export async function listContents(
  db: Db,
  userId: number,
  opts: {
    type?: ContentType;
    status?: ContentStatus;
    keyword?: string;
    topicId?: number;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ContentRow[]; total: number }> {
  const where: SQL[] = [eq(contents.userId, userId), ne(contents.status, 'deleted')];
  if (opts.type) where.push(eq(contents.type, opts.type));
  if (opts.status) where.push(eq(contents.status, opts.status));
  if (opts.keyword) where.push(ilike(contents.title, `%${escapeLike(opts.keyword)}%`));
  if (opts.topicId !== undefined) where.push(eq(contents.topicId, opts.topicId));
  const cond = and(...where);
  const rows = await db
    .select()
    .from(contents)
    .where(cond)
    .orderBy(desc(contents.updatedAt), desc(contents.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(contents).where(cond);
  return { rows, total: Number(total?.n ?? 0) };
}

/** How many of the user's items have `status` (any type); for quotas (issue #8 item 10). */
export async function countByStatus(db: Db, userId: number, status: ContentStatus): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contents)
    .where(and(eq(contents.userId, userId), eq(contents.status, status)));
  return Number(row?.n ?? 0);
}

/** The user's items per status (of one type when given), deleted ones included under `deleted`. */
export async function countPerStatus(
  db: Db,
  userId: number,
  type?: ContentType,
): Promise<Map<ContentStatus, number>> {
  const where: SQL[] = [eq(contents.userId, userId)];
  if (type) where.push(eq(contents.type, type));
  const rows = await db
    .select({ status: contents.status, n: count() })
    .from(contents)
    .where(and(...where))
    .groupBy(contents.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Soft-deletes the user's live items among `ids` (status `deleted`), locking them first.
 * @returns the ids deleted
 */
export async function softDeleteOwn(tx: Db, userId: number, ids: number[], now: Date): Promise<number[]> {
  const rows = await tx
    .update(contents)
    .set({ status: 'deleted', deletedAt: now, updatedAt: now, scheduledAt: null })
    .where(and(inArray(contents.id, ids), eq(contents.userId, userId), ne(contents.status, 'deleted')))
    .returning({ id: contents.id });
  return rows.map((r) => r.id);
}
