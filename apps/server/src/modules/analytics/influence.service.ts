import {
  CAR_BUYING_FIELDS,
  CREDIT_MAX,
  HOT_PRIOR,
  INFLUENCE_CATCH_UP_DAYS,
  INFLUENCE_COMPONENT_MAX,
  INFLUENCE_COMPONENTS,
  INFLUENCE_FORMULA_VERSION,
  INFLUENCE_HISTORY_DAYS,
  INFLUENCE_WINDOW_DAYS,
  type InfluenceComponentKey,
  type InfluenceIndex,
  type InfluenceInputs,
  influenceIndex,
  RANK_BOARD_RULES,
  RANK_BOARDS,
  RANK_SHORT_WINDOW_DAYS,
  type RankBoard,
  type RankList,
  type RankValueUnit,
} from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Db } from '../../db/client.js';
import { readCreditScoresAt } from '../../read-models/credit-scores.js';
import {
  readCarSeriesEngagement,
  readRankAuthors,
  readReviewFacts,
  type RankAuthor,
} from '../../read-models/influence-facts.js';
import { avatarTemplate } from '../user/user.service.js';
import { addDays, dayIn, rate } from './analytics.rules.js';
import * as repo from './influence.repo.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * The influence index and the daily rankings (issue #12 `exponent`, `manage/influenceIndex`, `rank`, the
 * `exponent/*` and `rank/*` boards; docs/decisions/0009-influence-index.md; docs/api.md "Influence index and
 * rankings"). Once a day, for the day just closed, every author with data gets an index from the published
 * formula (`influenceIndex` of the contracts) and a place on each board they qualify for; the pages read what
 * was stored, so every author sees the same ranking all day.
 */

/** The settings the computation needs (config `reportTz`). */
export interface InfluenceOptions {
  /** IANA time zone of a data day */
  reportTz: string;
}

/** The days a computation of `day` reads (inclusive `YYYY-MM-DD`). */
export interface InfluenceWindow {
  /** first day of the 30-day window of the index (and of `carBuying`, `video`) */
  start: string;
  /** first day of the 7-day window of `popular` */
  shortStart: string;
  /** first day of the `hot` baseline, the 7 days before `day` */
  baselineStart: string;
}

/** The windows of the index of `day`: 30 days ending `day`, 7 days ending `day`, the 7 days before `day`. */
export function influenceWindow(day: string): InfluenceWindow {
  return {
    start: addDays(day, -(INFLUENCE_WINDOW_DAYS - 1)),
    shortStart: addDays(day, -(RANK_SHORT_WINDOW_DAYS - 1)),
    baselineStart: addDays(day, -RANK_SHORT_WINDOW_DAYS),
  };
}

/** Everything the index and the boards need of one author for one day. */
export interface AuthorFigures {
  inputs: InfluenceInputs;
  /** views + plays over the 7 days ending the day (`popular`) */
  readsShort: number;
  /** views + plays + interactions on the day, ≥ 0 (`hot`) */
  engagementDay: number;
  /** the daily average of the same over the 7 days before, ≥ 0 (`hot`) */
  engagementBaseline: number;
  /** views + plays + interactions of works tied to car series over the window, ≥ 0 (`carBuying`) */
  carEngagement: number;
  /** plays + completed plays of videos over the window (`video`) */
  effectivePlays: number;
  author: RankAuthor;
}

/**
 * Reads the figures of every author with data for the index of `day` (issue #12): rollup rows or fans within
 * the window, a fans total above 0, or works published or refused in the window. Authors who are no longer
 * authors (deleted users) are left out.
 * @param only restrict to these authors (one author's page); every author when absent
 * @returns by author id
 */
