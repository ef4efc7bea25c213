import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lives } from './live.schema.js';

/**
 * Storage of live shows: the `lives` row beside the show's `contents` row (the content module's, reached through
 * content.service.ts).
 */

export type LiveRow = typeof lives.$inferSelect;
export type NewLiveRow = typeof lives.$inferInsert;

/** The `lives` row of a show (its content id), or undefined. */
export async function findLive(db: Db, contentId: number): Promise<LiveRow | undefined> {
  const [row] = await db.select().from(lives).where(eq(lives.contentId, contentId)).limit(1);
  return row;
}

/**
 * The show's row locked until the transaction ends (`SELECT … FOR UPDATE`): two state changes, or an edit and a
 * state change, of one show never interleave.
 */
export async function findLiveForUpdate(tx: Db, contentId: number): Promise<LiveRow | undefined> {
  const [row] = await tx.select().from(lives).where(eq(lives.contentId, contentId)).limit(1).for('update');
  return row;
}

/** Stores a new show's `lives` row. @returns the row */
export async function insertLive(db: Db, row: NewLiveRow): Promise<LiveRow> {
  const [inserted] = await db.insert(lives).values(row).returning();
  return inserted!;
}

/** Changes a show's `lives` row (start, description, state, key, replay, reminder). @returns the row */
export async function updateLive(
  db: Db,
  contentId: number,
  patch: Partial<Omit<NewLiveRow, 'contentId'>>,
): Promise<LiveRow> {
  const [row] = await db.update(lives).set(patch).where(eq(lives.contentId, contentId)).returning();
  return row!;
}

/**
 * Upcoming shows starting in `(from, to]` that were not reminded yet, earliest first, locked for the caller's
 * transaction with `FOR UPDATE SKIP LOCKED`: a second server running the reminder job at the same moment skips
 * the rows this one holds (and, once it commits, no longer matches them: `reminded_at` is set).
 * @param limit most rows per call
 */
export async function lockDueReminders(tx: Db, from: Date, to: Date, limit: number): Promise<LiveRow[]> {
  return tx
    .select()
    .from(lives)
    .where(
      and(
        eq(lives.state, 'upcoming'),
        isNull(lives.remindedAt),
        gt(lives.startAt, from),
        lte(lives.startAt, to),
      ),
    )
    .orderBy(asc(lives.startAt), asc(lives.contentId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Marks a show reminded at `at`, only if it was not already (a conditional update: the second of two racing
 * reminders changes nothing).
 * @returns true when this call set it
 */
export async function markReminded(tx: Db, contentId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(lives)
    .set({ remindedAt: at })
    .where(and(eq(lives.contentId, contentId), isNull(lives.remindedAt)))
    .returning({ id: lives.contentId });
  return rows.length === 1;
}
