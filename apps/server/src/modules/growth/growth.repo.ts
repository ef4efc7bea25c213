import type { PointSource, TaskKind } from '@cc/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  growthAccounts,
  growthDaily,
  growthDays,
  growthGradeHistory,
  growthPoints,
  growthTaskClaims,
  growthTasks,
} from './growth.schema.js';

/* Queries of the growth module's own tables (growth.schema.ts). */

export type TaskRow = typeof growthTasks.$inferSelect;
export type NewTaskRow = typeof growthTasks.$inferInsert;
export type ClaimRow = typeof growthTaskClaims.$inferSelect;
export type AccountRow = typeof growthAccounts.$inferSelect;
export type DailyRow = typeof growthDaily.$inferSelect;
export type HistoryRow = typeof growthGradeHistory.$inferSelect;

// ---- tasks ----

/** Inserts a task unless its code exists. @returns true when inserted */
export async function insertTaskIfMissing(db: Db, row: NewTaskRow): Promise<boolean> {
  const inserted = await db
    .insert(growthTasks)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: growthTasks.id });
  return inserted.length > 0;
}

/** Active tasks in the operators' order (then id). */
export async function findActiveTasks(db: Db): Promise<TaskRow[]> {
  return db
    .select()
    .from(growthTasks)
    .where(eq(growthTasks.active, true))
    .orderBy(asc(growthTasks.sortOrder), asc(growthTasks.id));
}

/** One task definition by id; `forUpdate` locks its row until the transaction ends. Undefined when none. */
export async function findTaskById(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(growthTasks).where(eq(growthTasks.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** One task definition by its unique code (e.g. `newcomer_first_article`), or undefined. */
export async function findTaskByCode(db: Db, code: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(growthTasks).where(eq(growthTasks.code, code)).limit(1);
  return row;
}

/** A page of tasks (operators) with their claim counts, in order. */
export async function listTasks(
  db: Db,
  filter: { kind?: TaskKind; active?: boolean },
  page: number,
  pageSize: number,
): Promise<{ rows: (TaskRow & { claims: number })[]; total: number }> {
  const where = and(
    filter.kind ? eq(growthTasks.kind, filter.kind) : undefined,
    filter.active !== undefined ? eq(growthTasks.active, filter.active) : undefined,
  );
  const [totalRow] = await db.select({ n: count() }).from(growthTasks).where(where);
  const rows = await db
    .select()
    .from(growthTasks)
    .where(where)
    .orderBy(asc(growthTasks.sortOrder), asc(growthTasks.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const counts = await countClaimsByTask(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...r, claims: counts.get(r.id) ?? 0 })), total: totalRow?.n ?? 0 };
}

/** Claims per task id (every period). */
export async function countClaimsByTask(db: Db, taskIds: readonly number[]): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .select({ taskId: growthTaskClaims.taskId, n: count() })
    .from(growthTaskClaims)
    .where(inArray(growthTaskClaims.taskId, [...taskIds]))
    .groupBy(growthTaskClaims.taskId);
  return new Map(rows.map((r) => [r.taskId, r.n]));
}

/** Inserts a task definition. @throws the driver's unique violation (23505) when the code is taken */
export async function insertTask(db: Db, row: NewTaskRow): Promise<TaskRow> {
  const [inserted] = await db.insert(growthTasks).values(row).returning();
  return inserted!;
}

/** Changes the given fields of a task definition; undefined when there is no such id. */
export async function updateTask(
  db: Db,
  id: number,
  fields: Partial<NewTaskRow>,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(growthTasks)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(growthTasks.id, id))
    .returning();
  return row;
}

// ---- claims ----

/** The author's claims of the given (task, period) pairs. */
export async function findClaims(
  db: Db,
  userId: number,
  pairs: readonly { taskId: number; period: string }[],
): Promise<ClaimRow[]> {
  if (pairs.length === 0) return [];
  const match = sql.join(
    pairs.map(
      (p) => sql`(${growthTaskClaims.taskId} = ${p.taskId} and ${growthTaskClaims.period} = ${p.period})`,
    ),
    sql` or `,
  );
  return db
    .select()
    .from(growthTaskClaims)
    .where(and(eq(growthTaskClaims.userId, userId), sql`(${match})`));
}

