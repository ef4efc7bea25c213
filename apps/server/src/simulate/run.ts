import { EVENT_BATCH_MAX, type EventBatchResult, type OpenPromotionList } from '@cc/contracts';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { Db, DbHandle } from '../db/client.js';
import { computeInfluence } from '../modules/analytics/influence.service.js';
import { dueReportWeek, generateWeeklyReports } from '../modules/analytics/report.service.js';
import { runDelivery } from '../modules/promotion/promotion.service.js';
import { ensurePopulation, MAX_SIM_AUTHORS } from './population.js';
import {
  generatePromotedTraffic,
  generateTraffic,
  planDays,
  readerPool,
  readerPoolSize,
  type SimDay,
  type SimEvent,
} from './traffic.js';
import {
  BARRAGE_PER_1000_PLAYS,
  COMMENTS_PER_1000_VIEWS,
  type SimBarrage,
  type SimComment,
} from './voices.js';

/*
 * The simulator's driver (issue #12 "A simulator and honest demo data"): makes or finds the population, then
 * sends the traffic model's events day by day through the real `POST /open/events` route of an app built on the
 * same database, with the app's clock at the end of each simulated day, so every event passes the route's own
 * checks (the 7-day window, the works, the state rules) exactly as a reader site's would; after each day's
 * events, the comments and barrage its readers wrote (issue #13) through `POST /open/comments` and
 * `POST /open/barrage`, moderated by the routes like any reader's. Then it derives what
 * the daily and weekly jobs would have made of those days (influence index, rankings, weekly reports) through the
 * analytics services.
 *
 * Promotions (issue #14): for every hour of the last 24 hours before `now` (a promotion runs at most 24 h, and only
 * a promotion still running can be listed), the driver asks `GET /open/promotions` with the clock at the hour's end,
 * sends the promoted impressions, views and follows the site delivers (`generatePromotedTraffic`) through
 * `POST /open/events`, and runs what the delivery job would have run at that time (`runDelivery`: charge, stop on
 * budget or time). Promoted events are counted apart from the organic ones (`promoted`).
 */

/** What to simulate (see `npm run simulate -- --help`). */
export interface SimulateOptions {
  /** days ending today (today up to `now`), 1 … 3650 */
  days: number;
  /** events in total, 0 … 100,000,000 (a day may differ by a session or two; the last stops at the total) */
  events: number;
  /** simulated authors `sim-author-0001` … (made on the first run, reused after), 0 … 9999 */
  authors: number;
  /** a non-negative integer; the same seed sends the same events with the same ids (a re-run: duplicates) */
  seed: number;
  /** events per request, 1 … 1000 (default 1000) */
  batch?: number;
  /** the demo author's works get traffic too: default when the account `demo` exists */
  includeDemo?: boolean;
  /** the simulation's "now" (default the wall clock): the last day ends here */
  now?: Date;
  /** readers' comments per 1000 views of a work of average popularity, 0 … 1000 (default `COMMENTS_PER_1000_VIEWS`) */
  commentsPer1000Views?: number;
  /** bursts of barrage per 1000 plays of a video of average popularity, 0 … 1000 (default `BARRAGE_PER_1000_PLAYS`) */
  barragePer1000Plays?: number;
}

/** What the routes answered to the comments or barrage a run sent. */
export interface VoiceCounts {
  /** sent to the route */
  sent: number;
  /** the route's answers: published, held by the moderation, refused (an error envelope, e.g. comments off) */
  published: number;
  held: number;
  refused: number;
  /** replies not sent because the route did not publish their parent */
  skipped: number;
}

