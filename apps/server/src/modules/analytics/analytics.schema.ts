import type { ContentType, EventSource, EventType } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * Tables of the analytics module (issue #12; API.md §10–§11): only analytics.repo.ts writes them. Raw reader
 * events, what makes ingestion idempotent and the readers' states, and the rollups every page reads. The
 * rollups are derived data: `main.ts analytics:rebuild` recomputes them from the raw events.
 *
 * No foreign keys to works or authors: the raw events are a log of what readers did, kept even when a work is
 * deleted, and the rollups of a deleted work stay in its author's totals (a deleted work was still read).
 */

/**
 * Raw reader events, PARTITIONED BY RANGE (day): one partition per `REPORT_TZ` day (`reader_events_pYYYYMMDD`),
 * created ahead by the ingest path and the maintenance job, dropped after `EVENT_RETENTION_DAYS`. The
 * migration adds `PARTITION BY` by hand (drizzle-kit does not declare partitioning); this declaration is what
 * queries see. `effective` is the state rule's verdict at ingestion (false: a like of a work already liked).
 */
export const readerEvents = pgTable(
  'reader_events',
  {
    day: date('day', { mode: 'string' }).notNull(),
    site: text('site').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').$type<EventType>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    readerId: text('reader_id').notNull(),
    /** the work; null for follow/unfollow */
    contentId: integer('content_id'),
    /** the work's author, or the followed author */
    authorId: integer('author_id').notNull(),
    /** the work's type at ingestion; null for follow/unfollow */
    contentType: text('content_type').$type<ContentType>(),
    source: text('source').$type<EventSource>().notNull(),
    promotionId: integer('promotion_id'),
    /** plays only, ms */
    watchMs: integer('watch_ms'),
    /** plays only: watchMs ≥ 90 % of the video's duration as known at ingestion */
    completed: boolean('completed'),
    effective: boolean('effective').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.site, t.eventId] }),
    index('reader_events_author_day_idx').on(t.authorId, t.day),
    index('reader_events_content_day_idx').on(t.contentId, t.day),
  ],
);

/**
 * Every event id a site has sent, for idempotency (API.md §10: a repeated id changes nothing): a unique
 * constraint the batch inserts against with ON CONFLICT DO NOTHING. Not partitioned (a unique key of a
 * partitioned table must hold the partition key, and a retried event may fall on another day); rows older than
 * the retention go with their partition.
 */
export const eventIds = pgTable(
  'event_ids',
  {
    site: text('site').notNull(),
    eventId: text('event_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.site, t.eventId] }), index('event_ids_day_idx').on(t.day)],
);

/**
 * A reader's state toward a work (`like`, `favorite`) or an author (`follow`): the state rules of API.md §10.
 * `since` is when it last changed (a fan's `followedAt`).
 */
export const readerStates = pgTable(
  'reader_states',
  {
    site: text('site').notNull(),
    readerId: text('reader_id').notNull(),
    kind: text('kind').$type<'like' | 'favorite' | 'follow'>().notNull(),
    targetId: integer('target_id').notNull(),
    active: boolean('active').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.site, t.readerId, t.kind, t.targetId] }),
    /** an author's current fans, newest first */
    index('reader_states_fans_idx')
      .on(t.targetId, t.since)
      .where(sql`${t.kind} = 'follow' and ${t.active}`),
  ],
);

/** What a site last told about a reader (API.md §10 `reader`): the fans' portrait. */
export const readerProfiles = pgTable(
  'reader_profiles',
  {
    site: text('site').notNull(),
    readerId: text('reader_id').notNull(),
    gender: text('gender').notNull(),
    ageBand: text('age_band').notNull(),
    region: text('region').notNull(),
    device: text('device').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.site, t.readerId] })],
);