/** The author's claim of a task in a period (`once`, `2026-W48`, `2026-11`), or undefined. */
export async function findClaim(db: Db, userId: number, taskId: number, period: string) {
  const [row] = await db
    .select()
    .from(growthTaskClaims)
    .where(
      and(
        eq(growthTaskClaims.userId, userId),
        eq(growthTaskClaims.taskId, taskId),
        eq(growthTaskClaims.period, period),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Inserts a claim unless (author, task, period) is claimed (the unique key decides, also between concurrent claims).
 * @returns the new row, or undefined when it was claimed already
 */
export async function insertClaim(
  db: Db,
  row: typeof growthTaskClaims.$inferInsert,
): Promise<ClaimRow | undefined> {
  const [inserted] = await db.insert(growthTaskClaims).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Records the coupon a claim granted (`coupons.id`). */
export async function setClaimCoupon(db: Db, claimId: number, couponId: number): Promise<void> {
  await db.update(growthTaskClaims).set({ couponId }).where(eq(growthTaskClaims.id, claimId));
}

// ---- the ledger and the account ----

/** Creates the author's account if missing and locks it (FOR UPDATE) until the transaction ends. */
export async function lockAccount(tx: Db, userId: number): Promise<AccountRow> {
  await tx.insert(growthAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(growthAccounts).where(eq(growthAccounts.userId, userId)).for('update');
  return row!;
}

/** The author's growth account (points total, written and floor grades), without locking; undefined if none. */
export async function findAccount(db: Db, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(growthAccounts).where(eq(growthAccounts.userId, userId)).limit(1);
  return row;
}

/**
 * Adds one ledger entry unless the author has its key.
 * @returns the points added (0 when the key existed)
 */
export async function insertPoints(
  tx: Db,
  row: {
    userId: number;
    points: number;
    source: PointSource;
    ref: string;
    key: string;
    day: string;
    createdAt: Date;
  },
): Promise<number> {
  const [inserted] = await tx
    .insert(growthPoints)
    .values(row)
    .onConflictDoNothing()
    .returning({ points: growthPoints.points });
  return inserted?.points ?? 0;
}

/** Moves the account's points by `delta` (the caller holds its lock). @returns the new total */
export async function addAccountPoints(tx: Db, userId: number, delta: number): Promise<number> {
  const [row] = await tx
    .update(growthAccounts)
    .set({ points: sql`${growthAccounts.points} + ${delta}`, updatedAt: new Date() })
    .where(eq(growthAccounts.userId, userId))
    .returning({ points: growthAccounts.points });
  return row!.points;
}

/** Sets the grade the module last wrote to `users.grade` and the operator's floor (null: none), in the caller's transaction. */
export async function setAccountGrades(
  tx: Db,
  userId: number,
  fields: { writtenGrade: number; floorGrade: number | null },
): Promise<void> {
  await tx
    .update(growthAccounts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(growthAccounts.userId, userId));
}

/** The sum of the author's ledger (the account's `points` must equal it). */
export async function sumPoints(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${growthPoints.points}), 0)` })
    .from(growthPoints)
    .where(eq(growthPoints.userId, userId));
  return Number(row?.n ?? 0);
}

/** Points per day and source within [start, end] (days), oldest first. */
export async function pointsByDaySource(db: Db, userId: number, start: string, end: string) {
  const rows = await db
    .select({
      day: growthPoints.day,
      source: growthPoints.source,
      n: sql<string>`sum(${growthPoints.points})`,
    })
    .from(growthPoints)
    .where(and(eq(growthPoints.userId, userId), gte(growthPoints.day, start), lte(growthPoints.day, end)))
    .groupBy(growthPoints.day, growthPoints.source)
    .orderBy(asc(growthPoints.day));
  return rows.map((r) => ({ day: r.day, source: r.source, points: Number(r.n) }));
}

/** Points per day of every day with points since `start` (inclusive), and the total before it. */
export async function pointsTrend(db: Db, userId: number, start: string) {
  const [before] = await db
    .select({ n: sql<string>`coalesce(sum(${growthPoints.points}), 0)` })
    .from(growthPoints)
    .where(and(eq(growthPoints.userId, userId), sql`${growthPoints.day} < ${start}::date`));
  const rows = await db
    .select({ day: growthPoints.day, n: sql<string>`sum(${growthPoints.points})` })
    .from(growthPoints)
    .where(and(eq(growthPoints.userId, userId), gte(growthPoints.day, start)))
    .groupBy(growthPoints.day)
    .orderBy(asc(growthPoints.day));
  return { before: Number(before?.n ?? 0), days: rows.map((r) => ({ day: r.day, points: Number(r.n) })) };
}

// ---- the daily rows and the days done ----

/** Inserts the day's row unless it exists. @returns true when inserted */
export async function insertDaily(tx: Db, row: typeof growthDaily.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(growthDaily)
    .values(row)
    .onConflictDoNothing()
    .returning({ day: growthDaily.day });
  return inserted.length > 0;
}

/** The author's per-day points rows from `start` to `end` (`YYYY-MM-DD`, REPORT_TZ days, inclusive), oldest first. */
export async function findDailyRows(db: Db, userId: number, start: string, end: string): Promise<DailyRow[]> {
  return db
    .select()
    .from(growthDaily)
    .where(and(eq(growthDaily.userId, userId), gte(growthDaily.day, start), lte(growthDaily.day, end)))
    .orderBy(asc(growthDaily.day));
}

/** Which of `days` the daily job has finished. */
export async function findDoneDays(db: Db, days: readonly string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await db
    .select({ day: growthDays.day })
    .from(growthDays)
    .where(inArray(growthDays.day, [...days]));
  return new Set(rows.map((r) => r.day));
}

/** Marks `day` (`YYYY-MM-DD`) as computed by the daily job for `authors` authors at `at`; a repeat changes nothing. */
export async function insertDoneDay(db: Db, day: string, authors: number, at: Date): Promise<void> {
  await db.insert(growthDays).values({ day, authors, computedAt: at }).onConflictDoNothing();
}

/** The last day the daily job finished, or null. */
export async function lastDoneDay(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ day: growthDays.day })
    .from(growthDays)
    .orderBy(desc(growthDays.day))
    .limit(1);
  return row?.day ?? null;
}

// ---- grade history ----

/** Appends one grade change to the author's history. */
export async function insertHistory(tx: Db, row: typeof growthGradeHistory.$inferInsert): Promise<void> {
  await tx.insert(growthGradeHistory).values(row);
}

/** The author's grade changes, newest first. */
export async function findHistory(db: Db, userId: number, limit: number): Promise<HistoryRow[]> {
  return db
    .select()
    .from(growthGradeHistory)
    .where(eq(growthGradeHistory.userId, userId))
    .orderBy(desc(growthGradeHistory.createdAt), desc(growthGradeHistory.id))
    .limit(limit);
}
