import {
  CLOSED_PERIOD_DAYS,
  type ContentType,
  type DataOverview,
  type DataPeriod,
  EVENT_MAX_AGE_DAYS,
  EVENT_MAX_AHEAD_MS,
  type EventBatchResult,
  type FanItem,
  type FansChart,
  type FansCount,
  type FansPortrait,
  type MessageLanguage,
  type MetricKey,
  METRIC_DEFINITIONS,
  type Metrics,
  WORK_METRIC_KEYS,
  readerEventSchema,
  renderMessage,
  type WorkDetail,
  type WorkMetrics,
  zodIssueMessage,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readAuthorIds, readAuthorWork, readWorkFacts } from '../../read-models/work-facts.js';
import * as repo from './analytics.repo.js';
import {
  addDays,
  applyStateRules,
  type BatchRollup,
  dayIn,
  foldBatch,
  isComplete,
  type PreparedEvent,
  rate,
  zeroCounters,
} from './analytics.rules.js';

/*
 * The analytics module's service (issue #12; API.md §10–§11): ingestion of reader events and the audience
 * numbers the pages read. `EventSink` and `StatsReader` are the two seams a column store would take (the
 * ClickHouse path is written down in docs/operations.md); `postgresAnalytics` is what runs.
 */

/** Where reader events go. */
export interface EventSink {
  /**
   * Validates and stores one `/open/events` batch (API.md §10): each event on its own (partial acceptance),
   * duplicates by `eventId` change nothing, the state rules apply. Resolves after the batch is durable.
   * @param body the parsed `events` array (1–1000 items, checked by the route)
   * @param now the server's time (the `at` window, `received_at`)
   * @param lang the language of the rejection messages
   */
  ingest(site: string, body: unknown[], now: Date, lang: MessageLanguage): Promise<EventBatchResult>;
}

/** Where the pages' numbers come from (API.md §11). */
export interface StatsReader {
  overview(
    authorId: number,
    period: DataPeriod,
    type: ContentType | undefined,
    now: Date,
  ): Promise<DataOverview>;
  workDetail(authorId: number, id: number, period: DataPeriod, now: Date): Promise<WorkDetail>;
  fansCount(authorId: number, now: Date): Promise<FansCount>;
  fansChart(authorId: number, period: DataPeriod, now: Date): Promise<FansChart>;
  fansPortrait(authorId: number, now: Date): Promise<FansPortrait>;
}

/** The analytics settings the service needs (config `reportTz`). */
export interface AnalyticsOptions {
  /** IANA time zone of a data day */
  reportTz: string;
}

/**
 * Validates one batch's events and resolves their works and authors: the events to store and the
 * rejections (index + message in `lang`, API.md §10 "every rejected event names its index and the rule").
 */
