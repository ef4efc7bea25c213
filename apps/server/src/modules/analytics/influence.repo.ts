import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { influenceDaily, rankingDaily } from './analytics.schema.js';

/*
 * SQL of the influence index and the daily rankings (issue #12; docs/api.md "Influence index and rankings"):
 * the window figures read from the analytics rollups, and the `influence_daily` / `ranking_daily` tables, which
 * only this file writes.
 */

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** `and author_id in (…)` when `only` is given (one author's page), nothing otherwise. */
function onlyAuthors(only: readonly number[] | undefined) {
  if (!only) return sql``;
  if (only.length === 0) return sql`and false`;
  return sql`and author_id in (${sql.join(
    only.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** One author's rollup figures of a window (analytics.schema.ts `author_daily`). */
export interface WindowFigures {
  /** views + plays over the window */
  reads: number;
  /** likes + favorites + shares + comments over the window (may be < 0 before clamping) */
  interactions: number;
  plays: number;
  completedPlays: number;
  /** views + plays over the short window (the `popular` board) */
  readsShort: number;
  /** views + plays + interactions on the last day (the `hot` board) */
  engagementDay: number;
  /** the same summed over the days of the hot board's baseline */
  engagementBaseline: number;
}

/**
 * Per author, sums of `author_daily` over [start, day] with the short-window and last-day parts.
 * @param shortStart first day of the `popular` window (inclusive)
 * @param baselineStart first day of the `hot` baseline (inclusive; the baseline ends the day before `day`)
 * @param only restrict to these authors (absent: every author)
 * @returns by author id; authors without rollup rows in the window are absent
 */
export async function readWindowFigures(
  db: Db,
  start: string,
  day: string,
  shortStart: string,
  baselineStart: string,
  only?: readonly number[],
): Promise<Map<number, WindowFigures>> {
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select author_id,
        coalesce(sum(views + plays), 0) as reads,
        coalesce(sum(likes + favorites + shares + comments), 0) as interactions,
        coalesce(sum(plays), 0) as plays,
        coalesce(sum(completed_plays), 0) as completed,
        coalesce(sum(views + plays) filter (where day >= ${shortStart}), 0) as reads_short,
        coalesce(sum(views + plays + likes + favorites + shares + comments) filter (where day = ${day}), 0) as eng_day,
        coalesce(sum(views + plays + likes + favorites + shares + comments)
          filter (where day >= ${baselineStart} and day < ${day}), 0) as eng_base
      from author_daily
      where day >= ${start} and day <= ${day} ${onlyAuthors(only)}
      group by author_id`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.author_id),
      {
        reads: Number(r.reads),
        interactions: Number(r.interactions),
        plays: Number(r.plays),
        completedPlays: Number(r.completed),
        readsShort: Number(r.reads_short),
        engagementDay: Number(r.eng_day),
        engagementBaseline: Number(r.eng_base),
      },
    ]),
  );
}

/**
 * Per author, the fans total at the end of `day` (every follow minus every unfollow up to it) and the net
 * change within [start, day] (`author_fans_daily`).
 * @returns by author id; authors who never had a follow or unfollow are absent
 */
export async function readFansFigures(
  db: Db,
  start: string,
  day: string,
  only?: readonly number[],
): Promise<Map<number, { total: number; net: number }>> {
  const rows = rowsOf<{ author_id: number; total: string; net: string }>(
    await db.execute(sql`
      select author_id, coalesce(sum(gained - lost), 0) as total,
        coalesce(sum(gained - lost) filter (where day >= ${start}), 0) as net
      from author_fans_daily where day <= ${day} ${onlyAuthors(only)}
      group by author_id`),
  );
  return new Map(rows.map((r) => [Number(r.author_id), { total: Number(r.total), net: Number(r.net) }]));
}

/** Whether any author has rollup rows (works or fans) within [start, end]: nothing to compute otherwise. */
export async function hasRollups(db: Db, start: string, end: string): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(sql`select exists (select 1 from author_daily where day between ${start} and ${end})
      or exists (select 1 from author_fans_daily where day between ${start} and ${end}) as any`),
  );
  return Boolean(row?.any);
}

/** The days within [start, end] that have an index stored. */
export async function readComputedDays(db: Db, start: string, end: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ day: influenceDaily.day })
    .from(influenceDaily)
    .where(and(gte(influenceDaily.day, start), lte(influenceDaily.day, end)));
  return new Set(rows.map((r) => r.day));
}

/** A row of `influence_daily` as written. */
export type InfluenceRow = typeof influenceDaily.$inferInsert;
/** A row of `ranking_daily` as written. */
export type RankingRow = typeof rankingDaily.$inferInsert;

/** Rows per INSERT (PostgreSQL's 65,535 bind parameters; 8 columns × 2,000 stays well under). */
const CHUNK = 2000;