export async function gatherInfluenceFigures(
  db: Db,
  day: string,
  opts: InfluenceOptions,
  only?: readonly number[],
): Promise<Map<number, AuthorFigures>> {
  const w = influenceWindow(day);
  const [windowFigures, fans, review, car] = await Promise.all([
    repo.readWindowFigures(db, w.start, day, w.shortStart, w.baselineStart, only),
    repo.readFansFigures(db, w.start, day, only),
    readReviewFacts(db, w.start, day, opts.reportTz, only),
    readCarSeriesEngagement(db, w.start, day, only),
  ]);
  const candidates = new Set<number>([...windowFigures.keys(), ...review.keys()]);
  for (const [id, f] of fans) if (f.total !== 0 || f.net !== 0) candidates.add(id);
  // issue #14: the credit score as it stood at the end of `day` (REPORT_TZ), one query for every author of the run
  const [authors, credit] = await Promise.all([
    readRankAuthors(db, [...candidates]),
    readCreditScoresAt(db, [...candidates], dayjs.tz(addDays(day, 1), opts.reportTz).toDate()),
  ]);
  const out = new Map<number, AuthorFigures>();
  for (const id of candidates) {
    const author = authors.get(id);
    if (!author) continue;
    const f = windowFigures.get(id);
    const r = review.get(id) ?? { works: 0, activeDays: 0, rejected: 0 };
    const fan = fans.get(id) ?? { total: 0, net: 0 };
    const reviewed = r.works + r.rejected;
    out.set(id, {
      inputs: {
        works: r.works,
        activeDays: r.activeDays,
        reads: Math.max(0, f?.reads ?? 0),
        interactions: Math.max(0, f?.interactions ?? 0),
        completionRate: rate(f?.completedPlays ?? 0, f?.plays ?? 0),
        fansTotal: Math.max(0, fan.total),
        fansNet: fan.net,
        passRate: reviewed > 0 ? 1 - r.rejected / reviewed : 1,
        // issue #14 "Credit score": score / 100 multiplies the credibility term (100 → no deduction)
        creditFactor: (credit.get(id) ?? CREDIT_MAX) / CREDIT_MAX,
      },
      readsShort: Math.max(0, f?.readsShort ?? 0),
      engagementDay: Math.max(0, f?.engagementDay ?? 0),
      engagementBaseline: Math.max(0, f?.engagementBaseline ?? 0) / RANK_SHORT_WINDOW_DAYS,
      carEngagement: car.get(id) ?? 0,
      effectivePlays: (f?.plays ?? 0) + (f?.completedPlays ?? 0),
      author,
    });
  }
  return out;
}

/** One author's standing on a board before places are given. */
export interface BoardCandidate {
  authorId: number;
  /** the board's value, rounded as answered */
  value: number;
  /** the tie-break after `value` (the `safe` board: the index); 0 elsewhere */
  second: number;
}

/**
 * Places of a board (standard competition ranking, "1224"): by `value` then `second`, both descending; equal
 * pairs share a place and the next place skips; equal authors are listed by id.
 * @returns the candidates with their places, in place order
 */
export function placeBoard(candidates: readonly BoardCandidate[]): (BoardCandidate & { place: number })[] {
  const sorted = [...candidates].sort(
    (a, b) => b.value - a.value || b.second - a.second || a.authorId - b.authorId,
  );
  const out: (BoardCandidate & { place: number })[] = [];
  sorted.forEach((c, i) => {
    const prev = out[i - 1];
    const tied = prev && prev.value === c.value && prev.second === c.second;
    out.push({ ...c, place: tied ? prev.place : i + 1 });
  });
  return out;
}

/** A board value as answered: scores to 0.1, growth and shares to 4 decimals, counts whole. */
export function roundBoardValue(unit: RankValueUnit, value: number): number {
  if (unit === 'points') return Math.round(value * 10) / 10;
  if (unit === 'count') return Math.round(value);
  return Math.round(value * 10_000) / 10_000;
}

const UNIT_OF = new Map(RANK_BOARD_RULES.map((r) => [r.board, r.unit]));
/** The value unit of a board (`RANK_BOARD_RULES`). */
export const boardUnit = (board: RankBoard): RankValueUnit => UNIT_OF.get(board) ?? 'count';

/**
 * The candidates of every board from the day's figures and scores (definitions: contracts `RANK_BOARD_RULES`,
 * docs/api.md "Influence index and rankings"). Who is on which board:
 * `influence` everyone; `leader` certified authors; `hot` authors with engagement on the day; `popular` authors
 * with reads in the 7 days; `safe` everyone; `carBuying` authors with engagement on car-series works whose field
 * (if any) is a buying guide or car review; `video` authors with video plays.
 */