export async function prepareEvents(
  db: Db,
  body: unknown[],
  now: Date,
  opts: AnalyticsOptions,
  lang: MessageLanguage,
): Promise<{ prepared: PreparedEvent[]; rejected: { index: number; message: string }[] }> {
  const rejected: { index: number; message: string }[] = [];
  const reject = (index: number, field: string, reason: string) =>
    rejected.push({
      index,
      message: renderMessage({ code: 'EVENT_REJECTED', params: { index, field, reason } }, lang),
    });
  const oldest = now.getTime() - EVENT_MAX_AGE_DAYS * 86_400_000;
  const latest = now.getTime() + EVENT_MAX_AHEAD_MS;
  const valid: { index: number; event: ReturnType<typeof readerEventSchema.parse>; at: Date }[] = [];
  body.forEach((raw, index) => {
    const parsed = readerEventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      reject(index, issue.path.join('.') || 'event', renderMessage(zodIssueMessage(issue), lang));
      return;
    }
    const at = new Date(parsed.data.at);
    if (at.getTime() < oldest) {
      reject(
        index,
        'at',
        renderMessage({ code: 'EVENT_TOO_OLD', params: { days: EVENT_MAX_AGE_DAYS } }, lang),
      );
      return;
    }
    if (at.getTime() > latest) {
      reject(
        index,
        'at',
        renderMessage(
          { code: 'EVENT_TOO_FAR_AHEAD', params: { minutes: EVENT_MAX_AHEAD_MS / 60_000 } },
          lang,
        ),
      );
      return;
    }
    valid.push({ index, event: parsed.data, at });
  });
  const [works, authors] = await Promise.all([
    readWorkFacts(
      db,
      valid.flatMap((v) => (v.event.contentId === undefined ? [] : [v.event.contentId])),
    ),
    readAuthorIds(
      db,
      valid.flatMap((v) =>
        v.event.authorId === undefined || v.event.contentId !== undefined ? [] : [v.event.authorId],
      ),
    ),
  ]);
  const prepared: PreparedEvent[] = [];
  for (const { index, event, at } of valid) {
    const base = {
      index,
      eventId: event.eventId,
      type: event.type,
      at,
      day: dayIn(at, opts.reportTz),
      readerId: event.readerId,
      source: event.source ?? 'other',
      promotionId: event.promotionId ?? null,
      reader: event.reader ?? null,
    } as const;
    if (event.type === 'follow' || event.type === 'unfollow') {
      if (!authors.has(event.authorId!)) {
        reject(index, 'authorId', renderMessage('EVENT_UNKNOWN_AUTHOR', lang));
        continue;
      }
      prepared.push({
        ...base,
        contentId: null,
        authorId: event.authorId!,
        contentType: null,
        watchMs: null,
        completed: null,
      });
      continue;
    }
    const work = works.get(event.contentId!);
    if (!work) {
      reject(index, 'contentId', renderMessage('EVENT_UNKNOWN_CONTENT', lang));
      continue;
    }
    if (event.type === 'play' && work.type !== 'video' && work.type !== 'smallVideo') {
      reject(index, 'contentId', renderMessage('EVENT_PLAY_NOT_VIDEO', lang));
      continue;
    }
    prepared.push({
      ...base,
      contentId: event.contentId!,
      authorId: work.authorId,
      contentType: work.type,
      watchMs: event.type === 'play' ? event.watchMs! : null,
      completed: event.type === 'play' ? isComplete(event.watchMs!, work.duration) : null,
    });
  }
  return { prepared, rejected };
}

/** The inclusive day range of a period and of the one before it (API.md §11). */
export interface PeriodRange {
  start: string;
  end: string;
  /** null for `all` */
  previous: { start: string; end: string } | null;
}

/**
 * The days of a period in `REPORT_TZ` (API.md §11): `today`; `yesterday`, `7d`, `30d`, `90d` = complete days
 * ending yesterday; `all` = from the first day with data (today when none) to today. `previous` is the period
 * of the same length just before.
 * @param firstDay the author's first day with data (for `all`)
 */
export function periodRange(period: DataPeriod, today: string, firstDay: string | null): PeriodRange {
  if (period === 'today')
    return { start: today, end: today, previous: { start: addDays(today, -1), end: addDays(today, -1) } };
  if (period === 'all') {
    const start = firstDay && firstDay < today ? firstDay : today;
    return { start, end: today, previous: null };
  }
  const days = CLOSED_PERIOD_DAYS[period]!;
  const end = addDays(today, -1);
  const start = addDays(end, -(days - 1));
  return { start, end, previous: { start: addDays(start, -days), end: addDays(start, -1) } };
}

