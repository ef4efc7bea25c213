import {
  type AGE_BANDS,
  type CN_REGIONS,
  COMPLETION_SHARE,
  type ContentType,
  EARLY_EXIT_MS,
  type EventSource,
  type EventType,
  type READER_DEVICES,
  type READER_GENDERS,
  inPromotionAudience,
  type PromotionGoal,
  type PromotionTargeting,
  type ReaderProfile,
  WATCH_MS_MAX,
} from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import {
  cumulative,
  exponential,
  geometric,
  keySampler,
  logNormal,
  normal,
  pick,
  type Rng,
  rngOf,
  sampleIndex,
  shuffle,
} from './random.js';
import {
  BARRAGE_PER_1000_PLAYS,
  COMMENTS_PER_1000_VIEWS,
  type SimBarrage,
  type SimComment,
  VoiceModel,
} from './voices.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * The traffic model of the simulator (issue #12 "A simulator and honest demo data"): what readers of a car-media
 * site do to a population of works, day by day, as `POST /open/events` events (API.md §10). Pure and
 * deterministic: the same options (seed, works, days, budget) give the same events, with the same ids.
 *
 * The model, in order of a reader's session:
 * - volume: the budget of events is spread over the days by weight — weekends ×1.3, a slow growth over the period
 *   (+30 % from the first day to the last), ±7 % noise; today (the last day) only up to `now`;
 * - rhythm: sessions start by an hour-of-day curve in REPORT_TZ (quiet nights, a lunchtime bump, the evening
 *   peak at 21:00; weekend mornings later and afternoons busier);
 * - readers: a pool with stable profiles (gender, age band, region weighted by province population, device mix)
 *   and a heavy-tailed activity, so a core of readers comes back day after day;
 * - reach: each session scrolls a feed of 1 + Geometric(4) impressions; each impression's source is drawn
 *   (recommend 57 %, search 13 %, follow 20 %, profile 6 %, external 1 %, other 3 %) and picks its work:
 *   recommend/other/external by popularity × freshness (a Zipf law over works, s = 1, times (1 + age/τ)^-1.4
 *   with τ by type), search by popularity with a long tail, follow among the followed authors' works (the feed
 *   while the reader follows nobody), profile among the works of the author the reader just read;
 * - funnel: impression → view (click-through by source and quality; external links land on the work directly)
 *   → play for videos (watch time: an early-exit spike under 3 s, a body that decays with the share watched, a
 *   bump of complete plays) → like / favorite / share / follow the author, more likely after a complete play;
 * - churn: at a session's start a reader occasionally unfollows an author, unlikes or unfavorites a work — only
 *   ever one they follow, like or favorite, and later than that — so every state event changes the state.
 *
 * Event ids are `sim<seed>-<yyyymmdd>-<n>` (n counts the day's events from 0): stable per (seed, day, n), so
 * sending a run again is idempotent (every event a duplicate) and another seed adds new traffic.
 *
 * The readers' comments and barrage (issue #13) follow from each day's views and plays (`voices.ts`), drawn
 * from streams of their own: they never change the events.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Relative session starts per local hour (0–23) on a weekday: quiet night, lunchtime bump, evening peak at 21. */
export const WEEKDAY_HOURS: readonly number[] = [
  0.9, 0.5, 0.3, 0.2, 0.2, 0.3, 0.7, 1.4, 2.0, 2.0, 2.0, 2.3, 3.0, 2.8, 2.0, 1.9, 2.0, 2.3, 2.7, 3.3, 3.9,
  4.2, 3.6, 2.0,
];
/** The same on Saturdays and Sundays: a later morning, a busier afternoon, the same evening peak. */
export const WEEKEND_HOURS: readonly number[] = [
  1.2, 0.8, 0.5, 0.3, 0.2, 0.2, 0.4, 0.8, 1.3, 1.9, 2.5, 2.8, 3.1, 2.9, 2.7, 2.7, 2.8, 2.9, 3.0, 3.4, 3.9,
  4.2, 3.7, 2.3,
];
/** Day volume of a Saturday or Sunday relative to a weekday. */
export const WEEKEND_FACTOR = 1.3;
/** Growth of the daily volume from the first simulated day to the last. */
export const GROWTH = 0.3;

/**
 * Where an organic impression comes from (API.md §10 `source`). Promoted impressions (`promotion`) come from
 * `generatePromotedTraffic`, for the promotions the reader site learns from `GET /open/promotions`.
 */
export const SOURCE_WEIGHTS = {
  recommend: 0.57,
  search: 0.13,
  follow: 0.2,
  profile: 0.06,
  external: 0.01,
  other: 0.03,
} as const satisfies Partial<Record<EventSource, number>>;
type SimSource = keyof typeof SOURCE_WEIGHTS;

/** Impression → view, by source (× the work's quality, 0.6–1.4); an external link is a view without impression. */
export const CLICK_THROUGH: Record<SimSource, number> = {
  recommend: 0.12,
  search: 0.3,
  follow: 0.35,
  profile: 0.4,
  external: 1,
  other: 0.08,
};

/** Reader profiles (API.md §10 `reader`): a car site's audience, mostly men of 25–40. */
export const GENDER_WEIGHTS: Record<(typeof READER_GENDERS)[number], number> = {
  male: 0.66,
  female: 0.29,
  unknown: 0.05,
};
export const AGE_WEIGHTS: Record<(typeof AGE_BANDS)[number], number> = {
  '<18': 0.02,
  '18-24': 0.14,
  '25-30': 0.26,
  '31-40': 0.33,
  '41-50': 0.16,
  '>50': 0.06,
  unknown: 0.03,
};
export const DEVICE_WEIGHTS: Record<(typeof READER_DEVICES)[number], number> = {
  android: 0.56,
  ios: 0.3,
  pc: 0.1,
  h5: 0.04,
};
/**
 * Readers per region: the 2020 census population in millions (mainland provinces), Taiwan, Hong Kong and Macau
 * scaled down to a tenth (a mainland site's readership).
 */
export const REGION_WEIGHTS: Record<(typeof CN_REGIONS)[number], number> = {
  'CN-BJ': 21.9,
  'CN-TJ': 13.9,
  'CN-HE': 74.6,
  'CN-SX': 34.9,
  'CN-NM': 24.0,
  'CN-LN': 42.6,
  'CN-JL': 24.1,
  'CN-HL': 31.9,
  'CN-SH': 24.9,
  'CN-JS': 84.7,
  'CN-ZJ': 64.6,
  'CN-AH': 61.0,
  'CN-FJ': 41.5,
  'CN-JX': 45.2,
  'CN-SD': 101.5,
  'CN-HA': 99.4,
  'CN-HB': 57.8,
  'CN-HN': 66.4,
  'CN-GD': 126.0,
  'CN-GX': 50.1,
  'CN-HI': 10.1,
  'CN-CQ': 32.1,
  'CN-SC': 83.7,
  'CN-GZ': 38.6,
  'CN-YN': 47.2,
  'CN-XZ': 3.6,
  'CN-SN': 39.5,
  'CN-GS': 25.0,
  'CN-QH': 5.9,
  'CN-NX': 7.2,
  'CN-XJ': 25.9,
  'CN-TW': 2.4,
  'CN-HK': 0.75,
  'CN-MO': 0.07,
};

/** How each type of work travels and engages (probabilities per view, × quality). */
interface TypeModel {
  /** relative reach in the feeds */
  reach: number;
  /** relative weight in search results */
  search: number;
  /** freshness time constant, days: reach ∝ (1 + age/τ)^-1.4 */
  tauDays: number;
  like: number;
  favorite: number;
  share: number;
  /** median reading time of a non-video, ms (the gap before the next event) */
  readMs: number;
}
export const TYPE_MODELS: Record<ContentType, TypeModel> = {
  article: { reach: 1, search: 1.3, tauDays: 2.5, like: 0.03, favorite: 0.015, share: 0.006, readMs: 90_000 },
  album: { reach: 0.8, search: 0.8, tauDays: 2, like: 0.035, favorite: 0.02, share: 0.005, readMs: 45_000 },
  video: { reach: 1.1, search: 1, tauDays: 3, like: 0.045, favorite: 0.015, share: 0.008, readMs: 0 },
  smallVideo: {
    reach: 1.4,
    search: 0.4,
    tauDays: 1.2,
    like: 0.06,
    favorite: 0.008,
    share: 0.01,
    readMs: 0,
  },
  dynamic: {
    reach: 0.6,
    search: 0.2,
    tauDays: 0.8,
    like: 0.05,
    favorite: 0.004,
    share: 0.003,
    readMs: 15_000,
  },
  live: { reach: 0.5, search: 0.3, tauDays: 1, like: 0.03, favorite: 0.005, share: 0.004, readMs: 120_000 },
  program: { reach: 0.8, search: 1, tauDays: 6, like: 0.035, favorite: 0.02, share: 0.006, readMs: 120_000 },
};

/** How plays of a video end: early exits (< 3 s, ÷ √quality) and complete plays (≥ 90 %, × quality). */
export const PLAY_MODELS: Record<
  'video' | 'smallVideo',
  { play: number; earlyExit: number; complete: number }
> = {
  video: { play: 0.9, earlyExit: 0.14, complete: 0.2 },
  smallVideo: { play: 0.97, earlyExit: 0.24, complete: 0.38 },
};

/** Zipf exponent of the works' popularity. */
export const ZIPF_EXPONENT = 1;
/** Impressions per session: 1 + Geometric(mean). */
const EXTRA_IMPRESSIONS_MEAN = 4;
/** A view leads to following the author (× quality × engagement). */
export const FOLLOW_PER_VIEW = 0.02;
/** Per session of a reader who follows, likes or favorites something: the chance to undo one of them. */
export const UNFOLLOW_PER_SESSION = 0.015;
export const UNLIKE_PER_SESSION = 0.01;
export const UNFAVORITE_PER_SESSION = 0.008;
/** A follow is undone at least this long after it. */
const UNDO_AFTER_MS = HOUR_MS;
/** First guess of events per session (the model corrects it from the days already made). */
const INITIAL_SESSION_EVENTS = 6.3;

/** One simulated day in REPORT_TZ: [start, end) instants (ms), events only before `cutoff` (≤ end: `now` today). */
export interface SimDay {
  /** `YYYY-MM-DD` in the report time zone */
  date: string;
  start: number;
  end: number;
  cutoff: number;
  weekend: boolean;
}

/**
 * The `days` calendar days in `tz` ending with today (today cut at `now`), oldest first.
 * @param days ≥ 1
 * @param tz an IANA time zone (config `reportTz`)
 */
export function planDays(now: Date, days: number, tz: string): SimDay[] {
  const today = dayjs(now).tz(tz).format('YYYY-MM-DD');
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const out: SimDay[] = [];
  for (let k = days - 1; k >= 0; k--) {
    const date = new Date(Date.UTC(y, m - 1, d - k)).toISOString().slice(0, 10);
    const next = new Date(Date.UTC(y, m - 1, d - k + 1)).toISOString().slice(0, 10);
    const start = dayjs.tz(`${date}T00:00:00`, tz).valueOf();
    const end = dayjs.tz(`${next}T00:00:00`, tz).valueOf();
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    out.push({
      date,
      start,
      end,
      cutoff: Math.min(end, now.getTime()),
      weekend: weekday === 0 || weekday === 6,
    });
  }
  return out;
}

/** A work as the model sees it. */
export interface TrafficWork {
  id: number;
  authorId: number;
  type: ContentType;
  /** ms since the epoch */
  publishedAt: number;
  /** videos: the duration, ms; null for other types and unknown durations */
  durationMs: number | null;
}

/** One reader event as `POST /open/events` takes it (API.md §10; contracts `readerEventSchema`). */
export interface SimEvent {
  eventId: string;
  type: EventType;
  /** ISO 8601, UTC, ms */
  at: string;
  readerId: string;
  contentId?: number;
  authorId?: number;
  watchMs?: number;
  source?: EventSource;
  /** promoted impressions and views: the promotion that brought them (`generatePromotedTraffic`) */
  promotionId?: number;
  reader?: ReaderProfile;
}

/** What to simulate. */
export interface TrafficOptions {
  /** a non-negative integer: the same seed gives the same readers, popularity and events */
  seed: number;
  /** the works readers can reach (published; a work gets events only after its `publishedAt`) */
  works: readonly TrafficWork[];
  /** from `planDays` */
  days: readonly SimDay[];
  /** events in total over the days (the last day stops at its share; a day may differ by a session or two) */
  events: number;
  /** readers in the pool (default `readerPoolSize(events)`) */
  readers?: number;
  /** authors whose works rank among the top 2 % of popularity (the demo author) */
  boostAuthorIds?: readonly number[];
  /** readers' comments per 1000 views of a work of average popularity (default `COMMENTS_PER_1000_VIEWS`) */
  commentsPer1000Views?: number;
  /** bursts of barrage per 1000 plays of a video of average popularity (default `BARRAGE_PER_1000_PLAYS`) */
  barragePer1000Plays?: number;
}

/** The events of one day in the order they are to be sent, and the comments and barrage they led to. */
export interface DayTraffic {
  day: SimDay;
  events: SimEvent[];
  /** by time: a reply after its parent */
  comments: SimComment[];
  /** by time */
  barrage: SimBarrage[];
}

/** The id of the `n`-th event (from 0) of `date` in a run of `seed`: `sim<seed>-<yyyymmdd>-<n>`. */
export function eventId(seed: number, date: string, n: number): string {
  return `sim${seed}-${date.replaceAll('-', '')}-${n}`;
}

/** Readers in the pool for a budget of `events`: about 40 events per reader, 300 … 200,000. */
export function readerPoolSize(events: number): number {
  return Math.min(200_000, Math.max(300, Math.round(events / 40)));
}

/** The hour weights of a day. */
const hoursOf = (day: SimDay) => (day.weekend ? WEEKEND_HOURS : WEEKDAY_HOURS);

/** The share of a day's hour-curve weight before its cutoff (1 for a complete day). */
function elapsedShare(day: SimDay): number {
  const hours = hoursOf(day);
  const hourLen = (day.end - day.start) / 24;
  let total = 0;
  let elapsed = 0;
  for (let h = 0; h < 24; h++) {
    const w = hours[h]!;
    total += w;
    const from = day.start + h * hourLen;
    elapsed += w * Math.min(1, Math.max(0, (day.cutoff - from) / hourLen));
  }
  return elapsed / total;
}

/** Each day's share of `events`: weekend, growth, noise, and today's elapsed part. */
function dayBudgets(seed: number, days: readonly SimDay[], events: number): number[] {
  const weights = days.map((day, i) => {
    const growth = 1 + (days.length > 1 ? (GROWTH * i) / (days.length - 1) : 0);
    const noise = Math.exp(0.07 * normal(rngOf(seed, 'volume', day.date)));
    return (day.weekend ? WEEKEND_FACTOR : 1) * growth * noise * elapsedShare(day);
  });
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (total > 0 ? (events * w) / total : 0));
}