export function boardCandidates(
  figures: ReadonlyMap<number, AuthorFigures>,
  scores: ReadonlyMap<number, number>,
): Record<RankBoard, BoardCandidate[]> {
  const boards = Object.fromEntries(RANK_BOARDS.map((b) => [b, [] as BoardCandidate[]])) as Record<
    RankBoard,
    BoardCandidate[]
  >;
  const add = (board: RankBoard, authorId: number, value: number, second = 0) =>
    boards[board].push({ authorId, value: roundBoardValue(boardUnit(board), value), second });
  for (const [id, f] of figures) {
    const score = scores.get(id) ?? 0;
    add('influence', id, score);
    if (f.author.certified) add('leader', id, score);
    if (f.engagementDay > 0) {
      add('hot', id, (f.engagementDay + HOT_PRIOR) / (f.engagementBaseline + HOT_PRIOR) - 1);
    }
    if (f.readsShort > 0) add('popular', id, f.readsShort);
    add('safe', id, f.inputs.passRate * (f.inputs.creditFactor ?? 1), score);
    const fieldOk =
      f.author.field === null || (CAR_BUYING_FIELDS as readonly string[]).includes(f.author.field);
    if (fieldOk && f.carEngagement > 0) add('carBuying', id, f.carEngagement);
    if (f.effectivePlays > 0) add('video', id, f.effectivePlays);
  }
  return boards;
}

/** What one computation stored. */
export interface InfluenceRun {
  day: string;
  /** authors given an index */
  authors: number;
  /** authors placed on each board */
  boards: Record<RankBoard, number>;
}

/**
 * Computes the influence index of every author with data for `day` and the day's places on every board, and
 * stores them, replacing whatever `day` had (idempotent: a recomputation replaces the day's rows, in one
 * transaction). Reads the rollups as they are now (events may still arrive up to 7 days late, API.md §10: a
 * recomputation picks them up).
 * @param day a closed `REPORT_TZ` day (`YYYY-MM-DD`)
 * @param now the computation's time (`computed_at`, the pages' `asOf`)
 */
export async function computeInfluence(
  db: Db,
  day: string,
  now: Date,
  opts: InfluenceOptions,
): Promise<InfluenceRun> {
  const figures = await gatherInfluenceFigures(db, day, opts);
  const scores = new Map<number, number>();
  const influenceRows: repo.InfluenceRow[] = [];
  for (const [authorId, f] of figures) {
    const result = influenceIndex(f.inputs);
    scores.set(authorId, result.score);
    const points = (key: InfluenceComponentKey) => result.components.find((c) => c.key === key)?.points ?? 0;
    influenceRows.push({
      authorId,
      day,
      score: result.score,
      creation: points('creation'),
      engagement: points('engagement'),
      fans: points('fans'),
      credibility: points('credibility'),
      computedAt: now,
    });
  }
  const candidates = boardCandidates(figures, scores);
  const rankingRows: repo.RankingRow[] = [];
  const counts = {} as Record<RankBoard, number>;
  for (const board of RANK_BOARDS) {
    const placed = placeBoard(candidates[board]);
    counts[board] = placed.length;
    for (const p of placed) {
      rankingRows.push({ board, day, authorId: p.authorId, place: p.place, value: p.value, computedAt: now });
    }
  }
  await repo.replaceDay(db, day, influenceRows, rankingRows);
  return { day, authors: influenceRows.length, boards: counts };
}

/**
 * The `influence-daily` job (jobs/index.ts): at 00:10 `REPORT_TZ` it computes yesterday (always, so events that
 * arrived late the day before are in); with `catchUp` (at start) it computes the days of the last
 * `INFLUENCE_CATCH_UP_DAYS` that have no index yet, if any rollup lies in their windows.
 * @returns the runs done, oldest first
 */
