import { z } from 'zod';
import { openIdInputSchema } from './analytics.js';
import { contentTypes, idInputSchema, pageParamSchema, textInputSchema } from './schemas.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * Comments and barrage (API.md §10 the `/open/` calls, §12 the author's side; issue #13). The routes, the
 * moderation, the inbox and the barrage pages read the names and limits from here; the extensions are in
 * docs/api.md "Comments and barrage".
 */

/** A comment's text, characters (UTF-16 units; API.md §10: 1–1000). */
export const COMMENT_TEXT_MAX = 1000;
/** A barrage message's text (API.md §10: 1–100). */
export const BARRAGE_TEXT_MAX = 100;
/** Ids in one batch action (API.md §12: 1–1000). */
export const COMMENT_BATCH_MAX = 1000;
/** The author's blocked words: at most this many (issue #13 "blocked words (bulk paste)"). */
export const BLOCKED_WORDS_MAX = 1000;
/** One blocked word, characters. */
export const BLOCKED_WORD_MAX_LENGTH = 30;
/** The latest position of a barrage message, ms (the longest play of API.md §10: 6 h). */
export const BARRAGE_POSITION_MAX_MS = 21_600_000;
/** `GET /open/barrage` answers at most this many messages of a work: the newest, in position order. */
export const OPEN_BARRAGE_MAX = 3000;
/** `GET /open/comments`: the published replies shown under each top-level comment, oldest first. */
export const OPEN_REPLIES_MAX = 100;

/** Comment states (API.md §12). */
export const COMMENT_STATES = ['published', 'held', 'hidden', 'deleted'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];
/** Barrage states (API.md §12). */
export const BARRAGE_STATES = ['published', 'held', 'protected', 'deleted'] as const;
export type BarrageState = (typeof BARRAGE_STATES)[number];
/** Batch actions on comments (API.md §12). */
export const COMMENT_ACTIONS = ['publish', 'hide', 'delete', 'pin', 'unpin', 'like', 'unlike'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];
/** Batch actions on barrage (API.md §12); `publish` is an extension: releases held barrage. */
export const BARRAGE_ACTIONS = ['delete', 'protect', 'unprotect', 'publish'] as const;
export type BarrageAction = (typeof BARRAGE_ACTIONS)[number];
/** Sort orders of the inbox (API.md §12), newest / most liked / most replied first. */
export const COMMENT_SORTS = ['time', 'likes', 'replies'] as const;
/** Barrage display modes (extension; Bilibili's scroll / top / bottom). */
export const BARRAGE_MODES = ['scroll', 'top', 'bottom'] as const;
/** Work types that carry barrage: the video types (API.md §10 "contentId (a video)"). */
export const BARRAGE_CONTENT_TYPES = ['video', 'smallVideo'] as const;
/** Work types with comments (every published type; the inbox has a tab for each of these, spec §2). */
export const COMMENT_TAB_TYPES = ['article', 'video', 'smallVideo', 'dynamic'] as const;

/**
 * Why a comment or a barrage message was held (issue #13: the reason shown beside it), in the order the
 * moderation checks them: a blocked reader, a platform prohibited word, a platform word for review, one of
 * the author's blocked words, the author's hold-all switch.
 */
