import { z } from 'zod';
import { MEDIA_IMAGE_URL_PATTERN } from './constants.js';
import {
  contentStatuses,
  contentTypes,
  idInputSchema,
  pageParamSchema,
  requestIdInputSchema,
  ruleIssue,
  scheduledAtIssue,
  textInputSchema,
} from './schemas.js';
import { checkTitle } from './text-rules.js';
import { idSchema, isoTimeSchema } from './types.js';

/**
 * The other content types (issue #10, API.md §13): image collections (`album`), dynamics (posts), live shows and
 * programs — the param schemas of their calls exactly as API.md §13 gives them, the extensions of docs/api.md
 * ("Other content types"), topics, and the operators' review queue. Rules both the pages and the server check.
 */

/** Characters of a text counted by code point (an emoji counts once). */
export function codePointLength(text: string): number {
  return [...text].length;
}

/** Publish types of every publish call (API.md §13): 0 draft, 1 publish now, 2 at `scheduledAt`. */
export const publishTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** An image of this product (`/media/img/{w}x{h}/{key}`, API.md §4): nothing from another site. */
export const mediaImageUrlSchema = z
  .string('FIELD_EXPECTED_STRING')
  .max(512, 'IMAGE_URL_NOT_OURS')
  .regex(MEDIA_IMAGE_URL_PATTERN, 'IMAGE_URL_NOT_OURS');

/** Most car series one work names. */
export const CAR_SERIES_PER_WORK_MAX = 10;

/** `carSeriesIds` of any work: ids of the shipped car catalogue, at most 10, no repeats (checked by the server). */
export const carSeriesIdsSchema = z
  .array(idInputSchema)
  .max(CAR_SERIES_PER_WORK_MAX, 'CAR_SERIES_TOO_MANY')
  .refine((ids) => new Set(ids).size === ids.length, 'CAR_SERIES_REPEATED')
  .default([]);

// ---------------------------------------------------------------------------------------------------
// Image collections (album)
// ---------------------------------------------------------------------------------------------------

export const ALBUM_IMAGES_MIN = 1;
export const ALBUM_IMAGES_MAX = 50;
/** A caption: at most 200 characters (code points). */
export const ALBUM_CAPTION_MAX = 200;

/** One image of an album: our image and its caption ('' when none). */
export const albumImageSchema = z.object({
  url: mediaImageUrlSchema,
  caption: textInputSchema(4 * ALBUM_CAPTION_MAX, { trim: true })
    .refine((s) => codePointLength(s) <= ALBUM_CAPTION_MAX, {
      message: 'CAPTION_LENGTH',
      params: { max: ALBUM_CAPTION_MAX },
    })
    .default(''),
});
export type AlbumImage = z.output<typeof albumImageSchema>;

/**
 * `POST /api/album/publish` (API.md §13): `{ id?, title, images (1–50), coverUrl?, carSeriesIds?, publishType,
 * scheduledAt? }`; extensions `topicId?` and `requestId?` (docs/api.md). A draft needs a title; publishing and
 * scheduling need the title rule (`checkTitle`). `coverUrl`, when given, is one of the images (else the first).
 */
export const publishAlbumParamSchema = z
  .object({
    id: idInputSchema.optional(),
    title: textInputSchema(200, { tooLong: 'TITLE_TOO_LONG' }),
    images: z
      .array(albumImageSchema)
      .min(ALBUM_IMAGES_MIN, 'ALBUM_IMAGES_REQUIRED')
      .max(ALBUM_IMAGES_MAX, 'ALBUM_IMAGES_TOO_MANY'),
    coverUrl: mediaImageUrlSchema.optional(),
    carSeriesIds: carSeriesIdsSchema,
    topicId: idInputSchema.optional(),
    publishType: publishTypeSchema,
    scheduledAt: textInputSchema(64).optional(),
    requestId: requestIdInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.publishType === 0) {
      if (value.title.trim().length === 0) ctx.addIssue(ruleIssue({ code: 'TITLE_REQUIRED' }, ['title']));
    } else {
      const t = checkTitle(value.title);
      if (t) ctx.addIssue(ruleIssue(t, ['title']));
    }
    if (value.coverUrl !== undefined && !value.images.some((i) => i.url === value.coverUrl))
      ctx.addIssue(ruleIssue({ code: 'ALBUM_COVER_NOT_IN_IMAGES' }, ['coverUrl']));
    const schedule = value.publishType === 2 ? scheduledAtIssue(value.scheduledAt) : null;
    if (schedule) ctx.addIssue(schedule);
  });
export type PublishAlbumParam = z.infer<typeof publishAlbumParamSchema>;

// ---------------------------------------------------------------------------------------------------
// Dynamics (posts)
// ---------------------------------------------------------------------------------------------------

export const DYNAMIC_TEXT_MAX = 2000;
export const DYNAMIC_IMAGES_MAX = 9;

/**
 * `POST /api/dynamic/publish` (API.md §13): `{ id?, text (1–2000), images? (≤ 9 image URLs), videoId?, topicId?,
 * carSeriesIds?, publishType, scheduledAt? }`; extension `requestId?`. `videoId` is one of the author's video or
 * short-video works (checked by the server). Text counted in code points, trimmed.
 */