/** `count` session starts within [start, cutoff) drawn from the day's hour curve, ascending. */
function sessionTimes(rng: Rng, day: SimDay, count: number): number[] {
  const hours = hoursOf(day);
  const hourLen = (day.end - day.start) / 24;
  const spans: { from: number; len: number }[] = [];
  const weights: number[] = [];
  for (let h = 0; h < 24; h++) {
    const from = day.start + h * hourLen;
    const len = Math.min(hourLen, Math.max(0, day.cutoff - from));
    spans.push({ from, len });
    weights.push(hours[h]! * (len / hourLen));
  }
  const sums = cumulative(weights);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const h = sampleIndex(rng, sums);
    if (h < 0) break;
    const span = spans[h]!;
    out.push(Math.floor(span.from + rng() * span.len));
  }
  return out.sort((a, b) => a - b);
}

/** A reader of the pool. */
interface SimReader {
  id: string;
  profile: ReaderProfile;
}

/** The pool: profiles and running sums of activity (a few readers read a lot). */
function makeReaders(seed: number, n: number): { readers: SimReader[]; activity: Float64Array } {
  const rng = rngOf(seed, 'readers');
  const gender = keySampler(GENDER_WEIGHTS);
  const age = keySampler(AGE_WEIGHTS);
  const region = keySampler(REGION_WEIGHTS);
  const device = keySampler(DEVICE_WEIGHTS);
  const readers: SimReader[] = [];
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    readers.push({
      id: `sim${seed}-r${i}`,
      profile: { gender: gender(rng), ageBand: age(rng), region: region(rng), device: device(rng) },
    });
    weights[i] = logNormal(rng, 1, 1.2);
  }
  return { readers, activity: cumulative(weights) };
}