/**
 * Replaces the index and every board of `day` with the given rows in ONE transaction (a recomputation of a day
 * replaces its rows), under a transaction-scoped advisory lock so two computations of the influence tables (the
 * job and a catch-up, two servers) run one after the other instead of colliding on the primary keys.
 */
export async function replaceDay(
  db: Db,
  day: string,
  influence: readonly InfluenceRow[],
  rankings: readonly RankingRow[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('influence_daily'))`);
    await tx.delete(influenceDaily).where(eq(influenceDaily.day, day));
    await tx.delete(rankingDaily).where(eq(rankingDaily.day, day));
    for (let i = 0; i < influence.length; i += CHUNK) {
      await tx.insert(influenceDaily).values(influence.slice(i, i + CHUNK));
    }
    for (let i = 0; i < rankings.length; i += CHUNK) {
      await tx.insert(rankingDaily).values(rankings.slice(i, i + CHUNK));
    }
  });
}

// ---- reads of the pages ----

/** The latest day on or before `upTo` with an index stored, and when it was computed; null when none. */
export async function readLatestDay(db: Db, upTo: string): Promise<{ day: string; computedAt: Date } | null> {
  const [row] = rowsOf<{ day: string; computed_at: Date | string }>(
    await db.execute(sql`
      select day::text as day, max(computed_at) as computed_at from influence_daily
      where day = (select max(day) from influence_daily where day <= ${upTo})
      group by day`),
  );
  return row ? { day: row.day, computedAt: new Date(row.computed_at) } : null;
}

/** The stored index of one author and day, or null. */
export async function readInfluenceRow(db: Db, authorId: number, day: string) {
  const [row] = await db
    .select()
    .from(influenceDaily)
    .where(and(eq(influenceDaily.authorId, authorId), eq(influenceDaily.day, day)))
    .limit(1);
  return row ?? null;
}

/** An author's daily scores within [start, end], oldest first. */
export async function readInfluenceHistory(
  db: Db,
  authorId: number,
  start: string,
  end: string,
): Promise<{ day: string; score: number }[]> {
  return db
    .select({ day: influenceDaily.day, score: influenceDaily.score })
    .from(influenceDaily)
    .where(
      and(
        eq(influenceDaily.authorId, authorId),
        gte(influenceDaily.day, start),
        lte(influenceDaily.day, end),
      ),
    )
    .orderBy(asc(influenceDaily.day));
}

/** A place of a board with the place the day before (null when the author was not on it). */
export interface BoardEntry {
  authorId: number;
  place: number;
  value: number;
  previousPlace: number | null;
}

/**
 * A page of one board of one day, by place (then author id), with each author's place of the day before.
 * @param limit rows; `offset` rows skipped
 */
export async function readBoardPage(
  db: Db,
  board: string,
  day: string,
  previousDay: string,
  limit: number,
  offset: number,
): Promise<{ rows: BoardEntry[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.execute(sql`
      select r.author_id, r.place, r.value, p.place as previous_place
      from ranking_daily r
      left join ranking_daily p on p.board = r.board and p.day = ${previousDay} and p.author_id = r.author_id
      where r.board = ${board} and r.day = ${day}
      order by r.place, r.author_id
      limit ${limit} offset ${offset}`),
    db
      .select({ n: sql<string>`count(*)` })
      .from(rankingDaily)
      .where(and(eq(rankingDaily.board, board), eq(rankingDaily.day, day))),
  ]);
  return { rows: rowsOf<Record<string, unknown>>(rows).map(toEntry), total: Number(count?.n ?? 0) };
}

/** One author's place on one board of one day (with the day before's), or null when not on it. */
export async function readBoardEntry(
  db: Db,
  board: string,
  day: string,
  previousDay: string,
  authorId: number,
): Promise<BoardEntry | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select r.author_id, r.place, r.value, p.place as previous_place
      from ranking_daily r
      left join ranking_daily p on p.board = r.board and p.day = ${previousDay} and p.author_id = r.author_id
      where r.board = ${board} and r.day = ${day} and r.author_id = ${authorId}`),
  );
  return row ? toEntry(row) : null;
}

function toEntry(r: Record<string, unknown>): BoardEntry {
  return {
    authorId: Number(r.author_id),
    place: Number(r.place),
    value: Number(r.value),
    previousPlace:
      r.previous_place === null || r.previous_place === undefined ? null : Number(r.previous_place),
  };
}

/** When the rows of one board and day were computed (the list's `asOf`), or null. */
export async function readBoardComputedAt(db: Db, board: string, day: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${rankingDaily.computedAt})` })
    .from(rankingDaily)
    .where(and(eq(rankingDaily.board, board), eq(rankingDaily.day, day)));
  return row?.at ? new Date(row.at) : null;
}