/** The counters every rollup of works carries (API.md §11 `metrics` before rates and fans). */
const workCounters = {
  impressions: integer('impressions').notNull().default(0),
  views: integer('views').notNull().default(0),
  plays: integer('plays').notNull().default(0),
  watchMs: bigint('watch_ms', { mode: 'number' }).notNull().default(0),
  /** plays with watchMs ≥ 90 % of the duration */
  completedPlays: integer('completed_plays').notNull().default(0),
  /** plays under 3,000 ms */
  shortPlays: integer('short_plays').notNull().default(0),
  /** effective likes minus effective unlikes; may be negative on a day */
  likes: integer('likes').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
  shares: integer('shares').notNull().default(0),
  comments: integer('comments').notNull().default(0),
  barrages: integer('barrages').notNull().default(0),
};

/**
 * Daily rollup per work (`REPORT_TZ` day), kept current in the ingest transaction. `readers` (distinct readers
 * who viewed or played) is finalised once the day has closed, by the maintenance job; null until then.
 */
export const workDaily = pgTable(
  'work_daily',
  {
    contentId: integer('content_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    authorId: integer('author_id').notNull(),
    contentType: text('content_type').$type<ContentType>().notNull(),
    ...workCounters,
    readers: integer('readers'),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.day] }),
    index('work_daily_author_day_idx').on(t.authorId, t.day),
    /** platform-wide reads by day: rising series and keywords, topic engagement */
    index('work_daily_day_idx').on(t.day),
  ],
);

/** Daily rollup per author and content type: the overview, its type filter and the peers' median. */
export const authorDaily = pgTable(
  'author_daily',
  {
    authorId: integer('author_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    contentType: text('content_type').$type<ContentType>().notNull(),
    ...workCounters,
  },
  (t) => [
    primaryKey({ columns: [t.authorId, t.day, t.contentType] }),
    index('author_daily_day_idx').on(t.day),
  ],
);

/** Daily follows and unfollows per author after the state rules (fans are of an author, not of a type). */
export const authorFansDaily = pgTable(
  'author_fans_daily',
  {
    authorId: integer('author_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gained: integer('gained').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    /** distinct readers who viewed or played any of the author's works; null until the day closes */
    readers: integer('readers'),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.day] }), index('author_fans_daily_day_idx').on(t.day)],
);

/** Impressions and views per work, day and source (a work's traffic sources). */
export const workSourceDaily = pgTable(
  'work_source_daily',
  {
    contentId: integer('content_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').$type<EventSource>().notNull(),
    authorId: integer('author_id').notNull(),
    contentType: text('content_type').$type<ContentType>().notNull(),
    impressions: integer('impressions').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.day, t.source] }),
    index('work_source_daily_author_day_idx').on(t.authorId, t.day),
  ],
);

/**
 * The daily influence index per author (issue #12; docs/api.md "Influence index"), with its components, and
 * the author's place in each daily ranking computed from it.
 */
export const influenceDaily = pgTable(
  'influence_daily',
  {
    authorId: integer('author_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    score: real('score').notNull(),
    creation: real('creation').notNull(),
    engagement: real('engagement').notNull(),
    fans: real('fans').notNull(),
    credibility: real('credibility').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.day] }), index('influence_daily_day_idx').on(t.day, t.score)],
);

/** One author's place in one daily ranking (`hot`, `popular`, `safe`, `influence`, `carBuying`, `leader`, `video`). */
export const rankingDaily = pgTable(
  'ranking_daily',
  {
    board: text('board').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    authorId: integer('author_id').notNull(),
    place: integer('place').notNull(),
    value: real('value').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.day, t.authorId] }),
    index('ranking_daily_board_day_place_idx').on(t.board, t.day, t.place),
  ],
);

/** Weekly data reports (issue #12 `dataReport`): one per author and week (Monday, `REPORT_TZ`). */
export const dataReports = pgTable(
  'data_reports',
  {
    authorId: integer('author_id').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** the report's figures, as the detail page shows them */
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    version: smallint('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.weekStart] })],
);
