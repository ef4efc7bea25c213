import {
  COMPLETION_SHARE,
  EARLY_EXIT_MS,
  type ContentType,
  type EventSource,
  type EventType,
} from '@cc/contracts';

/*
 * The pure rules of reader events (API.md §10–§11, issue #12): the REPORT_TZ day of an instant, the state
 * rules of like/favorite/follow, and how a batch folds into the rollups. No database here, so the reconciliation
 * test can hold the SQL rollups against these same definitions and the unit tests can state each rule.
 */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day of `at` in the time zone `tz` (API.md §10 "a day is a calendar day in REPORT_TZ").
 * @param tz an IANA time zone (config `reportTz`)
 * @returns `YYYY-MM-DD`
 */
export function dayIn(at: Date, tz: string): string {
  let f = dayFormatters.get(tz);
  if (!f) {
    // en-CA formats a date as YYYY-MM-DD
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(tz, f);
  }
  return f.format(at);
}

/** `day` plus `n` calendar days (`YYYY-MM-DD`, n may be negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `a` to `b` (`b − a`, calendar days). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The kind of state an event type toggles, and to what (API.md §10 state rules); null for the others. */
export function stateChangeOf(
  type: EventType,
): { kind: 'like' | 'favorite' | 'follow'; active: boolean } | null {
  switch (type) {
    case 'like':
      return { kind: 'like', active: true };
    case 'unlike':
      return { kind: 'like', active: false };
    case 'favorite':
      return { kind: 'favorite', active: true };
    case 'unfavorite':
      return { kind: 'favorite', active: false };
    case 'follow':
      return { kind: 'follow', active: true };
    case 'unfollow':
      return { kind: 'follow', active: false };
    default:
      return null;
  }
}

/** An event after validation, with what ingestion resolved (the work's author and type, its day). */
export interface PreparedEvent {
  /** index in the batch */
  index: number;
  eventId: string;
  type: EventType;
  at: Date;
  day: string;
  readerId: string;
  contentId: number | null;
  authorId: number;
  contentType: ContentType | null;
  source: EventSource;
  promotionId: number | null;
  watchMs: number | null;
  /** plays: watchMs ≥ 90 % of the duration (false when the duration is unknown) */
  completed: boolean | null;
  reader: { gender: string; ageBand: string; region: string; device: string } | null;
}

/** The key of a reader state: `site|reader|kind|target`. */
export function stateKey(site: string, readerId: string, kind: string, targetId: number): string {
  return `${site}\u0000${readerId}\u0000${kind}\u0000${targetId}`;
}

/**
 * Applies the state rules to a batch (API.md §10): events are taken in `at` order (then batch order), each
 * state event is effective only when it changes the (reader, target) state. Mutates `states` to the final
 * states.
 * @param states current state by `stateKey` (absent = not active)
 * @returns `effective` per event index (non-state events are always effective)
 */
export function applyStateRules(
  site: string,
  events: readonly PreparedEvent[],
  states: Map<string, boolean>,
): Map<number, boolean> {
  const effective = new Map<number, boolean>();
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index);
  for (const e of ordered) {
    const change = stateChangeOf(e.type);
    if (!change) {
      effective.set(e.index, true);
      continue;
    }
    const target = change.kind === 'follow' ? e.authorId : (e.contentId as number);
    const key = stateKey(site, e.readerId, change.kind, target);
    const current = states.get(key) ?? false;
    if (current === change.active) {
      effective.set(e.index, false);
      continue;
    }
    states.set(key, change.active);
    effective.set(e.index, true);
  }
  return effective;
}

/** The counters of a work rollup row (analytics.schema.ts `workCounters`). */
export interface WorkCounters {
  impressions: number;
  views: number;
  plays: number;
  watchMs: number;
  completedPlays: number;
  shortPlays: number;
  likes: number;
  favorites: number;
  shares: number;
  comments: number;
  barrages: number;
}

export const zeroCounters = (): WorkCounters => ({
  impressions: 0,
  views: 0,
  plays: 0,
  watchMs: 0,
  completedPlays: 0,
  shortPlays: 0,
  likes: 0,
  favorites: 0,
  shares: 0,
  comments: 0,
  barrages: 0,
});

