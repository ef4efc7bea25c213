import { z } from 'zod';
import { type RuleViolation, checkTitle, ruleViolation } from './text-rules.js';
import { MERGE_FILE_STATES, UPLOAD_KEY_PATTERN, UPLOAD_USES } from './upload.js';
import { contentStatuses, idInputSchema, ruleIssue, scheduledAtIssue, textInputSchema } from './schemas.js';

/**
 * Video and short-video publishing (issue #3 "Pages"): the param schemas of `video/publish`,
 * `video/save_dots` and `video/detail`, the short-video duration permission, and the rules both the page
 * and the server check (docs/api.md "Video publishing"). Times in seconds unless the name says otherwise.
 */

/** Publish types of a video: 0 saves a draft, 1 publishes now, 2 publishes at `scheduledAt`. */
export const VideoPublishType = { DRAFT: 0, PUBLISH: 1, SCHEDULED: 2 } as const;
export type VideoPublishTypeValue = (typeof VideoPublishType)[keyof typeof VideoPublishType];

/** Description: at most 2000 characters (counted by code point). */
export const VIDEO_DESCRIPTION_MAX = 2000;
/** Dots (chapter marks): at most 50 per video, titles of 1–20 characters (code points, trimmed). */
export const VIDEO_DOTS_MAX = 50;
export const VIDEO_DOT_TITLE_MAX = 20;

/**
 * Short-video duration permission (spec §6 "short-video duration permission"; values are this product's
 * choice, docs/api.md): 60 s for authors below grade 3, 300 s from grade 3.
 */
export const SMALL_VIDEO_MAX_SECONDS_BASE = 60;
export const SMALL_VIDEO_MAX_SECONDS_GRADED = 300;
export const SMALL_VIDEO_GRADED_FROM = 3;

/**
 * The longest short video an author may publish, in seconds (spec §6; see the constants above).
 * @param grade the author's grade (1 and up)
 */
export function smallVideoMaxSeconds(grade: number): number {
  return grade >= SMALL_VIDEO_GRADED_FROM ? SMALL_VIDEO_MAX_SECONDS_GRADED : SMALL_VIDEO_MAX_SECONDS_BASE;
}

/** `GET /api/small_video/get_duration_permission` → data. */
export const durationPermissionSchema = z.strictObject({
  /** seconds */
  maxDurationSeconds: z.int().min(1),
});
export type DurationPermission = z.infer<typeof durationPermissionSchema>;

/**
 * A broken video rule: its catalog code (the client's i18n key too) and params, and the English text
 * (`message`, for logs).
 */
export type VideoRuleViolation = RuleViolation<
  'SMALL_VIDEO_NOT_VERTICAL' | 'SMALL_VIDEO_TOO_LONG' | 'DESCRIPTION_LENGTH'
>;

/**
 * Checks a short video's shape: vertical (height greater than width) and no longer than the author's limit.
 * @param info width and height in pixels, duration in seconds
 * @param maxSeconds from `smallVideoMaxSeconds`
 * @returns the first broken rule, or null
 */
export function checkSmallVideo(
  info: { width: number; height: number; duration: number },
  maxSeconds: number,
): VideoRuleViolation | null {
  if (!(info.height > info.width)) return ruleViolation({ code: 'SMALL_VIDEO_NOT_VERTICAL' });
  if (info.duration > maxSeconds) {
    return ruleViolation({ code: 'SMALL_VIDEO_TOO_LONG', params: { max: maxSeconds } });
  }
  return null;
}

/** Characters of a text counted by code point (an emoji counts once). */
function codePoints(text: string): number {
  return [...text].length;
}

/**
 * `POST /api/video/publish`. A draft (0) needs a non-empty title; publishing (1) and scheduling (2) need the
 * title rule of articles (`checkTitle`); scheduling needs `scheduledAt` (its window is checked by the server
 * against its clock with `checkScheduledAt`). `coverUrl` is an uploaded image (`/media/...`) or '' (the
 * upload's own cover is used).
 */