export const publishDynamicParamSchema = z
  .object({
    id: idInputSchema.optional(),
    text: textInputSchema(4 * DYNAMIC_TEXT_MAX, { multiline: true, trim: true }),
    images: z.array(mediaImageUrlSchema).max(DYNAMIC_IMAGES_MAX, 'DYNAMIC_IMAGES_TOO_MANY').default([]),
    videoId: idInputSchema.optional(),
    topicId: idInputSchema.optional(),
    carSeriesIds: carSeriesIdsSchema,
    publishType: publishTypeSchema,
    scheduledAt: textInputSchema(64).optional(),
    requestId: requestIdInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const n = codePointLength(value.text);
    if (n < 1 || n > DYNAMIC_TEXT_MAX)
      ctx.addIssue(ruleIssue({ code: 'DYNAMIC_TEXT_LENGTH', params: { max: DYNAMIC_TEXT_MAX } }, ['text']));
    const schedule = value.publishType === 2 ? scheduledAtIssue(value.scheduledAt) : null;
    if (schedule) ctx.addIssue(schedule);
  });
export type PublishDynamicParam = z.infer<typeof publishDynamicParamSchema>;

// ---------------------------------------------------------------------------------------------------
// Live shows
// ---------------------------------------------------------------------------------------------------

export const LIVE_STATES = ['upcoming', 'live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
export const LIVE_DESCRIPTION_MAX = 2000;

/**
 * `POST /api/live/save` (API.md §13): `{ id?, title, coverUrl, startAt, description? }` → `{ id, state: upcoming,
 * pushUrl, streamKey }`. Title by `checkTitle`; `startAt` ISO 8601 (the server checks it is ahead, at most 30
 * days); only an upcoming show can be edited.
 */
export const saveLiveParamSchema = z
  .object({
    id: idInputSchema.optional(),
    title: textInputSchema(200, { tooLong: 'TITLE_TOO_LONG' }),
    coverUrl: mediaImageUrlSchema,
    startAt: textInputSchema(64),
    description: textInputSchema(4 * LIVE_DESCRIPTION_MAX, { multiline: true, trim: true }).default(''),
    requestId: requestIdInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const t = checkTitle(value.title);
    if (t) ctx.addIssue(ruleIssue(t, ['title']));
    const at = new Date(value.startAt);
    if (!value.startAt || Number.isNaN(at.getTime()))
      ctx.addIssue(ruleIssue({ code: 'LIVE_START_INVALID' }, ['startAt']));
    if (codePointLength(value.description) > LIVE_DESCRIPTION_MAX)
      ctx.addIssue(
        ruleIssue({ code: 'DESCRIPTION_LENGTH', params: { max: LIVE_DESCRIPTION_MAX } }, ['description']),
      );
  });
export type SaveLiveParam = z.infer<typeof saveLiveParamSchema>;

/** `live/save` → data (API.md §13). */
export const saveLiveResultSchema = z.strictObject({
  id: idSchema,
  state: z.enum(LIVE_STATES),
  pushUrl: z.string(),
  streamKey: z.string(),
});
export type SaveLiveResult = z.infer<typeof saveLiveResultSchema>;

/** `POST /api/live/state` (API.md §13): upcoming → live → ended, by the author; a replay once ended. */
export const liveStateParamSchema = z.object({
  id: idInputSchema,
  state: z.enum(['live', 'ended']),
  replayVideoId: idInputSchema.optional(),
});
export type LiveStateParam = z.infer<typeof liveStateParamSchema>;

/** `live/state` → data (API.md §13). */
export const liveStateResultSchema = z.strictObject({ id: idSchema, state: z.enum(LIVE_STATES) });
export type LiveStateResult = z.infer<typeof liveStateResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------------------------------

export const PROGRAM_EPISODES_MAX = 200;
export const PROGRAM_DESCRIPTION_MAX = 2000;

/**
 * `POST /api/program/save` (API.md §13): `{ id?, title, description?, coverUrl?, episodeIds }` → `{ id }`;
 * 10005 when the author's `rankResult` is 0. Episodes are the author's own works, in order, no repeats.
 */
export const saveProgramParamSchema = z
  .object({
    id: idInputSchema.optional(),
    title: textInputSchema(200, { tooLong: 'TITLE_TOO_LONG' }),
    description: textInputSchema(4 * PROGRAM_DESCRIPTION_MAX, { multiline: true, trim: true }).default(''),
    coverUrl: mediaImageUrlSchema.optional(),
    episodeIds: z
      .array(idInputSchema)
      .max(PROGRAM_EPISODES_MAX, 'PROGRAM_EPISODES_TOO_MANY')
      .refine((ids) => new Set(ids).size === ids.length, 'PROGRAM_EPISODE_REPEATED'),
    requestId: requestIdInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const t = checkTitle(value.title);
    if (t) ctx.addIssue(ruleIssue(t, ['title']));
    if (codePointLength(value.description) > PROGRAM_DESCRIPTION_MAX)
      ctx.addIssue(
        ruleIssue({ code: 'DESCRIPTION_LENGTH', params: { max: PROGRAM_DESCRIPTION_MAX } }, ['description']),
      );
  });
export type SaveProgramParam = z.infer<typeof saveProgramParamSchema>;

/** `program/save` → `{ id }` (API.md §13). */
export const idResultSchema = z.strictObject({ id: idSchema });
export type IdResult = z.infer<typeof idResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Topics (issue #10 "Topics"; docs/api.md)
// ---------------------------------------------------------------------------------------------------

/** `GET /api/topic/list { keyword? }` (extension): the platform's topics. */
export const topicListParamSchema = z.object({
  keyword: textInputSchema(40, { trim: true }).optional(),
});
export type TopicListParam = z.infer<typeof topicListParamSchema>;

/** A topic, its name and description in the request's language, and how many of the author's works carry it. */
export const topicItemSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  myWorkCount: z.int().min(0),
});
export type TopicItem = z.infer<typeof topicItemSchema>;
export const topicListSchema = z.array(topicItemSchema);

