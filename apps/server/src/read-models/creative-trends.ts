import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only): the engagement of
 * works for the creative trends and topic pages (issue #12 `creativeHot`, `creativeInterest`, `topic`; docs/api.md
 * "Creative trends and topics"). Raw reader events and the work rollup (analytics module) joined with `contents`
 * (content module: title, `car_series_ids`, `topic_id`, status) and `topics` (topic module).
 *
 * Engagement = views + plays + likes + favorites + shares as API.md §11 counts them: from the raw events, every
 * effective event of those types counts 1 and an effective unlike / unfavorite −1; from the rollup, the sum of its
 * five columns. Deleted works are left out: their titles and tags are no longer the author's to show.
 */

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** The engagement expression of a `work_daily` row aliased `w`. */
const ROLLUP_ENGAGEMENT = sql.raw('(w.views + w.plays + w.likes + w.favorites + w.shares)');

/** A `jsonb` of numbers keyed by point (`{"0": 3, "5": 1}`) as a dense array of `points` numbers. */
function denseOf(value: unknown, keys: readonly string[]): number[] {
  const obj = (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;
  return keys.map((k) => Number(obj[k] ?? 0));
}

/** A work's facts and engagement for the trends. */
export interface TrendWork {
  contentId: number;
  title: string;
  /** catalogue series ids the work carries */
  carSeriesIds: number[];
  engagement: number;
  /** the window before (interest); 0 for hot */
  previous: number;
  /** engagement per point: 24 hours (hot) or 14 days (interest), oldest first */
  points: number[];
}

function seriesIdsOf(value: unknown): number[] {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(raw) ? raw.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
}

/**
 * Every work readers engaged with in the window `(from, to]`, with its engagement per hour (`creative/hot`):
 * read from the raw events (exact to the second), only the day partitions the window touches.
 * @param fromDay the `REPORT_TZ` day of `from`; `toDay` that of `to` (the partitions to read)
 * @param hours the window's length in hours; point i covers `(from + i h, from + (i + 1) h]`
 */
export async function readHotWorks(
  db: Db,
  window: { from: Date; to: Date; fromDay: string; toDay: string; hours: number },
): Promise<TrendWork[]> {
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const result = await db.execute(sql`
    with h as (
      select e.content_id,
        least(${window.hours - 1}, greatest(0,
          ceil(extract(epoch from (e.at - ${from}::timestamptz)) / 3600.0)::int - 1)) as hour,
        sum(case when e.type in ('unlike', 'unfavorite') then -1 else 1 end)::int as eng
      from reader_events e
      where e.day >= ${window.fromDay}::date and e.day <= ${window.toDay}::date
        and e.at > ${from}::timestamptz and e.at <= ${to}::timestamptz
        and e.effective and e.content_id is not null
        and e.type in ('view', 'play', 'like', 'unlike', 'favorite', 'unfavorite', 'share')
      group by 1, 2
    )
    select c.id, c.title, c.car_series_ids, sum(h.eng)::int as engagement,
      jsonb_object_agg(h.hour::text, h.eng) as points
    from h join contents c on c.id = h.content_id
    where c.status <> 'deleted'
    group by c.id, c.title, c.car_series_ids`);
  const keys = Array.from({ length: window.hours }, (_, i) => String(i));
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    contentId: Number(r.id),
    title: String(r.title),
    carSeriesIds: seriesIdsOf(r.car_series_ids),
    engagement: Number(r.engagement),
    previous: 0,
    points: denseOf(r.points, keys),
  }));
}

/**
 * Every work with engagement in `[prevStart, end]` (`creative/interest`), from the work rollup: its engagement in
 * `[start, end]`, in `[prevStart, start)`, and per day over the whole span.
 * @param days every day of `[prevStart, end]`, ascending (`YYYY-MM-DD`): the points
 */
export async function readInterestWorks(
  db: Db,
  span: { prevStart: string; start: string; end: string; days: readonly string[] },
): Promise<TrendWork[]> {
  const result = await db.execute(sql`
    with d as (
      select w.content_id, w.day, ${ROLLUP_ENGAGEMENT} as eng
      from work_daily w
      where w.day >= ${span.prevStart}::date and w.day <= ${span.end}::date
    )
    select c.id, c.title, c.car_series_ids,
      coalesce(sum(d.eng) filter (where d.day >= ${span.start}::date), 0)::int as engagement,
      coalesce(sum(d.eng) filter (where d.day < ${span.start}::date), 0)::int as previous,
      jsonb_object_agg(d.day::text, d.eng) as points
    from d join contents c on c.id = d.content_id
    where c.status <> 'deleted'
    group by c.id, c.title, c.car_series_ids`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    contentId: Number(r.id),
    title: String(r.title),
    carSeriesIds: seriesIdsOf(r.car_series_ids),
    engagement: Number(r.engagement),
    previous: Number(r.previous),
    points: denseOf(r.points, span.days),
  }));
}
