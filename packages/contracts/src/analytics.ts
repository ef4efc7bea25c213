import { z } from 'zod';
import { INT4_MAX, MB } from './constants.js';
import { contentTypes, idInputSchema, pageParamSchema, textInputSchema } from './schemas.js';
import type { Bilingual } from './server-messages.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * Reader events in and audience data out (API.md §10–§11; issue #12). The ingestion route, the simulator,
 * the rollups and the data pages all read the names, limits and metric definitions from here, so the
 * `stat_param` page (the definition of every metric) is generated from the same source the server computes
 * from.
 */

/** Event types of `POST /open/events` (API.md §10). */
export const EVENT_TYPES = [
  'impression',
  'view',
  'play',
  'like',
  'unlike',
  'favorite',
  'unfavorite',
  'share',
  'follow',
  'unfollow',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** Types about an author rather than a work: `authorId` instead of `contentId` (API.md §10). */
export const AUTHOR_EVENT_TYPES: readonly EventType[] = ['follow', 'unfollow'];
/** Where a reader came from (API.md §10 `source`); absent → `other`. */
export const EVENT_SOURCES = [
  'recommend',
  'search',
  'follow',
  'profile',
  'external',
  'promotion',
  'other',
] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];
export const READER_GENDERS = ['male', 'female', 'unknown'] as const;
export const AGE_BANDS = ['<18', '18-24', '25-30', '31-40', '41-50', '>50', 'unknown'] as const;
export const READER_DEVICES = ['ios', 'android', 'pc', 'h5'] as const;
/** ISO 3166-2:CN province-level codes (the 2017 two-letter set): the region of a reader and the fans map. */
export const CN_REGIONS = [
  'CN-BJ',
  'CN-TJ',
  'CN-HE',
  'CN-SX',
  'CN-NM',
  'CN-LN',
  'CN-JL',
  'CN-HL',
  'CN-SH',
  'CN-JS',
  'CN-ZJ',
  'CN-AH',
  'CN-FJ',
  'CN-JX',
  'CN-SD',
  'CN-HA',
  'CN-HB',
  'CN-HN',
  'CN-GD',
  'CN-GX',
  'CN-HI',
  'CN-CQ',
  'CN-SC',
  'CN-GZ',
  'CN-YN',
  'CN-XZ',
  'CN-SN',
  'CN-GS',
  'CN-QH',
  'CN-NX',
  'CN-XJ',
  'CN-TW',
  'CN-HK',
  'CN-MO',
] as const;
export type CnRegion = (typeof CN_REGIONS)[number];

/** Events per batch (API.md §10: 1–1000). */
export const EVENT_BATCH_MAX = 1000;
/** Body of one `/open/events` call, bytes (API.md §10: at most 1 MiB); larger → 10010. */
export const EVENT_BODY_MAX_BYTES = MB;
/** How far back `at` may lie, days (API.md §10: within the last 7 days). */
export const EVENT_MAX_AGE_DAYS = 7;
/** How far ahead of the server's clock `at` may lie, ms (API.md §10: at most 5 minutes). */
export const EVENT_MAX_AHEAD_MS = 5 * 60_000;
/** The longest play, ms (API.md §10: 0 … 21,600,000 = 6 h). */
export const WATCH_MS_MAX = 21_600_000;
/** A play at least this share of the video's duration is complete (API.md §11 `completionRate`). */
export const COMPLETION_SHARE = 0.9;
/** A play shorter than this is an early exit, ms (API.md §11 `exitRate3s`). */
export const EARLY_EXIT_MS = 3000;

/**
 * An id in an `/open/` call: a JSON number or its decimal string (API.md §10 "both are accepted, here and in
 * every `/open/` call"), 1…2,147,483,647.
 */
export const openIdInputSchema = z.union([
  z.int().min(1, 'ID_REQUIRED').max(INT4_MAX, 'FIELD_TOO_BIG'),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'FIELD_INVALID_FORMAT')
    .transform(Number)
    .pipe(z.int().max(INT4_MAX, 'FIELD_TOO_BIG')),
]);

/** A reader's profile as the site knows it (API.md §10 `reader`). */
export const readerProfileSchema = z.strictObject({
  gender: z.enum(READER_GENDERS),
  ageBand: z.enum(AGE_BANDS),
  region: z.enum(CN_REGIONS),
  device: z.enum(READER_DEVICES),
});
export type ReaderProfile = z.infer<typeof readerProfileSchema>;