/** Every day from `start` to `end` inclusive. */
export function eachDay(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Work metrics (API.md §11) from counter sums. */
export function workMetricsOf(s: repo.CounterSums): WorkMetrics {
  return {
    impressions: s.impressions,
    views: s.views,
    plays: s.plays,
    watchMs: s.watchMs,
    completionRate: rate(s.completedPlays, s.plays),
    exitRate3s: rate(s.shortPlays, s.plays),
    likes: s.likes,
    favorites: s.favorites,
    shares: s.shares,
    comments: s.comments,
    barrages: s.barrages,
  };
}

/** The metrics of a work, in API.md §11 order (the export's columns). */
export const workMetricKeys = WORK_METRIC_KEYS;

/** A metric's display name in `lang` (contracts `METRIC_DEFINITIONS`). */
export function metricName(key: MetricKey, lang: MessageLanguage): string {
  return METRIC_DEFINITIONS.find((d) => d.key === key)?.name[lang] ?? key;
}

/** The author's first day with data, or null (the start of `all`). */
export function firstDay(db: Db, authorId: number): Promise<string | null> {
  return repo.authorFirstDay(db, authorId);
}

/** A reader's comment or barrage message as the audience rollups count it (issue #13). */
export interface ReaderVoice {
  contentId: number;
  authorId: number;
  contentType: ContentType;
  /** when the reader wrote it (`at` of API.md §10): its `REPORT_TZ` day is the day it counts for */
  at: Date;
  kind: 'comments' | 'barrages';
}

/**
 * Adds readers' new comments and barrage messages to the rollups (`comments`, `barrages` of `work_daily` and
 * `author_daily`; API.md §11 `metrics`, issue #13 "counts feed the audience rollups"). Call it inside the
 * transaction that stores them, once per new voice (never for a repeated id), so a count exists exactly when
 * its comment does. Held comments count (METRIC_DEFINITIONS: "held ones included"); the author's replies are
 * not readers' voices and are never passed here.
 * @param reportTz the day's time zone (config `reportTz`)
 */
export async function countReaderVoices(
  tx: Db,
  reportTz: string,
  voices: readonly ReaderVoice[],
): Promise<void> {
  if (voices.length === 0) return;
  const rollup: BatchRollup = { work: new Map(), author: new Map(), fans: new Map(), source: new Map() };
  for (const v of voices) {
    const day = dayIn(v.at, reportTz);
    const wk = `${v.contentId}|${day}`;
    const work = rollup.work.get(wk) ?? {
      contentId: v.contentId,
      day,
      authorId: v.authorId,
      contentType: v.contentType,
      ...zeroCounters(),
    };
    work[v.kind] += 1;
    rollup.work.set(wk, work);
    const ak = `${v.authorId}|${day}|${v.contentType}`;
    const author = rollup.author.get(ak) ?? {
      authorId: v.authorId,
      day,
      contentType: v.contentType,
      ...zeroCounters(),
    };
    author[v.kind] += 1;
    rollup.author.set(ak, author);
  }
  await repo.addRollups(tx, rollup);
}

/** Sums a list of counter rows. */
export function sumCounters(rows: readonly repo.CounterSums[]): repo.CounterSums {
  const out = repo.toSums(undefined);
  for (const r of rows) for (const k of Object.keys(out) as (keyof repo.CounterSums)[]) out[k] += r[k];
  return out;
}

/** The author's metrics of a range (counters of `type` or all types, fans of the author). */
async function rangeMetrics(
  db: Db,
  authorId: number,
  start: string,
  end: string,
  type: ContentType | undefined,
): Promise<{ metrics: Metrics; trend: (Metrics & { date: string })[] }> {
  const [days, fans] = await Promise.all([
    repo.authorDays(db, authorId, start, end, type),
    repo.fansDays(db, authorId, start, end),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const fansByDay = new Map(fans.days.map((d) => [d.day, d]));
  let total = fans.base;
  let gained = 0;
  let lost = 0;
  const trend = eachDay(start, end).map((date) => {
    const f = fansByDay.get(date) ?? { gained: 0, lost: 0 };
    total += f.gained - f.lost;
    gained += f.gained;
    lost += f.lost;
    return {
      date,
      ...workMetricsOf(byDay.get(date) ?? repo.toSums(undefined)),
      fansGained: f.gained,
      fansLost: f.lost,
      fansNet: f.gained - f.lost,
      fansTotal: total,
    };
  });
  return {
    metrics: {
      ...workMetricsOf(sumCounters(days)),
      fansGained: gained,
      fansLost: lost,
      fansNet: gained - lost,
      fansTotal: total,
    },
    trend,
  };
}

/**
 * The analytics of this product on its own database (PGlite or PostgreSQL): `EventSink` + `StatsReader`.
 * `asOf` is the time of the read: the rollups are written in the ingest transaction, so every committed event
 * is in them.
 */
export function postgresAnalytics(db: Db, opts: AnalyticsOptions): EventSink & StatsReader {
  const today = (now: Date) => dayIn(now, opts.reportTz);
  return {
    async ingest(site, body, now, lang) {
      const { prepared, rejected } = await prepareEvents(db, body, now, opts, lang);
      await repo.ensurePartitions(
        db,
        prepared.map((e) => e.day),
      );
      const stored = await repo.storeBatch(
        db,
        site,
        prepared,
        now,
        (events, states) => applyStateRules(site, events, states),
        foldBatch,
      );
      rejected.sort((a, b) => a.index - b.index);
      return { accepted: stored.storedIndexes.length, duplicates: stored.duplicateIndexes.length, rejected };
    },

    async overview(authorId, period, type, now) {
      const t = today(now);
      const range = periodRange(period, t, period === 'all' ? await repo.authorFirstDay(db, authorId) : null);
      const [current, previous] = await Promise.all([
        rangeMetrics(db, authorId, range.start, range.end, type),
        range.previous
          ? rangeMetrics(db, authorId, range.previous.start, range.previous.end, type)
          : Promise.resolve(null),
      ]);
      return {
        asOf: now.toISOString(),
        range: { start: range.start, end: range.end },
        metrics: current.metrics,
        previous: previous?.metrics ?? null,
        trend: current.trend,
      };
    },

    async workDetail(authorId, id, period, now) {
      const work = await readAuthorWork(db, authorId, id);
      if (!work) throw new AppError('NOT_FOUND', 'NOT_FOUND');
      const t = today(now);
      const first = work.publishedAt ? dayIn(work.publishedAt, opts.reportTz) : null;
      const range = periodRange(period, t, period === 'all' ? first : null);
      const [days, sources] = await Promise.all([
        repo.workDays(db, id, range.start, range.end),
        repo.workSources(db, id, range.start, range.end),
      ]);
      const byDay = new Map(days.map((d) => [d.day, d]));
      const isVideo = work.type === 'video' || work.type === 'smallVideo';
      let retention: WorkDetail['retention'];
      if (isVideo) {
        const buckets =
          work.duration && work.duration > 0
            ? await repo.playBuckets(db, id, range.start, range.end, work.duration * 1000)
            : new Array<number>(21).fill(0);
        const plays = buckets.reduce((a, b) => a + b, 0);
        // share still watching at i × 5 %: plays that reached bucket i or beyond
        let remaining = plays;
        retention = buckets.map((n, i) => {
          const point = { at: i / 20, share: rate(remaining, plays) };
          remaining -= n;
          return point;
        });
      }
      return {
        asOf: now.toISOString(),
        work: {
          id: work.id,
          type: work.type,
          title: work.title,
          publishedAt: work.publishedAt?.toISOString() ?? null,
        },
        metrics: workMetricsOf(sumCounters(days)),
        trend: eachDay(range.start, range.end).map((date) => ({
          date,
          ...workMetricsOf(byDay.get(date) ?? repo.toSums(undefined)),
        })),
        sources: sources.map((s) => ({
          source: s.source as WorkDetail['sources'][number]['source'],
          views: s.views,
        })),
        ...(retention ? { retention } : {}),
      };
    },

    async fansCount(authorId, now) {
      const y = addDays(today(now), -1);
      const [total, yesterday] = await Promise.all([
        repo.countFans(db, authorId),
        repo.fansDays(db, authorId, y, y),
      ]);
      const d = yesterday.days[0];
      return { total, gainedYesterday: d?.gained ?? 0, lostYesterday: d?.lost ?? 0, asOf: now.toISOString() };
    },

    async fansChart(authorId, period, now) {
      const t = today(now);
      const range = periodRange(period, t, period === 'all' ? await repo.authorFirstDay(db, authorId) : null);
      const { base, days } = await repo.fansDays(db, authorId, range.start, range.end);
      const byDay = new Map(days.map((d) => [d.day, d]));
      let total = base;
      return eachDay(range.start, range.end).map((date) => {
        const f = byDay.get(date) ?? { gained: 0, lost: 0 };
        total += f.gained - f.lost;
        return { date, gained: f.gained, lost: f.lost, net: f.gained - f.lost, total };
      });
    },

    async fansPortrait(authorId, now) {
      const [gender, ageBand, region, device] = await Promise.all([
        repo.fanPortrait(db, authorId, 'gender'),
        repo.fanPortrait(db, authorId, 'ageBand'),
        repo.fanPortrait(db, authorId, 'region'),
        repo.fanPortrait(db, authorId, 'device'),
      ]);
      return { asOf: now.toISOString(), gender, ageBand, region, device };
    },
  };
}

/** A fan row as `fans/list` answers it (unknown profile → gender/ageBand `unknown`, region/device null). */
export function toFanItem(r: repo.FanRow): FanItem {
  return {
    readerId: r.readerId,
    followedAt: r.followedAt.toISOString(),
    gender: (r.gender ?? 'unknown') as FanItem['gender'],
    ageBand: (r.ageBand ?? 'unknown') as FanItem['ageBand'],
    region: (r.region ?? null) as FanItem['region'],
    device: (r.device ?? null) as FanItem['device'],
  };
}

/** `GET /api/fans/list` (API.md §11): the author's current fans, newest first. */
export async function listFans(db: Db, authorId: number, page: number, pageSize: number, now: Date) {
  const [rows, total] = await Promise.all([
    repo.listFans(db, authorId, pageSize, (page - 1) * pageSize),
    repo.countFans(db, authorId),
  ]);
  return { list: rows.map(toFanItem), total, page, pageSize, asOf: now.toISOString() };
}

/**
 * Every current fan, in pages of `batch`, for the export (API.md §11 `fans/export`): an async iterator so a
 * million fans never sit in memory at once.
 */
export async function* allFans(db: Db, authorId: number, batch = 2000): AsyncGenerator<FanItem[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await repo.listFans(db, authorId, batch, offset);
    if (rows.length > 0) yield rows.map(toFanItem);
    if (rows.length < batch) return;
  }
}

/** What one maintenance run did. */
export interface MaintenanceResult {
  /** partitions dropped (older than the retention) */
  dropped: string[];
  /** closed days whose distinct readers were finalised */
  finalisedDays: number;
}

/**
 * The analytics housekeeping (job `analytics-maintenance`, hourly and at start; issue #12): the day partitions
 * of the coming days exist before their events arrive (today − 7 … today + 2 in `REPORT_TZ`, covering the
 * `at` window of API.md §10), partitions older than `retentionDays` are dropped with their event ids, and the
 * distinct readers of days that can no longer receive events (older than today − 8) are finalised.
 * @param retentionDays config `eventRetentionDays` (default 400)
 */
export async function maintainAnalytics(
  db: Db,
  opts: AnalyticsOptions & { retentionDays: number },
  now: Date,
): Promise<MaintenanceResult> {
  const today = dayIn(now, opts.reportTz);
  const days: string[] = [];
  for (let i = -EVENT_MAX_AGE_DAYS; i <= 2; i++) days.push(addDays(today, i));
  await repo.ensurePartitions(db, days);
  const dropped = await repo.dropPartitionsBefore(db, addDays(today, -opts.retentionDays));
  // a day can still receive events for EVENT_MAX_AGE_DAYS after it ends: only older days are final
  const finalisedDays = await repo.finaliseReaders(db, addDays(today, -(EVENT_MAX_AGE_DAYS + 1)));
  return { dropped, finalisedDays };
}

/**
 * Recomputes the rollups from the raw events still kept (`main.ts analytics:rebuild`; issue #12); days older than
 * the oldest kept partition keep their rollups (repo.rebuildRollups).
 * @returns the first day rewritten, or null when there are no raw events
 */
export function rebuildRollups(db: Db): Promise<string | null> {
  return repo.rebuildRollups(db);
}

/** The headline numbers of the home page (`/api/home/overview`, docs/api.md), all from the rollups. */
export interface AuthorHeadline {
  /** current fans */
  fans: number;
  /** views and likes over the author's whole history */
  totalViews: number;
  totalLikes: number;
  /** yesterday in `REPORT_TZ`: views and fans gained */
  yesterdayViews: number;
  yesterdayFans: number;
}

/**
 * The home page's headline numbers (issue #12: computed from reader events, no longer seeded).
 * @param now the clock; yesterday is the `REPORT_TZ` day before `now`'s
 */
export async function authorHeadline(
  db: Db,
  opts: AnalyticsOptions,
  authorId: number,
  now: Date,
): Promise<AuthorHeadline> {
  const y = addDays(dayIn(now, opts.reportTz), -1);
  const [fans, all, yesterday, yesterdayFans] = await Promise.all([
    repo.countFans(db, authorId),
    repo.authorDays(db, authorId, '0001-01-01', '9999-12-31'),
    repo.authorDays(db, authorId, y, y),
    repo.fansDays(db, authorId, y, y),
  ]);
  const total = sumCounters(all);
  return {
    fans,
    totalViews: total.views,
    totalLikes: Math.max(0, total.likes),
    yesterdayViews: yesterday[0]?.views ?? 0,
    yesterdayFans: yesterdayFans.days[0]?.gained ?? 0,
  };
}