export const HOLD_REASONS = ['reader', 'platformWord', 'reviewWord', 'authorWord', 'holdAll'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** A reader site's id of a comment or a barrage message: 8–64 of `[A-Za-z0-9_-]` (like `eventId`). */
export const OPEN_VOICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/**
 * The `commentId` of an author's reply as `/open/` shows it: `author:<id>` — the colon is outside the reader
 * sites' alphabet, so it never meets a site's own id (docs/api.md "Comments and barrage").
 */
export const AUTHOR_REPLY_ID_PATTERN = /^author:[1-9]\d{0,9}$/;

const voiceIdSchema = z.string('FIELD_EXPECTED_STRING').regex(OPEN_VOICE_ID_PATTERN, 'VOICE_ID_INVALID');
const voiceTextSchema = (max: number) =>
  textInputSchema(max, { multiline: true, trim: true }).pipe(z.string().min(1, 'FIELD_REQUIRED'));
const atSchema = z.iso.datetime({ offset: true, message: 'EVENT_AT_INVALID' });
const readerIdSchema = z.string('FIELD_EXPECTED_STRING').min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG');

/** `POST /open/comments` (API.md §10). `at` is checked against the server's clock by the route (±7 days / 5 min). */
export const openCommentSchema = z.strictObject({
  commentId: voiceIdSchema,
  contentId: openIdInputSchema,
  readerId: readerIdSchema,
  readerName: textInputSchema(64, { trim: true }).pipe(z.string().min(1, 'FIELD_REQUIRED')),
  text: voiceTextSchema(COMMENT_TEXT_MAX),
  /** the site's id of the comment answered, or an author's reply `author:<id>` */
  parentId: z
    .string('FIELD_EXPECTED_STRING')
    .refine((s) => OPEN_VOICE_ID_PATTERN.test(s) || AUTHOR_REPLY_ID_PATTERN.test(s), 'VOICE_ID_INVALID')
    .optional(),
  at: atSchema,
});
export type OpenCommentInput = z.input<typeof openCommentSchema>;
export type OpenComment = z.output<typeof openCommentSchema>;

/** `POST /open/barrage` (API.md §10). */
export const openBarrageSchema = z.strictObject({
  barrageId: voiceIdSchema,
  contentId: openIdInputSchema,
  readerId: readerIdSchema,
  /** extension: the name shown in the author's barrage list (absent → the readerId) */
  readerName: textInputSchema(64, { trim: true }).pipe(z.string().min(1, 'FIELD_REQUIRED')).optional(),
  text: voiceTextSchema(BARRAGE_TEXT_MAX),
  positionMs: z
    .int('FIELD_EXPECTED_INTEGER')
    .min(0, 'FIELD_TOO_SMALL')
    .max(BARRAGE_POSITION_MAX_MS, 'FIELD_TOO_BIG'),
  at: atSchema,
  mode: z.enum(BARRAGE_MODES).optional(),
  color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'BARRAGE_COLOR_FORMAT')
    .optional(),
});
export type OpenBarrageInput = z.input<typeof openBarrageSchema>;
export type OpenBarrage = z.output<typeof openBarrageSchema>;

/** `POST /open/comments/like` (extension): a reader likes or unlikes a comment; a toggle like `like`/`unlike`. */
export const openCommentLikeSchema = z.strictObject({
  commentId: z
    .string('FIELD_EXPECTED_STRING')
    .refine((s) => OPEN_VOICE_ID_PATTERN.test(s) || AUTHOR_REPLY_ID_PATTERN.test(s), 'VOICE_ID_INVALID'),
  readerId: readerIdSchema,
  liked: z.boolean('FIELD_EXPECTED_BOOLEAN'),
});

/** The query of `GET /open/comments` (API.md §10). */
export const openCommentListQuerySchema = pageParamSchema.extend({ contentId: openIdInputSchema });
/** The query of `GET /open/barrage` (API.md §10). */
export const openBarrageListQuerySchema = z.object({ contentId: openIdInputSchema });

/** The answer of `POST /open/comments`. */
export const openCommentResultSchema = z.strictObject({
  commentId: z.string(),
  state: z.enum(['published', 'held']),
});
/** The answer of `POST /open/barrage`. */
export const openBarrageResultSchema = z.strictObject({
  barrageId: z.string(),
  state: z.enum(['published', 'held']),
});
/** The answer of `POST /open/comments/like`: the comment's likes after the call. */
export const openCommentLikeResultSchema = z.strictObject({ commentId: z.string(), likes: countSchema });

/** A published comment as the reader site sees it (`GET /open/comments`). */
export const openCommentItemSchema = z.strictObject({
  commentId: z.string(),
  /** the `commentId` it answers; absent on a top-level comment */
  parentId: z.string().optional(),
  readerId: z.string(),
  readerName: z.string(),
  isAuthor: z.boolean(),
  text: z.string(),
  likes: countSchema,
  /** the author liked it (YouTube's heart) */
  authorLiked: z.boolean(),
  pinned: z.boolean(),
  createdAt: isoTimeSchema,
});
/** A top-level comment with its published replies, oldest first (at most `OPEN_REPLIES_MAX`). */
export const openThreadSchema = openCommentItemSchema.extend({
  replyCount: countSchema,
  replies: z.array(openCommentItemSchema),
});
/** `GET /open/comments` → a list of threads, pinned first, then newest. */
export const openCommentListSchema = listDataSchema(openThreadSchema);
export type OpenThread = z.infer<typeof openThreadSchema>;

/** `GET /open/barrage` → the shown barrage of a video (published and protected), by position. */
export const openBarrageListSchema = z.array(
  z.strictObject({
    barrageId: z.string(),
    positionMs: countSchema,
    text: z.string(),
    mode: z.enum(BARRAGE_MODES),
    color: z.string(),
    createdAt: isoTimeSchema,
  }),
);

// ---- §12 the author's side ----

const dayInputSchema = z.iso.date('FIELD_INVALID_FORMAT');