/**
 * One reader event (API.md §10). What depends on the server's clock (`at` within the last 7 days and at most
 * 5 minutes ahead) and on the database (the work exists) is checked by the server after this schema.
 */
export const readerEventSchema = z
  .strictObject({
    eventId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'EVENT_ID_INVALID'),
    type: z.enum(EVENT_TYPES),
    at: z.iso.datetime({ offset: true, message: 'EVENT_AT_INVALID' }),
    readerId: z.string().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
    contentId: openIdInputSchema.optional(),
    authorId: openIdInputSchema.optional(),
    watchMs: z.int().min(0, 'FIELD_TOO_SMALL').max(WATCH_MS_MAX, 'FIELD_TOO_BIG').optional(),
    source: z.enum(EVENT_SOURCES).optional(),
    promotionId: openIdInputSchema.optional(),
    reader: readerProfileSchema.optional(),
  })
  .superRefine((event, ctx) => {
    const aboutAuthor = AUTHOR_EVENT_TYPES.includes(event.type);
    if (aboutAuthor && event.authorId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['authorId'], message: 'EVENT_AUTHOR_REQUIRED' });
    }
    if (!aboutAuthor && event.contentId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['contentId'], message: 'EVENT_CONTENT_REQUIRED' });
    }
    if (event.type === 'play' && event.watchMs === undefined) {
      ctx.addIssue({ code: 'custom', path: ['watchMs'], message: 'EVENT_WATCH_REQUIRED' });
    }
    if (event.type !== 'play' && event.watchMs !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['watchMs'], message: 'EVENT_WATCH_PLAY_ONLY' });
    }
    if (event.promotionId !== undefined && event.type !== 'impression' && event.type !== 'view') {
      ctx.addIssue({ code: 'custom', path: ['promotionId'], message: 'EVENT_PROMOTION_TYPES' });
    }
  });
export type ReaderEventInput = z.input<typeof readerEventSchema>;
export type ReaderEvent = z.output<typeof readerEventSchema>;

/**
 * The body of `POST /open/events`: `{ events }`, 1–1000 items. Each item is checked on its own with
 * `readerEventSchema` (partial acceptance), so the envelope only checks that it is a list of the right size.
 */
export const eventBatchSchema = z.strictObject({
  /** 1–1000 items: an empty list is a 10007, more than 1000 a 10010 (the route checks the upper bound) */
  events: z.array(z.unknown()).min(1, 'FIELD_TOO_FEW'),
});

/** The answer of `POST /open/events` (API.md §10). */
export const eventBatchResultSchema = z.strictObject({
  accepted: countSchema,
  duplicates: countSchema,
  rejected: z.array(z.strictObject({ index: countSchema, message: z.string() })),
});
export type EventBatchResult = z.infer<typeof eventBatchResultSchema>;

// ---- §11 audience data ----