/** What a run did. */
export interface SimulateSummary {
  days: number;
  /** simulated authors taking part, and how many of them this run created */
  authors: number;
  createdAuthors: number;
  /** works taking part (the demo author's included), and how many this run created */
  works: number;
  createdWorks: number;
  demoAuthorId: number | null;
  readers: number;
  /** events sent, and the route's answers summed */
  sent: number;
  accepted: number;
  duplicates: number;
  /** wall time of the population, and of generating and sending the events (the app's start excluded), seconds */
  populationSeconds: number;
  sendSeconds: number;
  /** events sent per second of `sendSeconds` */
  eventsPerSecond: number;
  /** readers' comments and barrage, and the wall time of sending them, seconds (not in `sendSeconds`) */
  comments: VoiceCounts;
  barrage: VoiceCounts;
  voiceSeconds: number;
  /** promoted traffic: promotions the site was given by `GET /open/promotions`, and their events */
  promoted: { promotions: number; sent: number; accepted: number; duplicates: number };
  /** closed days given their influence index and rankings, weekly reports made, and the time it took (s) */
  influenceDays: number;
  reports: number;
  deriveSeconds: number;
}

/** The route refused something a correct simulation never sends, or answered with an error. */
export class SimulationError extends Error {
  constructor(
    message: string,
    /** the refused events with the route's message, when it refused some */
    readonly rejected: { index: number; message: string; event: SimEvent | undefined }[] = [],
  ) {
    super(message);
    this.name = 'SimulationError';
  }
}

/**
 * The demo's simulation (main.ts, when it seeds a fresh demo): a month of 40,000 events, 40 authors. Measured on
 * PGlite on 2 shared cores under load: about 11 s (7 s of sending at ≈ 5,500 events/s, 2 s of derived history),
 * taking the first start's `prepare` from about 6 s to 17–19 s. The readers' comments and barrage (issue #13:
 * ≈ 100 comments, a few held, and ≈ 100 barrage messages, one request each at ≈ 10–20 ms) add 2–4 s.
 */
export const DEMO_SIMULATION: Omit<SimulateOptions, 'now'> = {
  days: 30,
  events: 40_000,
  authors: 40,
  seed: 7,
  includeDemo: true,
};

function checkOptions(o: SimulateOptions): void {
  const int = (name: string, v: number | undefined, min: number, max: number) => {
    if (v !== undefined && (!Number.isInteger(v) || v < min || v > max))
      throw new Error(`${name} must be an integer ${min}…${max} (got ${v})`);
  };
  int('days', o.days, 1, 3650);
  int('events', o.events, 0, 100_000_000);
  int('authors', o.authors, 0, MAX_SIM_AUTHORS);
  int('seed', o.seed, 0, 0xffff_ffff);
  int('batch', o.batch, 1, EVENT_BATCH_MAX);
  int('commentsPer1000Views', o.commentsPer1000Views, 0, 1000);
  int('barragePer1000Plays', o.barragePer1000Plays, 0, 1000);
}

/**
 * Runs a simulation on an open, migrated database: the population (`population.ts`), then the traffic
 * (`traffic.ts`) through `POST /open/events` of an app built with its own clock (`buildApp(config, { handle,
 * clock })`, the per-site request limit lifted), the clock at the end of each day (now for today). Every answer
 * is checked: accepted + duplicates + rejected = the batch, and no event may be rejected. Then `deriveHistory`: the
 * influence index and rankings of the closed simulated days and the weekly reports of its complete weeks, which
 * the server's jobs would have made had it been running then.
 * @param config the server's configuration (its site keys, REPORT_TZ, data key, rules)
 * @param log progress lines (the population, one per day, what was sent, what was derived); default silent
 * @throws Error for options out of range or no `/open/` site key configured; SimulationError when the route
 *   rejects an event or answers with an error (the run stops there: what was accepted stays)
 */