/** `GET /api/comment/list` (API.md §12 + extensions `from`, `to`, `rootId`, `unread`, `readerId`). */
export const commentListParamSchema = pageParamSchema.extend({
  type: z.enum(contentTypes).optional(),
  contentId: idInputSchema.optional(),
  /** absent: every state but `deleted` */
  state: z.enum(COMMENT_STATES).optional(),
  keyword: textInputSchema(100, { trim: true }).optional(),
  sort: z.enum(COMMENT_SORTS).default('time'),
  /** extension: first day, `YYYY-MM-DD` in REPORT_TZ, inclusive */
  from: dayInputSchema.optional(),
  /** extension: last day, inclusive */
  to: dayInputSchema.optional(),
  /** extension: one thread — the top-level comment and its replies, oldest first */
  rootId: idInputSchema.optional(),
  /** extension: only comments the author has not seen */
  unread: z.boolean('FIELD_EXPECTED_BOOLEAN').optional(),
  /** extension: only one reader's comments */
  readerId: readerIdSchema.optional(),
});
export type CommentListParam = z.input<typeof commentListParamSchema>;

/** A comment in the author's inbox (API.md §12 + extensions from `contentType` on). */
export const commentItemSchema = z.strictObject({
  id: idSchema,
  contentId: idSchema,
  contentTitle: z.string(),
  /** a reader's id on the site; an author's reply has `author:<userId>` */
  readerId: z.string(),
  readerName: z.string(),
  text: z.string(),
  state: z.enum(COMMENT_STATES),
  /** why it was held, in the request's language (held comments only) */
  holdReason: z.string().optional(),
  parentId: idSchema.optional(),
  isAuthor: z.boolean(),
  likes: countSchema,
  replyCount: countSchema,
  pinned: z.boolean(),
  createdAt: isoTimeSchema,
  contentType: z.enum(contentTypes),
  /** the thread's top-level comment (absent on a top-level comment) */
  rootId: idSchema.optional(),
  /** the hold reason's kind, for filters and icons */
  holdCode: z.enum(HOLD_REASONS).optional(),
  /** the author liked it */
  authorLiked: z.boolean(),
  /** the author has not seen it yet (always false on the author's own replies) */
  unread: z.boolean(),
  /** the name of whom it answers */
  parentReaderName: z.string().optional(),
  /** the reader is blocked by this author */
  readerBlocked: z.boolean(),
});
export type CommentItem = z.infer<typeof commentItemSchema>;
/**
 * The inbox's answer: a list (API.md §3) + `totalCapped` (extension): true when `total` is a lower bound — past
 * 10,000 matching comments, or a keyword search with more pages to come (docs/api.md "Comments and barrage").
 */
export const commentListSchema = listDataSchema(commentItemSchema).extend({ totalCapped: z.boolean() });

/** `POST /api/comment/reply` (API.md §12): `commentId` is the inbox's `id`. */
export const commentReplyParamSchema = z.object({
  commentId: idInputSchema,
  text: voiceTextSchema(COMMENT_TEXT_MAX),
});
export const commentReplySchema = z.strictObject({ id: idSchema });

/** `POST /api/comment/batch` (API.md §12): 1–1000 ids, repeated ids count once. */
export const commentBatchParamSchema = z.object({
  ids: z.array(idInputSchema).min(1, 'FIELD_TOO_FEW').max(COMMENT_BATCH_MAX, 'BATCH_TOO_MANY'),
  action: z.enum(COMMENT_ACTIONS),
});
/** `{ done }`: ids changed; extension `skipped`: ids already so or in a state the action does not apply to. */
export const batchResultSchema = z.strictObject({ done: countSchema, skipped: countSchema });
export type BatchResult = z.infer<typeof batchResultSchema>;

/** `POST /api/comment/settings` (API.md §12). Words are trimmed; alike words (after normalising) count once. */
export const commentSettingsParamSchema = z.object({
  blockedWords: z
    .array(textInputSchema(BLOCKED_WORD_MAX_LENGTH, { trim: true }).pipe(z.string().min(1, 'FIELD_REQUIRED')))
    .max(BLOCKED_WORDS_MAX, 'BLOCKED_WORDS_TOO_MANY'),
  holdAll: z.boolean('FIELD_EXPECTED_BOOLEAN'),
});
export const commentSettingsSchema = z.strictObject({
  blockedWords: z.array(z.string()),
  holdAll: z.boolean(),
});
export type CommentSettings = z.infer<typeof commentSettingsSchema>;