/** Periods of the data pages (API.md §11). */
export const DATA_PERIODS = ['today', 'yesterday', '7d', '30d', '90d', 'all'] as const;
export type DataPeriod = (typeof DATA_PERIODS)[number];
/** Periods that are whole days ending yesterday and have a previous period of the same length. */
export const CLOSED_PERIOD_DAYS: Partial<Record<DataPeriod, number>> = {
  yesterday: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

/** The count metrics (API.md §11), in display order. */
export const COUNT_METRICS = [
  'impressions',
  'views',
  'plays',
  'watchMs',
  'likes',
  'favorites',
  'shares',
  'comments',
  'barrages',
  'fansGained',
  'fansLost',
  'fansNet',
  'fansTotal',
] as const;
/** The rate metrics (0–1, 4 decimals). */
export const RATE_METRICS = ['completionRate', 'exitRate3s'] as const;
/** Every metric of API.md §11 `metrics`, in its order. */
export const METRIC_KEYS = [
  'impressions',
  'views',
  'plays',
  'watchMs',
  'completionRate',
  'exitRate3s',
  'likes',
  'favorites',
  'shares',
  'comments',
  'barrages',
  'fansGained',
  'fansLost',
  'fansNet',
  'fansTotal',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** Metrics of one work: those of the author less the fans (a follow is of an author). */
export const WORK_METRIC_KEYS = METRIC_KEYS.filter((k) => !k.startsWith('fans')) as Exclude<
  MetricKey,
  'fansGained' | 'fansLost' | 'fansNet' | 'fansTotal'
>[];

/** One metric's definition (the `stat_param` page and docs/api.md "Audience data"). */
export interface MetricDefinition {
  key: MetricKey;
  /** `count` (an integer), `ms` (milliseconds, an integer), `rate` (0–1, 4 decimals), `signed` (may be < 0) */
  unit: 'count' | 'ms' | 'rate' | 'signed';
  name: Bilingual;
  /** how the server computes it, in words */
  definition: Bilingual;
  /** the events it is computed from */
  events: readonly EventType[] | readonly ['comment'] | readonly ['barrage'];
}

/** The definitions of every metric: the rules the rollups implement (API.md §11), shown on `stat_param`. */
export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  {
    key: 'impressions',
    unit: 'count',
    name: { 'zh-CN': '曝光量', 'en-US': 'Impressions' },
    definition: {
      'zh-CN': '作品出现在读者面前的次数（推荐流、搜索结果等），每个 impression 事件计 1 次。',
      'en-US':
        'Times a work was shown to a reader (feeds, search results); each impression event counts once.',
    },
    events: ['impression'],
  },
  {
    key: 'views',
    unit: 'count',
    name: { 'zh-CN': '阅读量', 'en-US': 'Views' },
    definition: {
      'zh-CN': '读者打开作品的次数，每个 view 事件计 1 次（同一读者多次打开计多次）。',
      'en-US':
        'Times readers opened a work; each view event counts once (a reader opening it twice counts twice).',
    },
    events: ['view'],
  },
  {
    key: 'plays',
    unit: 'count',
    name: { 'zh-CN': '播放量', 'en-US': 'Plays' },
    definition: {
      'zh-CN': '视频被播放的次数，每个 play 事件计 1 次。',
      'en-US': 'Times a video was played; each play event counts once.',
    },
    events: ['play'],
  },
  {
    key: 'watchMs',
    unit: 'ms',
    name: { 'zh-CN': '播放时长', 'en-US': 'Watch time' },
    definition: {
      'zh-CN': '所有播放的 watchMs 之和（毫秒）。',
      'en-US': 'The sum of watchMs over all plays (milliseconds).',
    },
    events: ['play'],
  },
  {
    key: 'completionRate',
    unit: 'rate',
    name: { 'zh-CN': '完播率', 'en-US': 'Completion rate' },
    definition: {
      'zh-CN': 'watchMs 达到视频时长 90% 的播放数 ÷ 播放数；无播放时为 0。',
      'en-US': 'Plays with watchMs at least 90% of the video’s duration ÷ plays; 0 when there are no plays.',
    },
    events: ['play'],
  },
  {
    key: 'exitRate3s',
    unit: 'rate',
    name: { 'zh-CN': '3 秒退出率', 'en-US': '3-second exit rate' },
    definition: {
      'zh-CN': 'watchMs 不足 3,000 毫秒的播放数 ÷ 播放数；无播放时为 0。',
      'en-US': 'Plays under 3,000 ms ÷ plays; 0 when there are no plays.',
    },
    events: ['play'],
  },
  {
    key: 'likes',
    unit: 'signed',
    name: { 'zh-CN': '点赞', 'en-US': 'Likes' },
    definition: {
      'zh-CN': '变为“已赞”的次数减去变为“未赞”的次数；不改变读者状态的事件（重复点赞、未赞先取消）不计。',
      'en-US':
        'Changes to liked minus changes to not liked; an event that does not change the reader’s state (liking twice, unliking without a like) counts for nothing.',
    },
    events: ['like', 'unlike'],
  },
  {
    key: 'favorites',
    unit: 'signed',
    name: { 'zh-CN': '收藏', 'en-US': 'Favorites' },
    definition: {
      'zh-CN': '变为“已收藏”的次数减去取消收藏的次数，规则同点赞。',
      'en-US': 'Changes to favorited minus changes to not favorited, by the same rule as likes.',
    },
    events: ['favorite', 'unfavorite'],
  },
  {
    key: 'shares',
    unit: 'count',
    name: { 'zh-CN': '分享', 'en-US': 'Shares' },
    definition: {
      'zh-CN': '每个 share 事件计 1 次。',
      'en-US': 'Each share event counts once.',
    },
    events: ['share'],
  },
  {
    key: 'comments',
    unit: 'count',
    name: { 'zh-CN': '评论', 'en-US': 'Comments' },
    definition: {
      'zh-CN': '读者通过 /open/comments 发表的评论数（含待审核）。',
      'en-US': 'Comments readers posted through /open/comments (held ones included).',
    },
    events: ['comment'],
  },
  {
    key: 'barrages',
    unit: 'count',
    name: { 'zh-CN': '弹幕', 'en-US': 'Barrage' },
    definition: {
      'zh-CN': '读者通过 /open/barrage 发送的弹幕数。',
      'en-US': 'Barrage messages readers sent through /open/barrage.',
    },
    events: ['barrage'],
  },
  {
    key: 'fansGained',
    unit: 'count',
    name: { 'zh-CN': '新增粉丝', 'en-US': 'Followers gained' },
    definition: {
      'zh-CN': '变为“已关注”的次数（重复关注不计）。',
      'en-US': 'Changes to following (following twice counts once).',
    },
    events: ['follow'],
  },
  {
    key: 'fansLost',
    unit: 'count',
    name: { 'zh-CN': '取关粉丝', 'en-US': 'Followers lost' },
    definition: {
      'zh-CN': '变为“未关注”的次数（未关注时取关不计）。',
      'en-US': 'Changes to not following (unfollowing without a follow counts for nothing).',
    },
    events: ['unfollow'],
  },
  {
    key: 'fansNet',
    unit: 'signed',
    name: { 'zh-CN': '净增粉丝', 'en-US': 'Net followers' },
    definition: { 'zh-CN': '新增粉丝 − 取关粉丝。', 'en-US': 'Followers gained − followers lost.' },
    events: ['follow', 'unfollow'],
  },
  {
    key: 'fansTotal',
    unit: 'count',
    name: { 'zh-CN': '粉丝总数', 'en-US': 'Total followers' },
    definition: {
      'zh-CN': '周期结束时处于“已关注”状态的读者数。',
      'en-US': 'Readers following the author at the end of the period.',
    },
    events: ['follow', 'unfollow'],
  },
];

/** API.md §11 `metrics`. Counts of the state rules may be negative within a period (more unlikes than likes). */
export const metricsSchema = z.strictObject({
  impressions: countSchema,
  views: countSchema,
  plays: countSchema,
  watchMs: countSchema,
  completionRate: z.number().min(0).max(1),
  exitRate3s: z.number().min(0).max(1),
  likes: z.int(),
  favorites: z.int(),
  shares: countSchema,
  comments: countSchema,
  barrages: countSchema,
  fansGained: countSchema,
  fansLost: countSchema,
  fansNet: z.int(),
  fansTotal: countSchema,
});
export type Metrics = z.infer<typeof metricsSchema>;
/** A work's metrics: no fans. */
export const workMetricsSchema = metricsSchema.omit({
  fansGained: true,
  fansLost: true,
  fansNet: true,
  fansTotal: true,
});
export type WorkMetrics = z.infer<typeof workMetricsSchema>;

const dateSchema = z.iso.date();
const periodSchema = z.enum(DATA_PERIODS);

export const dataOverviewParamSchema = z.object({
  period: periodSchema,
  type: z.enum(contentTypes).optional(),
});
export type DataOverviewParam = z.infer<typeof dataOverviewParamSchema>;

/** `GET /api/data/overview` (API.md §11); `range` are `REPORT_TZ` dates, inclusive. */
export const dataOverviewSchema = z.strictObject({
  asOf: isoTimeSchema,
  range: z.strictObject({ start: dateSchema, end: dateSchema }),
  metrics: metricsSchema,
  /** the period just before, of the same length; null for `all` (nothing is before it) */
  previous: metricsSchema.nullable(),
  trend: z.array(metricsSchema.extend({ date: dateSchema })),
});
export type DataOverview = z.infer<typeof dataOverviewSchema>;

/** What `work_list` can sort by: every work metric and the publishing time. */
export const WORK_SORT_KEYS = ['publishedAt', ...WORK_METRIC_KEYS] as const;
export const workListParamSchema = pageParamSchema.extend({
  period: periodSchema,
  type: z.enum(contentTypes).optional(),
  sort: z.enum(WORK_SORT_KEYS).default('publishedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** extension: title contains (case-insensitive) */
  keyword: textInputSchema(100, { trim: true }).optional(),
});
export type WorkListParam = z.infer<typeof workListParamSchema>;
export const workListItemSchema = workMetricsSchema.extend({
  id: idSchema,
  type: z.enum(contentTypes),
  title: z.string(),
  publishedAt: isoTimeSchema.nullable(),
});
export type WorkListItem = z.infer<typeof workListItemSchema>;
/** `GET /api/data/work_list`: a list (API.md §3) plus `asOf` (extension, every figure shows its time). */
export const workListSchema = listDataSchema(workListItemSchema).extend({ asOf: isoTimeSchema });
export type WorkList = z.infer<typeof workListSchema>;

export const workDetailParamSchema = z.object({ id: idInputSchema, period: periodSchema });
/** One point of a retention curve: the share of plays still watching at `at` (0–1 of the duration). */
export const retentionPointSchema = z.strictObject({
  at: z.number().min(0).max(1),
  share: z.number().min(0).max(1),
});
export const workDetailSchema = z.strictObject({
  asOf: isoTimeSchema,
  /** extension: the work itself, so the page needs no second call */
  work: z.strictObject({
    id: idSchema,
    type: z.enum(contentTypes),
    title: z.string(),
    publishedAt: isoTimeSchema.nullable(),
  }),
  metrics: workMetricsSchema,
  trend: z.array(workMetricsSchema.extend({ date: dateSchema })),
  sources: z.array(z.strictObject({ source: z.enum(EVENT_SOURCES), views: countSchema })),
  /** videos only: 21 points, at 0, 5 %, … 100 % of the duration */
  retention: z.array(retentionPointSchema).optional(),
});
export type WorkDetail = z.infer<typeof workDetailSchema>;

export const fansCountSchema = z.strictObject({
  total: countSchema,
  gainedYesterday: countSchema,
  lostYesterday: countSchema,
  asOf: isoTimeSchema,
});
export type FansCount = z.infer<typeof fansCountSchema>;
export const fansChartParamSchema = z.object({ period: periodSchema });
export const fansChartSchema = z.array(
  z.strictObject({
    date: dateSchema,
    gained: countSchema,
    lost: countSchema,
    net: z.int(),
    total: countSchema,
  }),
);
export type FansChart = z.infer<typeof fansChartSchema>;
export const fanItemSchema = z.strictObject({
  readerId: z.string(),
  followedAt: isoTimeSchema,
  gender: z.enum(READER_GENDERS),
  ageBand: z.enum(AGE_BANDS),
  /** null when the site never sent the reader's region */
  region: z.enum(CN_REGIONS).nullable(),
  /** null when the site never sent the reader's device */
  device: z.enum(READER_DEVICES).nullable(),
});
export type FanItem = z.infer<typeof fanItemSchema>;
/** `GET /api/fans/list`: a list (API.md §3) plus `asOf` (API.md §11: every answer carries it). */
export const fansListSchema = listDataSchema(fanItemSchema).extend({ asOf: isoTimeSchema });
export type FansList = z.infer<typeof fansListSchema>;
const keyCountsSchema = z.array(z.strictObject({ key: z.string(), count: countSchema }));
export const fansPortraitSchema = z.strictObject({
  /** API.md §11: every answer carries `asOf` */
  asOf: isoTimeSchema,
  gender: keyCountsSchema,
  ageBand: keyCountsSchema,
  region: keyCountsSchema,
  device: keyCountsSchema,
});
export type FansPortrait = z.infer<typeof fansPortraitSchema>;
export const FAN_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const fansExportParamSchema = z.object({ format: z.enum(FAN_EXPORT_FORMATS) });
/** `work_list` export (extension): the same filters as the list, every row. */
export const workExportParamSchema = z.object({
  period: periodSchema,
  type: z.enum(contentTypes).optional(),
  format: z.enum(FAN_EXPORT_FORMATS),
});

/** `GET /api/data/peers` (extension): the median of the same field's authors over the same period. */
export const dataPeersSchema = z.strictObject({
  asOf: isoTimeSchema,
  /** the author's field (certification), null → compared with every author */
  field: z.string().nullable(),
  /** how many authors the median is over (the author included) */
  authors: countSchema,
  median: metricsSchema,
});
export type DataPeers = z.infer<typeof dataPeersSchema>;
export const dataPeersParamSchema = z.object({ period: periodSchema });