export async function runInfluenceDaily(
  db: Db,
  now: Date,
  opts: InfluenceOptions,
  mode: { catchUp: boolean },
): Promise<InfluenceRun[]> {
  const yesterday = addDays(dayIn(now, opts.reportTz), -1);
  const first = addDays(yesterday, -(INFLUENCE_CATCH_UP_DAYS - 1));
  const days: string[] = [];
  if (mode.catchUp) {
    if (!(await repo.hasRollups(db, addDays(first, -(INFLUENCE_WINDOW_DAYS - 1)), yesterday))) return [];
    const done = await repo.readComputedDays(db, first, yesterday);
    for (let d = first; d <= yesterday; d = addDays(d, 1)) if (!done.has(d)) days.push(d);
  } else {
    days.push(yesterday);
  }
  const runs: InfluenceRun[] = [];
  for (const day of days) runs.push(await computeInfluence(db, day, now, opts));
  return runs;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * `GET /api/influence/index` (docs/api.md "Influence index and rankings"): the author's index of the latest
 * computed day up to yesterday, its four components as stored (what the boards rank by) with each component's
 * terms recomputed from that day's figures as they read now, and the scores of the 90 days ending that day.
 * Before any computation: `day` and `score` null, `asOf` now.
 */
export async function readInfluenceIndex(
  db: Db,
  authorId: number,
  now: Date,
  opts: InfluenceOptions,
): Promise<InfluenceIndex> {
  const yesterday = addDays(dayIn(now, opts.reportTz), -1);
  const latest = await repo.readLatestDay(db, yesterday);
  if (!latest) {
    return {
      asOf: now.toISOString(),
      day: null,
      score: null,
      components: [],
      history: [],
      formulaVersion: INFLUENCE_FORMULA_VERSION,
    };
  }
  const { day } = latest;
  const [row, history] = await Promise.all([
    repo.readInfluenceRow(db, authorId, day),
    repo.readInfluenceHistory(db, authorId, addDays(day, -(INFLUENCE_HISTORY_DAYS - 1)), day),
  ]);
  const base = {
    day,
    history: history.map((h) => ({ day: h.day, score: round1(h.score) })),
    formulaVersion: INFLUENCE_FORMULA_VERSION,
  };
  if (!row) return { ...base, asOf: latest.computedAt.toISOString(), score: null, components: [] };
  const figures = (await gatherInfluenceFigures(db, day, opts, [authorId])).get(authorId);
  const live = figures ? influenceIndex(figures.inputs) : null;
  const stored: Record<InfluenceComponentKey, number> = {
    creation: row.creation,
    engagement: row.engagement,
    fans: row.fans,
    credibility: row.credibility,
  };
  return {
    ...base,
    asOf: row.computedAt.toISOString(),
    score: round1(row.score),
    components: INFLUENCE_COMPONENTS.map((key) => {
      const c = live?.components.find((x) => x.key === key);
      return {
        key,
        points: round1(stored[key]),
        max: INFLUENCE_COMPONENT_MAX[key],
        terms: (c?.terms ?? []).map((t) => ({ ...t, value: roundTermValue(t.value) })),
      };
    }),
  };
}

/** A term's input as answered: counts whole, shares to 4 decimals. */
function roundTermValue(v: number): number {
  return Number.isInteger(v) ? v : Math.round(v * 10_000) / 10_000;
}

/**
 * `GET /api/rank/list` (docs/api.md "Influence index and rankings"): a page of `board` of the latest computed day
 * up to yesterday, by place, with each author's movement since the day before (positive = up, null = new), and
 * the signed-in author's own place (`mine`, null when not on the board). Before any computation: an empty list,
 * `day` null.
 */
export async function readRankList(
  db: Db,
  authorId: number,
  q: { board: RankBoard; page: number; pageSize: number },
  now: Date,
  opts: InfluenceOptions,
): Promise<RankList> {
  const yesterday = addDays(dayIn(now, opts.reportTz), -1);
  const latest = await repo.readLatestDay(db, yesterday);
  const empty = { board: q.board, page: q.page, pageSize: q.pageSize };
  if (!latest) return { ...empty, list: [], total: 0, day: null, asOf: now.toISOString(), mine: null };
  const { day } = latest;
  const previous = addDays(day, -1);
  const [page, mine, computedAt] = await Promise.all([
    repo.readBoardPage(db, q.board, day, previous, q.pageSize, (q.page - 1) * q.pageSize),
    repo.readBoardEntry(db, q.board, day, previous, authorId),
    repo.readBoardComputedAt(db, q.board, day),
  ]);
  const authors = await readRankAuthors(
    db,
    page.rows.map((r) => r.authorId),
  );
  const unit = boardUnit(q.board);
  const movement = (e: repo.BoardEntry) => (e.previousPlace === null ? null : e.previousPlace - e.place);
  return {
    ...empty,
    day,
    asOf: (computedAt ?? latest.computedAt).toISOString(),
    total: page.total,
    list: page.rows.map((r) => {
      const a = authors.get(r.authorId);
      return {
        place: r.place,
        authorId: r.authorId,
        mediaName: a?.mediaName ?? '',
        ...(a ? { avatarUrl: avatarTemplate(a.avatarKey) } : {}),
        value: roundBoardValue(unit, r.value),
        movement: movement(r),
      };
    }),
    mine: mine
      ? { place: mine.place, value: roundBoardValue(unit, mine.value), movement: movement(mine) }
      : null,
  };
}