export async function simulate(
  handle: DbHandle,
  config: AppConfig,
  options: SimulateOptions,
  log: (line: string) => void = () => {},
): Promise<SimulateSummary> {
  checkOptions(options);
  const batch = options.batch ?? EVENT_BATCH_MAX;
  const now = options.now ?? new Date();
  const site = config.openSiteKeys.reader !== undefined ? 'reader' : Object.keys(config.openSiteKeys)[0];
  if (site === undefined) throw new Error('no /open/ site key is configured (OPEN_SITE_KEYS)');
  const key = config.openSiteKeys[site]!;
  const days = planDays(now, options.days, config.reportTz);
  if (options.days > config.eventRetentionDays)
    log(
      `warning: raw events older than EVENT_RETENTION_DAYS=${config.eventRetentionDays} days will be dropped`,
    );

  const t0 = performance.now();
  const population = await ensurePopulation(handle.db, config, {
    authors: options.authors,
    now,
    since: days[0]!.start,
    includeDemo: options.includeDemo,
  });
  const populationSeconds = (performance.now() - t0) / 1000;
  if (options.includeDemo && population.demoAuthorId === null)
    log('no demo account: its works get no traffic');
  const readers = readerPoolSize(options.events);
  log(
    `population: ${population.authorIds.length} simulated authors (${population.createdAuthors} new), ` +
      `${population.works.length} works (${population.createdWorks} new)` +
      `${population.demoAuthorId === null ? '' : ', with the demo author'}; ${readers} readers; ` +
      `${populationSeconds.toFixed(1)} s`,
  );

  let clock = days[0]!.cutoff;
  const app = await buildApp(
    {
      ...config,
      // one site sends the whole history in minutes: lift its per-minute budget for this app only
      openRequestsPerMinute: 1_000_000_000,
      // the demo's covers and clips are main.ts's business, not this app's
      seedDemo: false,
      logLevel: config.logLevel === 'silent' ? 'silent' : 'warn',
    },
    { handle, clock: () => new Date(clock) },
  );
  const totals = { sent: 0, accepted: 0, duplicates: 0 };
  const promoted = { promotions: 0, sent: 0, accepted: 0, duplicates: 0 };
  const promotedIds = new Set<number>();
  const voices = {
    comments: { sent: 0, published: 0, held: 0, refused: 0, skipped: 0 },
    barrage: { sent: 0, published: 0, held: 0, refused: 0, skipped: 0 },
  };
  let sendSeconds: number;
  let voiceSeconds = 0;
  try {
    await app.ready();
    const t1 = performance.now();
    const send = async (events: SimEvent[], counts: typeof totals = totals) => {
      const res = await app.inject({
        method: 'POST',
        url: '/open/events',
        headers: { 'x-site-key': key, 'content-type': 'application/json', 'accept-language': 'en-US' },
        payload: JSON.stringify({ events }),
      });
      const env = JSON.parse(res.body) as { status: number; message: string; data: EventBatchResult | null };
      if (res.statusCode !== 200 || env.status !== 1 || !env.data)
        throw new SimulationError(
          `POST /open/events answered HTTP ${res.statusCode}: ${env.status} ${env.message}`,
        );
      const r = env.data;
      if (r.rejected.length > 0)
        throw new SimulationError(
          `POST /open/events rejected ${r.rejected.length} of ${events.length} events`,
          r.rejected.map((x) => ({ ...x, event: events[x.index] })),
        );
      if (r.accepted + r.duplicates !== events.length)
        throw new SimulationError(
          `POST /open/events answered ${r.accepted} accepted + ${r.duplicates} duplicates for ${events.length} events`,
        );
      counts.sent += events.length;
      counts.accepted += r.accepted;
      counts.duplicates += r.duplicates;
    };
    // the promotions' delivery: only the last 24 h can hold a promotion that is still running
    const authorOf = new Map(population.works.map((w) => [w.id, w.authorId]));
    const pool = readerPool(options.seed, readers);
    const promotionsSince = now.getTime() - 24 * 3_600_000;
    const sendPromoted = async (day: SimDay) => {
      for (let from = day.start; from < day.cutoff; from += 3_600_000) {
        const to = Math.min(from + 3_600_000, day.cutoff);
        if (to <= promotionsSince) continue;
        clock = to;
        const res = await app.inject({
          method: 'GET',
          url: '/open/promotions',
          headers: { 'x-site-key': key, 'accept-language': 'en-US' },
        });
        const env = JSON.parse(res.body) as {
          status: number;
          message: string;
          data: OpenPromotionList | null;
        };
        if (res.statusCode !== 200 || env.status !== 1 || !env.data)
          throw new SimulationError(`GET /open/promotions answered HTTP ${res.statusCode}: ${env.message}`);
        const running = env.data.list.flatMap((p) => {
          const authorId = authorOf.get(p.contentId);
          // the site promotes only the works it carries
          if (authorId === undefined) return [];
          promotedIds.add(p.promotionId);
          return [
            {
              promotionId: p.promotionId,
              contentId: p.contentId,
              authorId,
              goal: p.goal,
              targeting: p.targeting,
              startsAt: Date.parse(p.startsAt),
              endsAt: Date.parse(p.endsAt),
            },
          ];
        });
        if (running.length === 0) continue;
        const events = generatePromotedTraffic({
          seed: options.seed,
          promotions: running,
          from,
          to,
          readers: pool,
          tz: config.reportTz,
        });
        for (let i = 0; i < events.length; i += batch) await send(events.slice(i, i + batch), promoted);
        await runDelivery(handle.db, new Date(to), config.reportTz);
      }
      clock = day.cutoff;
    };
    /** One comment or barrage message through its route: its state, or the refusal's message. */
    const sendVoice = async (
      url: '/open/comments' | '/open/barrage',
      payload: object,
      counts: VoiceCounts,
    ): Promise<'published' | 'held' | 'refused'> => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'x-site-key': key, 'content-type': 'application/json', 'accept-language': 'en-US' },
        payload: JSON.stringify(payload),
      });
      const env = JSON.parse(res.body) as {
        status: number;
        message: string;
        data: { state: 'published' | 'held' } | null;
      };
      if (res.statusCode >= 500)
        throw new SimulationError(
          `POST ${url} answered HTTP ${res.statusCode}: ${env.status} ${env.message}`,
        );
      counts.sent += 1;
      if (env.status !== 1 || !env.data) {
        // e.g. comments closed on the work or the work deleted since: counted, the run goes on
        counts.refused += 1;
        if (counts.refused <= 5) log(`POST ${url} refused ${JSON.stringify(payload)}: ${env.message}`);
        return 'refused';
      }
      counts[env.data.state] += 1;
      return env.data.state;
    };
    // the route's verdict on each comment sent, by its id: a reply is sent only when its parent was published
    const commentStates = new Map<string, 'published' | 'held' | 'refused'>();
    const sendVoices = async (comments: SimComment[], barrage: SimBarrage[]) => {
      for (const c of comments) {
        if (c.parentId !== undefined && commentStates.get(c.parentId) !== 'published') {
          voices.comments.skipped += 1;
          continue;
        }
        const payload = {
          commentId: c.commentId,
          contentId: c.contentId,
          readerId: c.readerId,
          readerName: c.readerName,
          text: c.text,
          ...(c.parentId === undefined ? {} : { parentId: c.parentId }),
          at: c.at,
        };
        commentStates.set(c.commentId, await sendVoice('/open/comments', payload, voices.comments));
      }
      for (const b of barrage) {
        const { ad: _ad, ...payload } = b;
        await sendVoice('/open/barrage', payload, voices.barrage);
      }
    };
    for (const { day, events, comments, barrage } of generateTraffic({
      seed: options.seed,
      works: population.works,
      days,
      events: options.events,
      readers,
      boostAuthorIds: population.demoAuthorId === null ? [] : [population.demoAuthorId],
      commentsPer1000Views: options.commentsPer1000Views ?? COMMENTS_PER_1000_VIEWS,
      barragePer1000Plays: options.barragePer1000Plays ?? BARRAGE_PER_1000_PLAYS,
    })) {
      clock = day.cutoff;
      const before = { ...totals };
      const dayStart = performance.now();
      for (let i = 0; i < events.length; i += batch) await send(events.slice(i, i + batch));
      await sendPromoted(day);
      const seconds = (performance.now() - dayStart) / 1000;
      const voicesStart = performance.now();
      await sendVoices(comments, barrage);
      voiceSeconds += (performance.now() - voicesStart) / 1000;
      log(
        `${day.date}: ${events.length} events, ${totals.accepted - before.accepted} accepted, ` +
          `${totals.duplicates - before.duplicates} duplicates` +
          (events.length > 0 ? `, ${Math.round(events.length / Math.max(seconds, 1e-3))} events/s` : '') +
          `; ${comments.length} comments, ${barrage.length} barrage`,
      );
    }
    sendSeconds = (performance.now() - t1) / 1000 - voiceSeconds;
  } finally {
    await app.close();
  }
  const eventsPerSecond = totals.sent / Math.max(sendSeconds, 1e-3);
  log(
    `sent: ${totals.sent} events in ${sendSeconds.toFixed(1)} s (${Math.round(eventsPerSecond)} events/s): ` +
      `${totals.accepted} accepted, ${totals.duplicates} duplicates`,
  );
  const voiceLine = (c: VoiceCounts) =>
    `${c.sent} sent: ${c.published} published, ${c.held} held, ${c.refused} refused` +
    (c.skipped > 0 ? ` (${c.skipped} replies to unpublished comments not sent)` : '');
  promoted.promotions = promotedIds.size;
  if (promoted.promotions > 0)
    log(
      `promoted: ${promoted.promotions} promotions, ${promoted.sent} events, ${promoted.accepted} accepted, ` +
        `${promoted.duplicates} duplicates`,
    );
  log(
    `voices: comments ${voiceLine(voices.comments)}; barrage ${voiceLine(voices.barrage)}; ` +
      `${voiceSeconds.toFixed(1)} s`,
  );
  const t2 = performance.now();
  const derived = await deriveHistory(handle.db, config, days, now);
  const deriveSeconds = (performance.now() - t2) / 1000;
  log(
    `derived: the influence index and rankings of ${derived.influenceDays} days, ` +
      `${derived.reports} weekly reports; ${deriveSeconds.toFixed(1)} s`,
  );
  const summary: SimulateSummary = {
    days: days.length,
    authors: population.authorIds.length,
    createdAuthors: population.createdAuthors,
    works: population.works.length,
    createdWorks: population.createdWorks,
    demoAuthorId: population.demoAuthorId,
    readers,
    ...totals,
    populationSeconds,
    sendSeconds,
    eventsPerSecond,
    ...voices,
    voiceSeconds,
    promoted,
    ...derived,
    deriveSeconds,
  };
  return summary;
}

