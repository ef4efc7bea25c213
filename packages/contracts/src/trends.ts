import { z } from 'zod';
import { metricsSchema } from './analytics.js';
import { contentTypes, idInputSchema, pageParamSchema } from './schemas.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/*
 * Creative trends, topic engagement and weekly data reports (issue #12 `creativeHot`, `creativeInterest`,
 * `topic`, `dataReport`; docs/api.md "Creative trends and topics"). Every figure here is computed from reader
 * events (API.md §10) by the same rules as the audience data of API.md §11.
 */

/**
 * The metrics that make a work's engagement: `views + plays + likes + favorites + shares`, each as API.md §11
 * counts it (likes and favorites after the state rules, so a day's engagement may be negative).
 */
export const ENGAGEMENT_METRICS = ['views', 'plays', 'likes', 'favorites', 'shares'] as const;

/**
 * The engagement of a set of counters (`ENGAGEMENT_METRICS` summed).
 * @param m any object carrying the five counts (a `Metrics`, a rollup row)
 */
export function engagementOf(m: Record<(typeof ENGAGEMENT_METRICS)[number], number>): number {
  return m.views + m.plays + m.likes + m.favorites + m.shares;
}

/** What a trend ranks: car series of the shipped catalogue (`carSeriesIds` of works) or keywords of titles. */
export const TREND_KINDS = ['series', 'keyword'] as const;
export type TrendKind = (typeof TREND_KINDS)[number];

/** Entries of one ranked list (`creative/hot`, `creative/interest`). */
export const TREND_TOP_N = 20;
/** The window of `creative/hot`, hours (issue #12 "the last 24 h of events"); one sparkline point an hour. */
export const HOT_WINDOW_HOURS = 24;
/** The window of `creative/interest`, days: the last 7 complete days against the 7 before. */
export const INTEREST_WINDOW_DAYS = 7;
/**
 * The least engagement a series or keyword needs in the last 7 complete days to be called rising (docs/api.md
 * "Creative trends and topics"): below it a jump from 1 to 5 would read +400 % and crowd out real movement.
 */
export const INTEREST_MIN_ENGAGEMENT = 50;

export const creativeTrendParamSchema = z.object({ kind: z.enum(TREND_KINDS) });
export type CreativeTrendParam = z.infer<typeof creativeTrendParamSchema>;

/** What an entry is about: `key` is the series id (as text) or the keyword; `label` its name to show. */
const trendSubject = {
  key: z.string().min(1),
  /** series: `brand series` in the request's language; keyword: the keyword itself */
  label: z.string(),
  /** series only: the catalogue id */
  seriesId: idSchema.optional(),
};

/** One entry of `creative/hot`. */
export const creativeHotItemSchema = z.strictObject({
  rank: z.int().min(1),
  ...trendSubject,
  /** engagement over the window (`ENGAGEMENT_METRICS`) */
  engagement: z.int(),
  /** works carrying it that readers engaged with in the window */
  works: countSchema,
  /** engagement per hour, oldest first: point i covers (start + i h, start + (i + 1) h] */
  sparkline: z.array(z.int()).length(HOT_WINDOW_HOURS),
});
export type CreativeHotItem = z.infer<typeof creativeHotItemSchema>;

/** `GET /api/creative/hot { kind }`: what readers of every author engage with now, top 20. */
export const creativeHotSchema = z.strictObject({
  asOf: isoTimeSchema,
  kind: z.enum(TREND_KINDS),
  /** the window: (start, end], end = asOf, start = end − 24 h */
  range: z.strictObject({ start: isoTimeSchema, end: isoTimeSchema }),
  list: z.array(creativeHotItemSchema).max(TREND_TOP_N),
});
export type CreativeHot = z.infer<typeof creativeHotSchema>;

const dateSchema = z.iso.date();
const dayRangeSchema = z.strictObject({ start: dateSchema, end: dateSchema });

/** One entry of `creative/interest`. */
export const creativeInterestItemSchema = z.strictObject({
  rank: z.int().min(1),
  ...trendSubject,
  /** engagement in the last 7 complete days */
  engagement: z.int(),
  /** engagement in the 7 days before */
  previous: z.int(),
  /** (engagement − previous) ÷ previous, 4 decimals; null when previous ≤ 0 (new this week) */
  growthRate: z.number().nullable(),
  /** works carrying it with engagement in the last 7 complete days */
  works: countSchema,
  /** engagement per day over both weeks, oldest first (14 points) */
  sparkline: z.array(z.int()).length(2 * INTEREST_WINDOW_DAYS),
});
export type CreativeInterestItem = z.infer<typeof creativeInterestItemSchema>;

/** `GET /api/creative/interest { kind }`: rising series or keywords, top 20. */
export const creativeInterestSchema = z.strictObject({
  asOf: isoTimeSchema,
  kind: z.enum(TREND_KINDS),
  /** the last 7 complete days (`REPORT_TZ` dates, inclusive) */
  range: dayRangeSchema,
  /** the 7 days before */
  previousRange: dayRangeSchema,
  /** `INTEREST_MIN_ENGAGEMENT`: the threshold the list was cut at */
  minEngagement: countSchema,
  list: z.array(creativeInterestItemSchema).max(TREND_TOP_N),
});
export type CreativeInterest = z.infer<typeof creativeInterestSchema>;

// ---- topics ----

