import type { AppealState } from '@cc/contracts';
import { and, count, desc, eq, gte, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditAppeals, creditLedger, creditScores } from './credit.schema.js';

/*
 * SQL of the credit module (issue #14 "Credit score"): only this file touches its tables. Writes take the
 * caller's transaction; every write of an action happens in one.
 */

export type CreditEntryRow = typeof creditLedger.$inferSelect;
export type CreditAppealRow = typeof creditAppeals.$inferSelect;

/** The stored score of an author, or null when the author has no ledger (the score is then 100). */
export async function scoreOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ score: creditScores.score })
    .from(creditScores)
    .where(eq(creditScores.userId, userId))
    .limit(1);
  return row?.score ?? null;
}

/**
 * Locks the author's score row (`FOR UPDATE`) for a change, creating it at `initial` (100) first when the author
 * has none. @returns the score under the lock
 */
export async function lockScore(tx: Db, userId: number, initial: number, now: Date): Promise<number> {
  await tx.insert(creditScores).values({ userId, score: initial, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({ score: creditScores.score })
    .from(creditScores)
    .where(eq(creditScores.userId, userId))
    .for('update');
  return row!.score;
}

/** Writes the author's score (under the lock of `lockScore`). */
export async function setScore(tx: Db, userId: number, score: number, now: Date): Promise<void> {
  await tx.update(creditScores).set({ score, updatedAt: now }).where(eq(creditScores.userId, userId));
}

/** Appends a ledger entry, ON CONFLICT (user, key) DO NOTHING. @returns the new row, or null when the key exists */
export async function insertEntry(
  tx: Db,
  row: typeof creditLedger.$inferInsert,
): Promise<CreditEntryRow | null> {
  const [inserted] = await tx.insert(creditLedger).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** True when the author has an entry with this key. */
export async function hasEntryKey(db: Db, userId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.key, key)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether an approved-upload bonus was given for this work ever, or for any work at or after `since`.
 */
export async function uploadBonusGiven(
  db: Db,
  userId: number,
  contentId: number,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.reason, 'approved_upload'),
        sql`(${creditLedger.contentId} = ${contentId} or ${creditLedger.createdAt} >= ${since})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One entry by id, or null. */
export async function entryById(db: Db, id: number): Promise<CreditEntryRow | null> {
  const [row] = await db.select().from(creditLedger).where(eq(creditLedger.id, id)).limit(1);
  return row ?? null;
}

/** An entry with its appeal (null when never appealed). */
export interface EntryWithAppeal {
  entry: CreditEntryRow;
  appeal: CreditAppealRow | null;
}

/** The author's entries, newest first (`limit`/`offset` a page), each with its appeal; and their total. */
export async function listEntries(
  db: Db,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: EntryWithAppeal[]; total: number }> {
  const rows = await db
    .select({ entry: creditLedger, appeal: creditAppeals })
    .from(creditLedger)
    .leftJoin(creditAppeals, eq(creditAppeals.entryId, creditLedger.id))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, userId));
  return { rows, total: Number(total?.n ?? 0) };
}

/** How many of the author's appeals are in `state`. */
export async function countAppeals(db: Db, userId: number, state: AppealState): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creditAppeals)
    .where(and(eq(creditAppeals.userId, userId), eq(creditAppeals.state, state)));
  return Number(row?.n ?? 0);
}

/** Inserts an appeal, ON CONFLICT (entry) DO NOTHING. @returns the new row, or null when the entry has one */
export async function insertAppeal(
  tx: Db,
  row: typeof creditAppeals.$inferInsert,
): Promise<CreditAppealRow | null> {
  const [inserted] = await tx.insert(creditAppeals).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The appeal of an entry, or null. */
export async function appealOfEntry(db: Db, entryId: number): Promise<CreditAppealRow | null> {
  const [row] = await db.select().from(creditAppeals).where(eq(creditAppeals.entryId, entryId)).limit(1);
  return row ?? null;
}

/** An appeal locked for a decision (`FOR UPDATE`), or null. */
export async function appealForUpdate(tx: Db, id: number): Promise<CreditAppealRow | null> {
  const [row] = await tx.select().from(creditAppeals).where(eq(creditAppeals.id, id)).for('update');
  return row ?? null;
}

/** Writes an appeal's decision. @returns the row as updated */
export async function decideAppeal(
  tx: Db,
  id: number,
  fields: { state: AppealState; operatorId: number; note: string; decidedAt: Date },
): Promise<CreditAppealRow> {
  const [row] = await tx.update(creditAppeals).set(fields).where(eq(creditAppeals.id, id)).returning();
  return row!;
}

/**
 * The deductions of `[from, to)` still standing: entries with a negative delta, or violations (which may have been
 * clamped to 0 at score 0), created in the window and not restored by an upheld appeal; of the author `userId`
 * (a column or a value).
 */
function standingDeductions(db: Db, userId: SQL | number, from: Date, to: Date) {
  return db
    .select({ one: sql`1` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        or(lt(creditLedger.delta, 0), eq(creditLedger.reason, 'violation')),
        gte(creditLedger.createdAt, from),
        lt(creditLedger.createdAt, to),
        notExists(
          db
            .select({ one: sql`1` })
            .from(creditAppeals)
            .where(and(eq(creditAppeals.entryId, creditLedger.id), eq(creditAppeals.state, 'upheld'))),
        ),
      ),
    );
}

/**
 * Authors below `max` with no standing deduction in [from, to), by id (the weekly recovery's candidates; one query
 * over the partial index of scores below the top).
 */
export async function cleanWeekCandidates(db: Db, max: number, from: Date, to: Date): Promise<number[]> {
  const rows = await db
    .select({ userId: creditScores.userId })
    .from(creditScores)
    .where(
      and(
        lt(creditScores.score, max),
        notExists(standingDeductions(db, sql`${creditScores.userId}`, from, to)),
      ),
    )
    .orderBy(creditScores.userId);
  return rows.map((r) => r.userId);
}

/** True when the author has a standing deduction in [from, to) (re-checked under the score lock). */
export async function hasStandingDeduction(tx: Db, userId: number, from: Date, to: Date): Promise<boolean> {
  const rows = await standingDeductions(tx, userId, from, to).limit(1);
  return rows.length > 0;
}