/**
 * What the server's daily and weekly jobs derive from the rollups, for the simulated past (they only ever compute
 * yesterday and the last week): the influence index and rankings of every closed simulated day, oldest first
 * (replacing what the app's start-up catch-up may have computed before the events arrived), and the weekly
 * reports, with their messages, of every complete week (Monday–Sunday) of the run up to the one due now (made
 * once per author and week).
 */
async function deriveHistory(
  db: Db,
  config: AppConfig,
  days: readonly SimDay[],
  now: Date,
): Promise<{ influenceDays: number; reports: number }> {
  const opts = { reportTz: config.reportTz };
  const closed = days.filter((d) => d.end <= now.getTime());
  for (const day of closed) await computeInfluence(db, day.date, now, opts);
  const due = dueReportWeek(now, config.reportTz);
  let reports = 0;
  for (const day of closed) {
    const monday = new Date(`${day.date}T00:00:00Z`).getUTCDay() === 1;
    if (monday && day.date <= due) reports += (await generateWeeklyReports(db, day.date, now)).created;
  }
  return { influenceDays: closed.length, reports };
}

/**
 * The demo's traffic (`DEMO_SIMULATION`, today as now): main.ts runs it right after seeding a fresh demo, so the
 * demo's audience numbers come from simulated reader events like everyone else's.
 */
export function simulateDemo(
  handle: DbHandle,
  config: AppConfig,
  log?: (line: string) => void,
): Promise<SimulateSummary> {
  return simulate(handle, config, DEMO_SIMULATION, log);
}