/** Periods of `topic/engagement`: complete days ending yesterday (API.md §11), each with a previous period. */
export const TOPIC_ENGAGEMENT_PERIODS = ['yesterday', '7d', '30d', '90d'] as const;
export type TopicEngagementPeriod = (typeof TOPIC_ENGAGEMENT_PERIODS)[number];
/** Works of every author shown per topic, most engaged first. */
export const TOPIC_TOP_WORKS = 3;

export const topicEngagementParamSchema = z.object({
  period: z.enum(TOPIC_ENGAGEMENT_PERIODS).default('7d'),
  /** one topic only (the list then has one entry; an unknown id is 10006) */
  id: idInputSchema.optional(),
});
export type TopicEngagementParam = z.infer<typeof topicEngagementParamSchema>;

/** A work of a topic: every author's published works may appear (their titles are public on the site). */
export const topicWorkSchema = z.strictObject({
  id: idSchema,
  type: z.enum(contentTypes),
  title: z.string(),
  engagement: z.int(),
  /** the session's own work */
  mine: z.boolean(),
});
export type TopicWork = z.infer<typeof topicWorkSchema>;

/** One topic with its works and their engagement over the period. */
export const topicEngagementItemSchema = z.strictObject({
  id: idSchema,
  /** in the request's language */
  name: z.string(),
  description: z.string(),
  /** published works of every author carrying it */
  works: countSchema,
  /** the author's own works carrying it (any status but deleted, as `topic/list` `myWorkCount`) */
  myWorks: countSchema,
  /** engagement of every author's works over the period */
  engagement: z.int(),
  /** the same over the period before */
  previous: z.int(),
  /** engagement of the author's own works over the period */
  myEngagement: z.int(),
  /** engagement per day of the period, oldest first */
  trend: z.array(z.strictObject({ date: dateSchema, engagement: z.int() })),
  /** the most engaged works of the period, at most `TOPIC_TOP_WORKS` */
  topWorks: z.array(topicWorkSchema).max(TOPIC_TOP_WORKS),
});
export type TopicEngagementItem = z.infer<typeof topicEngagementItemSchema>;

/** `GET /api/topic/engagement { period?, id? }`: every topic, most engaged first (ties in list order). */
export const topicEngagementSchema = z.strictObject({
  asOf: isoTimeSchema,
  period: z.enum(TOPIC_ENGAGEMENT_PERIODS),
  range: dayRangeSchema,
  list: z.array(topicEngagementItemSchema),
});
export type TopicEngagement = z.infer<typeof topicEngagementSchema>;

// ---- weekly data reports ----

/** Works a weekly report names, most engaged first. */
export const REPORT_TOP_WORKS = 3;

/** True when `day` (`YYYY-MM-DD`) is a Monday, the first day of a report's week. */
export function isMonday(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.getUTCDay() === 1;
}

/** A work of a report with its week's counts. */
export const dataReportWorkSchema = z.strictObject({
  id: idSchema,
  type: z.enum(contentTypes),
  /** the title when the report was made */
  title: z.string(),
  engagement: z.int(),
  views: countSchema,
  plays: countSchema,
  likes: z.int(),
  favorites: z.int(),
  shares: countSchema,
});
export type DataReportWork = z.infer<typeof dataReportWorkSchema>;

/** A day of a report's week. */
export const dataReportDaySchema = z.strictObject({
  date: dateSchema,
  engagement: z.int(),
  views: countSchema,
  plays: countSchema,
  fansNet: z.int(),
});

/** What a report holds (stored as `data_reports.body`, version 1). */
export const dataReportBodySchema = z.strictObject({
  /** the Sunday of the week */
  weekEnd: dateSchema,
  /** the week's metrics (API.md §11), Monday to Sunday in `REPORT_TZ` */
  metrics: metricsSchema,
  /** the week before's */
  previous: metricsSchema,
  engagement: z.int(),
  previousEngagement: z.int(),
  /** Monday to Sunday */
  days: z.array(dataReportDaySchema).length(7),
  /** the day of the most engagement (the earliest of a tie); null when the week had none */
  bestDay: z.strictObject({ date: dateSchema, engagement: z.int() }).nullable(),
  topWorks: z.array(dataReportWorkSchema).max(REPORT_TOP_WORKS),
});
export type DataReportBody = z.infer<typeof dataReportBodySchema>;

/** `GET /api/data/report_detail { weekStart }`. */
export const dataReportSchema = dataReportBodySchema.extend({
  /** the Monday of the week */
  weekStart: dateSchema,
  createdAt: isoTimeSchema,
  version: z.int().min(1),
});
export type DataReport = z.infer<typeof dataReportSchema>;

/** A report in the list, with its headline numbers. */
export const dataReportListItemSchema = z.strictObject({
  weekStart: dateSchema,
  weekEnd: dateSchema,
  createdAt: isoTimeSchema,
  engagement: z.int(),
  views: countSchema,
  fansNet: z.int(),
});
export type DataReportListItem = z.infer<typeof dataReportListItemSchema>;

/** `GET /api/data/report_list { page, pageSize }`: the author's reports, newest week first (API.md §3 list). */
export const dataReportListParamSchema = pageParamSchema;
export const dataReportListSchema = listDataSchema(dataReportListItemSchema);
export type DataReportList = z.infer<typeof dataReportListSchema>;

export const dataReportDetailParamSchema = z.object({
  weekStart: z.iso
    .date({ message: 'FIELD_INVALID_FORMAT' })
    .refine((day) => isMonday(day), 'REPORT_WEEK_NOT_MONDAY'),
});
export type DataReportDetailParam = z.infer<typeof dataReportDetailParamSchema>;