/** Per-work facts of the model, aligned with the works sorted by publishing time. */
interface WorkModel {
  works: TrafficWork[];
  published: Float64Array;
  appeal: Float64Array;
  /** 0.6 (least popular) … 1.4 (most popular): scales click-through and engagement */
  quality: Float64Array;
  /** work indexes of each author, oldest first */
  byAuthor: Map<number, number[]>;
}

/** Popularity: a seeded ranking of the works, appeal 1/(rank+1)^s; boosted authors’ works in the top 2 %. */
function workModel(seed: number, input: readonly TrafficWork[], boost: readonly number[]): WorkModel {
  const works = [...input].sort((a, b) => a.publishedAt - b.publishedAt || a.id - b.id);
  const n = works.length;
  const rng = rngOf(seed, 'popularity');
  // rank by a seeded shuffle of the works in id order (independent of publishing times)
  const byId = works.map((w, i) => ({ id: w.id, i })).sort((a, b) => a.id - b.id);
  const ranks = new Float64Array(n);
  shuffle(rng, byId).forEach((w, rank) => (ranks[w.i] = rank));
  const boosted = new Set(boost);
  const appeal = new Float64Array(n);
  const quality = new Float64Array(n);
  const published = new Float64Array(n);
  const byAuthor = new Map<number, number[]>();
  works.forEach((w, i) => {
    let rank = ranks[i]!;
    if (boosted.has(w.authorId)) rank = Math.min(rank, Math.floor(rng() * Math.max(1, 0.02 * n)));
    appeal[i] = 1 / (rank + 1) ** ZIPF_EXPONENT;
    quality[i] = 1.4 - (0.8 * rank) / Math.max(1, n);
    published[i] = w.publishedAt;
    const list = byAuthor.get(w.authorId);
    if (list) list.push(i);
    else byAuthor.set(w.authorId, [i]);
  });
  return { works, published, appeal, quality, byAuthor };
}