export const publishVideoParamSchema = z
  .object({
    id: idInputSchema.optional(),
    use: z.enum(UPLOAD_USES),
    fileUploadId: z.string('FIELD_EXPECTED_STRING').regex(UPLOAD_KEY_PATTERN, 'FILE_UPLOAD_ID_FORMAT'),
    title: textInputSchema(200, { tooLong: 'TITLE_TOO_LONG' }),
    description: textInputSchema(4 * VIDEO_DESCRIPTION_MAX, { multiline: true }).default(''),
    coverUrl: z
      .string()
      .regex(/^((https?:\/\/[^/]+)?\/media\/.+)?$/, 'COVER_URL_NOT_OURS')
      .default(''),
    isOriginal: z.boolean().default(false),
    isFirstPublish: z.boolean().default(false),
    isCommercial: z.boolean().default(false),
    publishType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    scheduledAt: textInputSchema(64).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.publishType === VideoPublishType.DRAFT) {
      if (value.title.trim().length === 0) ctx.addIssue(ruleIssue({ code: 'TITLE_REQUIRED' }, ['title']));
    } else {
      const t = checkTitle(value.title);
      if (t) ctx.addIssue(ruleIssue(t, ['title']));
    }
    if (codePoints(value.description) > VIDEO_DESCRIPTION_MAX) {
      ctx.addIssue(
        ruleIssue({ code: 'DESCRIPTION_LENGTH', params: { max: VIDEO_DESCRIPTION_MAX } }, ['description']),
      );
    }
    const schedule =
      value.publishType === VideoPublishType.SCHEDULED ? scheduledAtIssue(value.scheduledAt) : null;
    if (schedule) ctx.addIssue(schedule);
  });
export type PublishVideoParam = z.infer<typeof publishVideoParamSchema>;

/** One dot (chapter mark) of a video: a moment in seconds and its title. */
export const videoDotSchema = z.object({
  time: z.number('FIELD_EXPECTED_NUMBER').finite('FIELD_EXPECTED_NUMBER').min(0, 'DOT_TIME_NEGATIVE'),
  title: textInputSchema(256, { trim: true })
    .refine((s) => codePoints(s) >= 1, 'DOT_TITLE_REQUIRED')
    .refine((s) => codePoints(s) <= VIDEO_DOT_TITLE_MAX, {
      message: 'DOT_TITLE_LENGTH',
      params: { max: VIDEO_DOT_TITLE_MAX },
    }),
});
export type VideoDot = z.infer<typeof videoDotSchema>;

/**
 * `POST /api/video/save_dots`: replaces the dots of a published video. At most 50; times unique (to the
 * millisecond); the server also checks each time is below the video's duration and stores them sorted.
 */
export const saveVideoDotsParamSchema = z
  .object({
    id: idInputSchema,
    dots: z.array(videoDotSchema).max(VIDEO_DOTS_MAX, 'DOTS_TOO_MANY'),
  })
  .superRefine((value, ctx) => {
    const seen = new Map<number, number>();
    value.dots.forEach((dot, i) => {
      const ms = Math.round(dot.time * 1000);
      if (seen.has(ms)) {
        ctx.addIssue({ code: 'custom', path: ['dots', i, 'time'], message: 'DOTS_SAME_TIME' });
      }
      seen.set(ms, i);
    });
  });
export type SaveVideoDotsParam = z.infer<typeof saveVideoDotsParamSchema>;

/** `GET /api/video/detail` → data: one of the author's videos, for the edit and dots pages. */
export const videoDetailSchema = z.strictObject({
  id: z.int().min(1),
  use: z.enum(UPLOAD_USES),
  title: z.string(),
  description: z.string(),
  status: z.enum(contentStatuses),
  rejectReason: z.string().nullable(),
  /** extension (issue #11): the rule a rejection applies, `slug#section` (`ruleHref`); null unless rejected */
  rejectRuleRef: z.string().nullable().optional(),
  /** the cover shown in lists: the uploaded image, else the upload's frame; null when none yet */
  coverUrl: z.string().nullable(),
  /** the cover the author chose ('' = the upload's own) */
  customCoverUrl: z.string(),
  isOriginal: z.boolean(),
  isFirstPublish: z.boolean(),
  isCommercial: z.boolean(),
  /** ISO 8601, when status is `scheduled` (or the last one chosen) */
  scheduledAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  fileUploadId: z.string(),
  /** state of the upload (API.md §7) */
  uploadState: z.enum(MERGE_FILE_STATES),
  /** the range-served URL `/media/video/<key>.<suffix>`, once merged */
  videoUrl: z.string().nullable(),
  /** seconds, once the upload is `ready` */
  duration: z.number().min(0).nullable(),
  /** pixels, once `ready` */
  width: z.int().min(0).nullable(),
  height: z.int().min(0).nullable(),
  /** sorted by time */
  dots: z.array(videoDotSchema),
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;

/** `POST /api/video/save_dots` → data: the dots as stored (sorted by time). */
export const saveVideoDotsResultSchema = z.strictObject({ dots: z.array(videoDotSchema) });
export type SaveVideoDotsResult = z.infer<typeof saveVideoDotsResultSchema>;

/**
 * A duration for display: `mm:ss` (minutes not wrapped below an hour, `h:mm:ss` from an hour);
 * fractions of a second are dropped. Negative or non-finite → `00:00`.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '00:00';
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