/** `GET /api/comment/counts` (extension): the inbox's badges. */
export const commentCountsSchema = z.strictObject({
  unread: countSchema,
  held: countSchema,
  /** unread per content type (types without unread comments are 0) */
  unreadByType: z.record(z.enum(contentTypes), countSchema),
});
export type CommentCounts = z.infer<typeof commentCountsSchema>;

/** `POST /api/comment/read` (extension): marks ids (or, without ids, everything) as seen. */
export const commentReadParamSchema = z.object({
  ids: z.array(idInputSchema).min(1, 'FIELD_TOO_FEW').max(COMMENT_BATCH_MAX, 'BATCH_TOO_MANY').optional(),
});
export const doneSchema = z.strictObject({ done: countSchema });

/** `GET /api/comment/work_list` (extension): the author's works with their voices and switches. */
export const commentWorkListParamSchema = pageParamSchema.extend({
  type: z.enum(contentTypes).optional(),
  keyword: textInputSchema(100, { trim: true }).optional(),
});
export const commentWorkItemSchema = z.strictObject({
  contentId: idSchema,
  type: z.enum(contentTypes),
  title: z.string(),
  /** every comment but deleted ones, the author's replies excluded */
  comments: countSchema,
  held: countSchema,
  unread: countSchema,
  /** every barrage message but deleted ones */
  barrages: countSchema,
  commentsOff: z.boolean(),
  barrageOff: z.boolean(),
  /** duration in seconds (videos), else null */
  duration: z.number().nullable(),
});
export type CommentWorkItem = z.infer<typeof commentWorkItemSchema>;
export const commentWorkListSchema = listDataSchema(commentWorkItemSchema);

/** `POST /api/comment/work_settings` (extension): per-work comments / barrage off (Bilibili 关闭评论/弹幕). */
export const commentWorkSettingsParamSchema = z.object({
  contentId: idInputSchema,
  commentsOff: z.boolean('FIELD_EXPECTED_BOOLEAN').optional(),
  barrageOff: z.boolean('FIELD_EXPECTED_BOOLEAN').optional(),
});
export const commentWorkSettingsSchema = z.strictObject({
  contentId: idSchema,
  commentsOff: z.boolean(),
  barrageOff: z.boolean(),
});

/** `GET /api/barrage/list` (API.md §12 + extensions `sort`, `readerId`). */
export const barrageListParamSchema = pageParamSchema.extend({
  contentId: idInputSchema.optional(),
  /** absent: every state but `deleted` */
  state: z.enum(BARRAGE_STATES).optional(),
  keyword: textInputSchema(100, { trim: true }).optional(),
  /** extension: `position` (by the second of the video) or `time` (newest first, the default) */
  sort: z.enum(['time', 'position']).default('time'),
  readerId: readerIdSchema.optional(),
});
export const barrageItemSchema = z.strictObject({
  id: idSchema,
  contentId: idSchema,
  readerId: z.string(),
  text: z.string(),
  positionMs: countSchema,
  state: z.enum(BARRAGE_STATES),
  createdAt: isoTimeSchema,
  contentTitle: z.string(),
  readerName: z.string(),
  mode: z.enum(BARRAGE_MODES),
  color: z.string(),
  holdReason: z.string().optional(),
  holdCode: z.enum(HOLD_REASONS).optional(),
  readerBlocked: z.boolean(),
});
export type BarrageItem = z.infer<typeof barrageItemSchema>;
/** The barrage list: a list (API.md §3) + `totalCapped` as `commentListSchema`. */
export const barrageListSchema = listDataSchema(barrageItemSchema).extend({ totalCapped: z.boolean() });

/** `POST /api/barrage/batch` (API.md §12). */
export const barrageBatchParamSchema = z.object({
  ids: z.array(idInputSchema).min(1, 'FIELD_TOO_FEW').max(COMMENT_BATCH_MAX, 'BATCH_TOO_MANY'),
  action: z.enum(BARRAGE_ACTIONS),
});

/** `POST /api/reader/block` (API.md §12 + extension `hideExisting`). */
export const readerBlockParamSchema = z.object({
  readerId: readerIdSchema,
  unblock: z.boolean('FIELD_EXPECTED_BOOLEAN').optional(),
  /** extension: also hide what the reader already wrote on the author's works (comments hidden, barrage held) */
  hideExisting: z.boolean('FIELD_EXPECTED_BOOLEAN').optional(),
});

/** `GET /api/reader/blocked_list` (extension): the readers this author blocked, newest first. */
export const blockedReaderListSchema = listDataSchema(
  z.strictObject({ readerId: z.string(), readerName: z.string(), blockedAt: isoTimeSchema }),
);