// ---------------------------------------------------------------------------------------------------
// The operators' review queue (API.md §13)
// ---------------------------------------------------------------------------------------------------

export const USER_ROLES = ['author', 'operator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** `GET /api/ops/review/list` (API.md §13): works waiting for an operator, oldest first; page as every list. */
export const opsReviewListParamSchema = pageParamSchema.extend({
  type: z.enum(contentTypes).optional(),
});
export type OpsReviewListParam = z.infer<typeof opsReviewListParamSchema>;

/** One work in the queue: what it is, whose, why it waits, and the text to judge. */
export const opsReviewItemSchema = z.strictObject({
  id: idSchema,
  type: z.enum(contentTypes),
  title: z.string(),
  /** the reader-visible text (plain), at most 2,000 characters */
  excerpt: z.string(),
  coverUrl: z.string().nullable(),
  imageUrls: z.array(z.string()),
  authorId: idSchema,
  authorName: z.string(),
  /** why the automatic review held it, in the request's language */
  holdReason: z.string().nullable(),
  /** when it was submitted */
  submittedAt: isoTimeSchema,
});
export type OpsReviewItem = z.infer<typeof opsReviewItemSchema>;

export const OPS_REASON_MAX = 200;

/** `POST /api/ops/review/decide { id, decision, reason }` (API.md §13): a reason is required to reject. */
export const opsReviewDecideParamSchema = z
  .object({
    id: idInputSchema,
    decision: z.enum(['approve', 'reject']),
    reason: textInputSchema(4 * OPS_REASON_MAX, { trim: true }).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && value.reason.length === 0)
      ctx.addIssue(ruleIssue({ code: 'OPS_REASON_REQUIRED' }, ['reason']));
    if (codePointLength(value.reason) > OPS_REASON_MAX)
      ctx.addIssue(ruleIssue({ code: 'OPS_REASON_LENGTH', params: { max: OPS_REASON_MAX } }, ['reason']));
  });
export type OpsReviewDecideParam = z.infer<typeof opsReviewDecideParamSchema>;

/** `ops/review/decide` → the work's new status. */
export const opsReviewDecideResultSchema = z.strictObject({
  id: idSchema,
  status: z.enum(contentStatuses),
});

// ---------------------------------------------------------------------------------------------------
// Content management of every type (issue #10 "One management view"; docs/api.md)
// ---------------------------------------------------------------------------------------------------

/** `GET /api/content/status_counts { type? }` (extension): the author's works per status, for the tabs. */
export const contentStatusCountsParamSchema = z.object({ type: z.enum(contentTypes).optional() });
export type ContentStatusCountsParam = z.infer<typeof contentStatusCountsParamSchema>;

/** How many of the author's works (of the type, when given) have each status; `all` excludes deleted ones. */
export const contentStatusCountsSchema = z.strictObject({
  all: z.int().min(0),
  draft: z.int().min(0),
  reviewing: z.int().min(0),
  published: z.int().min(0),
  rejected: z.int().min(0),
  scheduled: z.int().min(0),
});
export type ContentStatusCounts = z.infer<typeof contentStatusCountsSchema>;

/** Most works one bulk delete takes (a page of the management list is at most 100). */
export const CONTENT_BATCH_MAX = 100;

/**
 * `POST /api/content/delete_batch { ids }` (extension): soft-deletes several of the author's works at once, in
 * one transaction — all or nothing (one id that is not the author's live work → 10006, nothing deleted).
 */
export const contentDeleteBatchParamSchema = z.object({
  ids: z
    .array(idInputSchema)
    .min(1, 'FIELD_TOO_FEW')
    .max(CONTENT_BATCH_MAX, 'FIELD_TOO_MANY')
    .refine((ids) => new Set(ids).size === ids.length, 'IDS_REPEATED'),
});
export type ContentDeleteBatchParam = z.infer<typeof contentDeleteBatchParamSchema>;

/** `content/delete_batch` → how many works were deleted. */
export const contentDeleteBatchResultSchema = z.strictObject({ deleted: z.int().min(0) });
