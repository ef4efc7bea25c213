import { z } from 'zod';
import { carSeriesItemSchema } from './car.js';
import { contentStatuses, idInputSchema, pageParamSchema } from './schemas.js';
import { contentStatsSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * Dynamics (posts; issue #10 "Dynamics", API.md §13): what the server answers about them beyond `dynamic/publish`
 * (whose param is `publishDynamicParamSchema` in works.ts) — the extensions `dynamic/detail` and `dynamic/list`
 * (docs/api.md "Dynamics") — and the rules the pages and the server share.
 */

/** Longest title derived from a dynamic's text, in code points (lists and messages name a dynamic by it). */
export const DYNAMIC_TITLE_MAX = 30;

/**
 * The title of a dynamic (it has none of its own): the start of its text on one line — white space runs,
 * line breaks included, become one space — cut at `DYNAMIC_TITLE_MAX` code points (an emoji counts once).
 * @example dynamicTitleOf('今天试驾了\n新款车型') === '今天试驾了 新款车型'
 */
export function dynamicTitleOf(text: string): string {
  return [...text.replace(/\s+/g, ' ').trim()].slice(0, DYNAMIC_TITLE_MAX).join('');
}

/**
 * The views of `dynamic/list` (spec §2 `newDynamic/*`): `community` every published dynamic of the author,
 * `old` those published more than `DYNAMIC_OLD_AFTER_DAYS` days ago, `smallVideo` those that carry a video.
 */
export const DYNAMIC_LIST_VIEWS = ['community', 'old', 'smallVideo'] as const;
export type DynamicListView = (typeof DYNAMIC_LIST_VIEWS)[number];

/** A dynamic is "old" (`newDynamic/oldDynamic`) once published more than this many days ago (30 × 24 h). */
export const DYNAMIC_OLD_AFTER_DAYS = 30;

/** `GET /api/dynamic/list { view, page, pageSize }` (extension, docs/api.md "Dynamics"). */
export const dynamicListParamSchema = pageParamSchema.extend({
  view: z.enum(DYNAMIC_LIST_VIEWS).default('community'),
});
export type DynamicListParam = z.infer<typeof dynamicListParamSchema>;

/** `GET /api/dynamic/detail { id }` (extension): one of the author's dynamics. */
export const dynamicDetailParamSchema = z.object({ id: idInputSchema });
export type DynamicDetailParam = z.infer<typeof dynamicDetailParamSchema>;

/**
 * The video a dynamic shows (one of the author's video or short-video works): its title, cover (the chosen
 * cover, else the upload's frame; null when neither exists yet) and duration in seconds (null until probed).
 */
export const dynamicVideoSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  coverUrl: z.string().nullable(),
  duration: z.number().min(0).nullable(),
});
export type DynamicVideo = z.infer<typeof dynamicVideoSchema>;

/** One dynamic in the `newDynamic/*` feeds: its text, images, video, topic, car series and engagement. */
export const dynamicFeedItemSchema = z.strictObject({
  id: idSchema,
  text: z.string(),
  status: z.enum(contentStatuses),
  images: z.array(z.string()),
  video: dynamicVideoSchema.nullable(),
  topicId: idSchema.nullable(),
  carSeriesIds: z.array(idSchema),
  /** the names of `carSeriesIds` from the shipped catalogue, in the same order */
  carSeries: z.array(carSeriesItemSchema),
  publishedAt: isoTimeSchema.nullable(),
  updatedAt: isoTimeSchema,
  stats: contentStatsSchema,
});
export type DynamicFeedItem = z.infer<typeof dynamicFeedItemSchema>;

/** `dynamic/list` → a page of feed items (API.md §3 list shape). */
export const dynamicListSchema = listDataSchema(dynamicFeedItemSchema);
export type DynamicList = z.infer<typeof dynamicListSchema>;

/**
 * `dynamic/detail` → the dynamic as its editor needs it: a feed item plus `videoId` (kept even when the video
 * was deleted since, `video` then null), the review's `rejectReason` (request language) and `scheduledAt`.
 */
export const dynamicDetailSchema = dynamicFeedItemSchema.extend({
  videoId: idSchema.nullable(),
  rejectReason: z.string().nullable(),
  /** extension (issue #11): the rule a rejection applies, `slug#section` (`ruleHref`); null unless rejected */
  rejectRuleRef: z.string().nullable().optional(),
  scheduledAt: isoTimeSchema.nullable(),
});
export type DynamicDetail = z.infer<typeof dynamicDetailSchema>;