/**
 * Adds one effective work event to counters (API.md §11: likes = changes to liked minus changes to unliked;
 * completion at 90 % of the duration; an early exit under 3,000 ms).
 */
export function countInto(c: WorkCounters, e: Pick<PreparedEvent, 'type' | 'watchMs' | 'completed'>): void {
  switch (e.type) {
    case 'impression':
      c.impressions += 1;
      break;
    case 'view':
      c.views += 1;
      break;
    case 'play':
      c.plays += 1;
      c.watchMs += e.watchMs ?? 0;
      if (e.completed) c.completedPlays += 1;
      if ((e.watchMs ?? 0) < EARLY_EXIT_MS) c.shortPlays += 1;
      break;
    case 'like':
      c.likes += 1;
      break;
    case 'unlike':
      c.likes -= 1;
      break;
    case 'favorite':
      c.favorites += 1;
      break;
    case 'unfavorite':
      c.favorites -= 1;
      break;
    case 'share':
      c.shares += 1;
      break;
    default:
      break;
  }
}

/** Whether a play of `watchMs` is complete for a video of `durationSeconds` (API.md §11). */
export function isComplete(watchMs: number, durationSeconds: number | null): boolean {
  if (durationSeconds === null || !(durationSeconds > 0)) return false;
  return watchMs >= COMPLETION_SHARE * durationSeconds * 1000;
}

/** A rate of API.md §11: `part ÷ whole`, 4 decimals, 0 when `whole` is 0. */
export function rate(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 10_000) / 10_000;
}

/** Rollup rows a batch adds, keyed as their tables are. */
export interface BatchRollup {
  work: Map<
    string,
    { contentId: number; day: string; authorId: number; contentType: ContentType } & WorkCounters
  >;
  author: Map<string, { authorId: number; day: string; contentType: ContentType } & WorkCounters>;
  fans: Map<string, { authorId: number; day: string; gained: number; lost: number }>;
  source: Map<
    string,
    {
      contentId: number;
      day: string;
      source: EventSource;
      authorId: number;
      contentType: ContentType;
      impressions: number;
      views: number;
    }
  >;
}

/**
 * Folds the effective events of a batch into rollup increments: per (work, day), (author, day, type),
 * (author, day) for fans and (work, day, source) for impressions and views.
 * @param effective by event index, from `applyStateRules`
 */
export function foldBatch(events: readonly PreparedEvent[], effective: Map<number, boolean>): BatchRollup {
  const out: BatchRollup = { work: new Map(), author: new Map(), fans: new Map(), source: new Map() };
  for (const e of events) {
    if (!effective.get(e.index)) continue;
    if (e.type === 'follow' || e.type === 'unfollow') {
      const k = `${e.authorId}|${e.day}`;
      const row = out.fans.get(k) ?? { authorId: e.authorId, day: e.day, gained: 0, lost: 0 };
      if (e.type === 'follow') row.gained += 1;
      else row.lost += 1;
      out.fans.set(k, row);
      continue;
    }
    const contentId = e.contentId as number;
    const contentType = e.contentType as ContentType;
    const wk = `${contentId}|${e.day}`;
    const work = out.work.get(wk) ?? {
      contentId,
      day: e.day,
      authorId: e.authorId,
      contentType,
      ...zeroCounters(),
    };
    countInto(work, e);
    out.work.set(wk, work);
    const ak = `${e.authorId}|${e.day}|${contentType}`;
    const author = out.author.get(ak) ?? { authorId: e.authorId, day: e.day, contentType, ...zeroCounters() };
    countInto(author, e);
    out.author.set(ak, author);
    if (e.type === 'impression' || e.type === 'view') {
      const sk = `${contentId}|${e.day}|${e.source}`;
      const src = out.source.get(sk) ?? {
        contentId,
        day: e.day,
        source: e.source,
        authorId: e.authorId,
        contentType,
        impressions: 0,
        views: 0,
      };
      if (e.type === 'impression') src.impressions += 1;
      else src.views += 1;
      out.source.set(sk, src);
    }
  }
  return out;
}
