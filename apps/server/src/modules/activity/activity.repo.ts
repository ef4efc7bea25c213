import type { ActivityPhase, ActivityState } from '@cc/contracts';
import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, activityEntries } from './activity.schema.js';

/* Queries of the activity module's own tables (activity.schema.ts). */

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivityRow = typeof activities.$inferInsert;
export type EntryRow = typeof activityEntries.$inferSelect;

/** States an author can see. */
export const VISIBLE_STATES: ActivityState[] = ['published', 'closed', 'announced'];

/** One activity, optionally locked for the rest of the transaction. */
export async function findActivity(
  db: Db,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ActivityRow | undefined> {
  const q = db.select().from(activities).where(eq(activities.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** Inserts an activity (a draft, issue #15 "Activities"). @returns the stored row with its id */
export async function insertActivity(db: Db, row: NewActivityRow): Promise<ActivityRow> {
  const [out] = await db.insert(activities).values(row).returning();
  return out!;
}

/** Updates an activity only while it is in `from` (a state transition or a draft's edit). @returns the row, or undefined when it was not in `from` */
export async function updateActivityIn(
  db: Db,
  id: number,
  from: ActivityState,
  set: Partial<NewActivityRow>,
): Promise<ActivityRow | undefined> {
  const [row] = await db
    .update(activities)
    .set(set)
    .where(and(eq(activities.id, id), eq(activities.state, from)))
    .returning();
  return row;
}

/** Closes every published activity whose entry window ended by `now`. @returns how many */
export async function closeDue(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(activities)
    .set({ state: 'closed', closedAt: now })
    .where(and(eq(activities.state, 'published'), lte(activities.endsAt, now)))
    .returning({ id: activities.id });
  return rows.length;
}

function phaseWhere(phase: ActivityPhase | undefined, now: Date): SQL | undefined {
  if (phase === 'upcoming') return and(eq(activities.state, 'published'), gt(activities.startsAt, now));
  if (phase === 'open')
    return and(eq(activities.state, 'published'), lte(activities.startsAt, now), gt(activities.endsAt, now));
  if (phase === 'ended')
    return or(
      inArray(activities.state, ['closed', 'announced']),
      and(eq(activities.state, 'published'), lte(activities.endsAt, now)),
    );
  return undefined;
}

/** Visible activities by phase (and only those `joinedBy` entered), open first then upcoming then ended. */
export async function listVisible(
  db: Db,
  q: { phase?: ActivityPhase; joinedBy?: number; now: Date; page: number; pageSize: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const where = and(
    inArray(activities.state, VISIBLE_STATES),
    phaseWhere(q.phase, q.now),
    q.joinedBy === undefined
      ? undefined
      : sql`exists (select 1 from ${activityEntries} e where e.activity_id = ${activities.id} and e.user_id = ${q.joinedBy})`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(where)
      .orderBy(desc(activities.endsAt), desc(activities.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Every activity for operators, newest first. */
export async function listAll(
  db: Db,
  q: { state?: ActivityState; page: number; pageSize: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const where = q.state ? eq(activities.state, q.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(where)
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Entry counts per activity: all, and `userId`'s. */
export async function entryCounts(
  db: Db,
  ids: number[],
  userId: number | null,
): Promise<Map<number, { all: number; mine: number }>> {
  const out = new Map<number, { all: number; mine: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: activityEntries.activityId,
      all: count(),
      mine: sql<number>`count(*) filter (where ${activityEntries.userId} = ${userId ?? 0})`,
    })
    .from(activityEntries)
    .where(inArray(activityEntries.activityId, ids))
    .groupBy(activityEntries.activityId);
  for (const r of rows) out.set(r.id, { all: Number(r.all), mine: Number(r.mine) });
  return out;
}

/** Every entry of an activity, oldest first. */
export async function entriesOf(db: Db, activityId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(activityEntries)
    .where(eq(activityEntries.activityId, activityId))
    .orderBy(asc(activityEntries.createdAt), asc(activityEntries.id));
}

/** One entry by id, whoever owns it (the service checks the author: 10006). @returns the row, or undefined */
export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(activityEntries).where(eq(activityEntries.id, id));
  return row;
}

/** Inserts an entry unless the work is already entered. @returns the row, or undefined when it was */
export async function insertEntry(
  db: Db,
  row: typeof activityEntries.$inferInsert,
): Promise<EntryRow | undefined> {
  const [out] = await db.insert(activityEntries).values(row).onConflictDoNothing().returning();
  return out;
}

/** Deletes an entry (the author's withdrawal before entry closes; the service checks state and owner). */
export async function deleteEntry(db: Db, id: number): Promise<void> {
  await db.delete(activityEntries).where(eq(activityEntries.id, id));
}

/** Updates an entry's columns (disqualification, the frozen rank and numbers at announce). @returns the row, or undefined when the id is unknown */
export async function updateEntry(
  db: Db,
  id: number,
  set: Partial<typeof activityEntries.$inferInsert>,
): Promise<EntryRow | undefined> {
  const [row] = await db.update(activityEntries).set(set).where(eq(activityEntries.id, id)).returning();
  return row;
}