/** Freshness of a work of age `ageMs` with time constant `tauDays`. */
const freshness = (ageMs: number, tauDays: number) =>
  ageMs < 0 ? 0 : (1 + ageMs / (tauDays * DAY_MS)) ** -1.4;
/** Search keeps old works findable: a long tail. */
const evergreen = (ageMs: number) => (ageMs < 0 ? 0 : (1 + ageMs / (30 * DAY_MS)) ** -0.5);

/** How many of the sorted publishing times are ≤ `t`. */
function publishedBy(published: Float64Array, t: number): number {
  let lo = 0;
  let hi = published.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (published[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How long one play lasted, ms: an early exit under 3 s, a complete play (≥ 90 % of the duration) or a body
 * that decays with the share watched; never more than the duration or `WATCH_MS_MAX`.
 * @param durationMs the video's duration (null: unknown, a log-normal around 30 s)
 * @param quality 0.6–1.4: better works keep more viewers
 */
export function drawWatchMs(
  rng: Rng,
  durationMs: number | null,
  type: 'video' | 'smallVideo',
  quality: number,
): number {
  if (durationMs === null || !(durationMs > 0))
    return Math.min(WATCH_MS_MAX, Math.round(logNormal(rng, 30_000, 1)));
  const d = Math.min(durationMs, WATCH_MS_MAX);
  const m = PLAY_MODELS[type];
  const exit = m.earlyExit / Math.sqrt(quality);
  const full = m.complete * quality;
  const u = rng();
  let ms: number;
  if (u < exit) ms = rng() * Math.min(EARLY_EXIT_MS - 1, d);
  else if (u < exit + full) ms = d * (COMPLETION_SHARE + (1 - COMPLETION_SHARE) * (0.3 + 0.7 * rng()));
  else ms = Math.max(EARLY_EXIT_MS, d * Math.min(COMPLETION_SHARE - 0.01, 0.05 + exponential(rng, 0.25)));
  return Math.floor(Math.min(d, ms));
}

/** A (reader, target) state: on or off, and since when (ms). */
interface Toggle {
  active: boolean;
  since: number;
}

/** The readers' states as the events made so far leave them (API.md §10 state rules). */
class ReaderStates {
  private readonly maps = {
    follow: new Map<number, Map<number, Toggle>>(),
    like: new Map<number, Map<number, Toggle>>(),
    favorite: new Map<number, Map<number, Toggle>>(),
  };

  /** Whether `reader` may switch `kind` of `target` on at `at`: off now, and last changed before `at`. */
  canSet(kind: keyof ReaderStates['maps'], reader: number, target: number, at: number): boolean {
    const s = this.maps[kind].get(reader)?.get(target);
    return !s || (!s.active && s.since < at);
  }

  set(kind: keyof ReaderStates['maps'], reader: number, target: number, active: boolean, at: number): void {
    let m = this.maps[kind].get(reader);
    if (!m) this.maps[kind].set(reader, (m = new Map()));
    m.set(target, { active, since: at });
  }

  /** The targets `reader` has on (of `kind`) since before `before`. */
  activeBefore(kind: keyof ReaderStates['maps'], reader: number, before: number): number[] {
    const m = this.maps[kind].get(reader);
    if (!m) return [];
    const out: number[] = [];
    for (const [target, s] of m) if (s.active && s.since < before) out.push(target);
    return out;
  }
}

/**
 * The simulated traffic, one day at a time (oldest first): a generator, because the readers' states carry over
 * from day to day (an unfollow needs an earlier follow). Deterministic for the same options.
 * @returns per day, its events in sending order (sessions by start time)
 */
export function* generateTraffic(opts: TrafficOptions): Generator<DayTraffic, void, undefined> {
  const { seed, days } = opts;
  const model = workModel(seed, opts.works, opts.boostAuthorIds ?? []);
  const { readers, activity } = makeReaders(seed, opts.readers ?? readerPoolSize(opts.events));
  const budgets = dayBudgets(seed, days, opts.events);
  const states = new ReaderStates();
  const source = keySampler(SOURCE_WEIGHTS);
  const voices = new VoiceModel(
    seed,
    new Map(model.works.map((w) => [w.id, w])),
    new Map(model.works.map((w, i) => [w.id, model.quality[i]!])),
    {
      commentsPer1000Views: opts.commentsPer1000Views ?? COMMENTS_PER_1000_VIEWS,
      barragePer1000Plays: opts.barragePer1000Plays ?? BARRAGE_PER_1000_PLAYS,
    },
  );
  let carry = 0;
  let sessionsMade = 0;
  let eventsMade = 0;

  for (const [d, day] of days.entries()) {
    const last = d === days.length - 1;
    const target = Math.max(0, Math.round(budgets[d]! + carry));
    // (no events yet, e.g. days before the first work: the first guess, never a division by zero)
    const perSession = eventsMade > 0 ? eventsMade / sessionsMade : INITIAL_SESSION_EVENTS;
    const rng = rngOf(seed, 'day', day.date);
    const starts = target > 0 ? sessionTimes(rng, day, Math.max(1, Math.round(target / perSession))) : [];
    const events: SimEvent[] = [];
    const full = () => last && events.length >= target;

    // popularity × freshness per hour (recommend, other, external) and popularity × long tail per day (search)
    const hourLen = (day.end - day.start) / 24;
    const hot = new Map<number, { sums: Float64Array; count: number }>();
    const hotTable = (at: number) => {
      const h = Math.min(23, Math.floor((at - day.start) / hourLen));
      let table = hot.get(h);
      if (!table) {
        const from = day.start + h * hourLen;
        const mid = from + hourLen / 2;
        const count = publishedBy(model.published, from);
        const weights = new Float64Array(count);
        for (let i = 0; i < count; i++) {
          const t = TYPE_MODELS[model.works[i]!.type];
          weights[i] = model.appeal[i]! * t.reach * freshness(mid - model.published[i]!, t.tauDays);
        }
        hot.set(h, (table = { sums: cumulative(weights), count }));
      }
      return table;
    };
    let searchTable: { sums: Float64Array; count: number } | undefined;
    const search = () => {
      if (!searchTable) {
        const count = publishedBy(model.published, day.start);
        const mid = (day.start + day.end) / 2;
        const weights = new Float64Array(count);
        for (let i = 0; i < count; i++) {
          const t = TYPE_MODELS[model.works[i]!.type];
          weights[i] = model.appeal[i]! * t.search * evergreen(mid - model.published[i]!);
        }
        searchTable = { sums: cumulative(weights), count };
      }
      return searchTable;
    };
    /** one of an author's works published before `at`, by popularity × freshness; -1 when none */
    const authorWork = (authorId: number, at: number) => {
      const list = model.byAuthor.get(authorId);
      if (!list) return -1;
      const weights = list.map((i) => {
        const t = TYPE_MODELS[model.works[i]!.type];
        return model.published[i]! < at
          ? model.appeal[i]! * freshness(at - model.published[i]!, t.tauDays)
          : 0;
      });
      const k = sampleIndex(rng, cumulative(weights));
      return k < 0 ? -1 : list[k]!;
    };

    const emit = (e: Omit<SimEvent, 'eventId' | 'at'>, at: number): boolean => {
      if (full() || at >= day.cutoff) return false;
      events.push({ eventId: eventId(seed, day.date, events.length), at: new Date(at).toISOString(), ...e });
      return true;
    };

    /** One reader's session from `start`: churn first, then a feed of impressions and what they lead to. */
    const session = (start: number) => {
      const r = sampleIndex(rng, activity);
      const reader = readers[r]!;
      const base = { readerId: reader.id, reader: reader.profile };
      let at = start;
      if (rng() < UNFOLLOW_PER_SESSION) {
        const followed = states.activeBefore('follow', r, at - UNDO_AFTER_MS);
        if (followed.length > 0) {
          const authorId = pick(rng, followed);
          if (!emit({ type: 'unfollow', ...base, authorId }, at)) return;
          states.set('follow', r, authorId, false, at);
        }
      }
      for (const [kind, chance, type] of [
        ['like', UNLIKE_PER_SESSION, 'unlike'],
        ['favorite', UNFAVORITE_PER_SESSION, 'unfavorite'],
      ] as const) {
        if (rng() >= chance) continue;
        const done = states.activeBefore(kind, r, at);
        if (done.length === 0) continue;
        const w = pick(rng, done);
        at += 1000;
        if (!emit({ type, ...base, contentId: model.works[w]!.id }, at)) return;
        states.set(kind, r, w, false, at);
      }

      let lastAuthor = -1;
      const feed = 1 + geometric(rng, EXTRA_IMPRESSIONS_MEAN);
      for (let k = 0; k < feed; k++) {
        at += Math.floor(500 + exponential(rng, 6000));
        let src: SimSource = source(rng);
        let w = -1;
        if (src === 'follow') {
          const followed = states.activeBefore('follow', r, at);
          if (followed.length > 0) w = authorWork(pick(rng, followed), at);
        } else if (src === 'profile' && lastAuthor >= 0) {
          w = authorWork(lastAuthor, at);
        } else if (src === 'search') {
          const t = search();
          w = sampleIndex(rng, t.sums, t.count);
        }
        if (w < 0) {
          // nothing to follow, no profile open yet, nothing searchable: the feed instead
          if (src === 'follow' || src === 'profile' || src === 'search') src = 'recommend';
          const t = hotTable(at);
          w = sampleIndex(rng, t.sums, t.count);
        }
        if (w < 0) continue;
        const work = model.works[w]!;
        const q = model.quality[w]!;
        const tm = TYPE_MODELS[work.type];
        const about = { ...base, contentId: work.id, source: src };
        if (src !== 'external' && !emit({ type: 'impression', ...about }, at)) return;
        if (rng() >= CLICK_THROUGH[src] * q) continue;
        at += Math.floor(1000 + exponential(rng, 2000));
        if (!emit({ type: 'view', ...about }, at)) return;
        let engaged = 1;
        if (work.type === 'video' || work.type === 'smallVideo') {
          if (rng() < PLAY_MODELS[work.type].play) {
            const watchMs = drawWatchMs(rng, work.durationMs, work.type, q);
            at += watchMs + 500;
            if (!emit({ type: 'play', ...about, watchMs }, at)) return;
            const complete = work.durationMs !== null && watchMs >= COMPLETION_SHARE * work.durationMs;
            engaged = complete ? 1.8 : watchMs < EARLY_EXIT_MS ? 0.2 : 0.8;
          }
        } else {
          at += Math.floor(logNormal(rng, tm.readMs, 0.8));
        }
        const chance = (p: number) => rng() < p * q * engaged;
        if (chance(tm.like) && states.canSet('like', r, w, at)) {
          if (!emit({ type: 'like', ...about }, ++at)) return;
          states.set('like', r, w, true, at);
        }
        if (chance(tm.favorite) && states.canSet('favorite', r, w, at)) {
          if (!emit({ type: 'favorite', ...about }, ++at)) return;
          states.set('favorite', r, w, true, at);
        }
        if (chance(tm.share) && !emit({ type: 'share', ...about }, ++at)) return;
        if (chance(FOLLOW_PER_VIEW) && states.canSet('follow', r, work.authorId, at)) {
          if (!emit({ type: 'follow', ...base, authorId: work.authorId, source: src }, ++at)) return;
          states.set('follow', r, work.authorId, true, at);
        }
        lastAuthor = work.authorId;
      }
    };

    for (const start of starts) {
      if (full()) break;
      session(start);
    }
    sessionsMade += starts.length;
    eventsMade += events.length;
    carry = target - events.length;
    yield { day, events, ...voices.ofDay(day, events) };
  }
}

// ---- promoted traffic (issue #14 "Coupons and promotion") ----

/** Promoted impressions a promotion gets in an hour of average traffic (× the hour-of-day curve, ±10 %). */
export const PROMOTED_IMPRESSIONS_PER_HOUR = 300;
/** Promoted impression → view: a paid slot in the feed, shown to a targeted reader. */
export const PROMOTED_CLICK_THROUGH = 0.1;
/** Promoted view → follow of the author: goal `fans` is shown to readers likelier to follow. */
export const PROMOTED_FOLLOW: Record<PromotionGoal, number> = { views: FOLLOW_PER_VIEW, fans: 0.06 };

/** A promotion as the reader site knows it (`GET /open/promotions`) and the work's author (the site's own data). */
export interface SimPromotion {
  promotionId: number;
  contentId: number;
  authorId: number;
  goal: PromotionGoal;
  targeting: PromotionTargeting;
  /** ms since the epoch */
  startsAt: number;
  endsAt: number;
}

/** The readers of a run's pool (the same ids and profiles `generateTraffic` uses for `seed` and `n`). */
export function readerPool(seed: number, n: number): { id: string; profile: ReaderProfile }[] {
  return makeReaders(seed, n).readers;
}

/**
 * What a reader site delivers of the running promotions in [from, to) (issue #14: the site learns what to promote
 * from `GET /open/promotions` and reports promoted impressions and views with `promotionId` through
 * `/open/events`): for each promotion, within its own window, about `PROMOTED_IMPRESSIONS_PER_HOUR` impressions per
 * hour (× the REPORT_TZ hour curve) to readers of the pool its targeting admits, views at
 * `PROMOTED_CLICK_THROUGH`, and follows of the author at `PROMOTED_FOLLOW[goal]` per view (at most one per reader
 * and call; a reader who already follows sends a follow the state rules make ineffective, which the delivery does
 * not count). Pure and deterministic: ids `sim<seed>-p<promotionId>-<yyyymmddHH of from>-<n>`, so a re-run sends
 * duplicates only.
 * @param readers the pool (`readerPool`)
 * @returns the events by time
 */
export function generatePromotedTraffic(opts: {
  seed: number;
  promotions: readonly SimPromotion[];
  from: number;
  to: number;
  readers: readonly { id: string; profile: ReaderProfile }[];
  tz: string;
}): SimEvent[] {
  const out: SimEvent[] = [];
  const local = dayjs(opts.from).tz(opts.tz);
  const weekend = local.day() === 0 || local.day() === 6;
  const hours = weekend ? WEEKEND_HOURS : WEEKDAY_HOURS;
  const mean = hours.reduce((a, b) => a + b, 0) / 24;
  const curve = hours[local.hour()]! / mean;
  const hourKey = new Date(opts.from).toISOString().slice(0, 13).replace(/\D/g, '');
  for (const p of opts.promotions) {
    const start = Math.max(opts.from, p.startsAt);
    const end = Math.min(opts.to, p.endsAt);
    if (end <= start) continue;
    const audience = opts.readers.filter((r) => inPromotionAudience(p.targeting, r.profile));
    if (audience.length === 0) continue;
    const rng = rngOf(opts.seed, 'promotion', p.promotionId, hourKey);
    const expected = PROMOTED_IMPRESSIONS_PER_HOUR * curve * ((end - start) / HOUR_MS);
    const count = Math.max(0, Math.round(expected * Math.exp(0.1 * normal(rng))));
    const events: Omit<SimEvent, 'eventId'>[] = [];
    const followed = new Set<string>();
    for (let i = 0; i < count; i++) {
      const reader = pick(rng, audience);
      const at = Math.floor(start + rng() * (end - start));
      const about = { readerId: reader.id, reader: reader.profile, contentId: p.contentId };
      events.push({
        type: 'impression',
        at: new Date(at).toISOString(),
        ...about,
        source: 'promotion',
        promotionId: p.promotionId,
      });
      if (rng() >= PROMOTED_CLICK_THROUGH) continue;
      const viewAt = at + Math.floor(1000 + exponential(rng, 2000));
      if (viewAt >= end) continue;
      events.push({
        type: 'view',
        at: new Date(viewAt).toISOString(),
        ...about,
        source: 'promotion',
        promotionId: p.promotionId,
      });
      const followAt = viewAt + Math.floor(5000 + exponential(rng, 20_000));
      if (rng() < PROMOTED_FOLLOW[p.goal] && followAt < end && !followed.has(reader.id)) {
        followed.add(reader.id);
        events.push({
          type: 'follow',
          at: new Date(followAt).toISOString(),
          readerId: reader.id,
          reader: reader.profile,
          authorId: p.authorId,
          source: 'promotion',
        });
      }
    }
    events.sort((a, b) => a.at.localeCompare(b.at));
    events.forEach((e, n) =>
      out.push({ eventId: `sim${opts.seed}-p${p.promotionId}-${hourKey}-${n}`, ...e }),
    );
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}
