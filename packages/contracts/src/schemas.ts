import { z } from 'zod';
import {
  BODY_MARKUP_MAX,
  BODY_MARKUP_MAX_BYTES,
  INT2_MAX,
  INT4_MAX,
  MEDIA_IMAGE_URL_PATTERN,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
} from './constants.js';
import { CONTROL_CHAR_MESSAGE, checkBody, checkTitle, hasControlChars } from './text-rules.js';

/**
 * Zod schemas of every call's `param` (API.md §5, §6, §9 and the extensions documented in docs/api.md).
 * Server and web validate with the same schema. Names: `<call>ParamSchema`, types `<Call>Param`.
 */

/**
 * SHARED FIELD BUILDERS (issue #8 item 2). Every id, count and text field of every param schema is built
 * with one of these, so a new schema is bounded by construction (the fuzz suite,
 * apps/server/src/fuzz.test.ts, drives every route with 2147483648, NUL and friends and fails on a 5xx):
 *
 * - `intInputSchema(min, max)`: a whole number, as a JSON number or a numeric string (query strings),
 *   bounded to its database column (`INT4_MAX` for `integer`/`serial`, `INT2_MAX` for `smallint`).
 * - `idInputSchema`: a row id, 1…2,147,483,647 (`serial`). `countInputSchema(max)`: 0…max.
 * - `textInputSchema(max)`: a string of at most `max` UTF-16 units refusing control characters
 *   (U+0000–U+001F, U+007F; TAB/LF/CR allowed with `multiline`).
 * A refusal is a zod issue on the field, which the server answers as 10007 naming the field (API.md §3).
 */

/**
 * A whole number within [min, max]: a JSON number or a numeric string (coerced), never NaN, Infinity,
 * a fraction or beyond `max` (issue #8 item 2).
 * @param min smallest accepted value
 * @param max largest accepted value: the column's bound (`INT4_MAX`, `INT2_MAX`, …)
 * @param minMessage the message when below `min` (default `must be at least <min>`)
 */
export function intInputSchema(min: number, max: number, minMessage = `must be at least ${min}`) {
  return z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(min, minMessage)
    .max(max, `must be at most ${max}`);
}

/** A row id of an `integer`/`serial` column: 1…2,147,483,647, number or numeric string (issue #8 item 2). */
export const idInputSchema = intInputSchema(1, INT4_MAX, 'id is required');

/** A count (page number, quantity): 0…max, default max the `integer` column bound (issue #8 item 2). */
export function countInputSchema(max: number = INT4_MAX, min = 0) {
  return intInputSchema(min, max);
}

/**
 * A text field (issue #8 item 2): a string of at most `max` UTF-16 code units (before any trim) that holds
 * no control character (U+0000–U+001F, U+007F; with `multiline` TAB, LF and CR are allowed).
 * @param max the longest accepted string, UTF-16 code units
 * @param opts.multiline allow TAB, LF, CR (article bodies, descriptions, JSON documents)
 * @param opts.trim trim white space first (the trimmed value is the output)
 * @param opts.tooLong the message when longer than `max`
 */
export function textInputSchema(
  max: number,
  opts: { multiline?: boolean; trim?: boolean; tooLong?: string } = {},
) {
  const base = z.string('must be a string').max(max, opts.tooLong ?? `must be at most ${max} characters`);
  const checked = base.refine((s) => !hasControlChars(s, opts.multiline), CONTROL_CHAR_MESSAGE);
  return opts.trim ? checked.trim() : checked;
}

/** Length of `s` in UTF-8 bytes (TextEncoder: the same in the browser and on the server). */
export function utf8ByteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** Pattern of an idempotency key: 8–64 of `A-Z a-z 0-9 _ -` (a UUID fits). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * An idempotency key of a create call (issue #8 item 10): 8–64 characters of `[A-Za-z0-9_-]`, chosen by the
 * client (the web app sends `crypto.randomUUID()`), optional. A create repeated with the same key by the same
 * author answers the first create's result and makes no second row; it is ignored when the call carries an `id`.
 */
export const requestIdInputSchema = z
  .string('must be a string')
  .regex(REQUEST_ID_PATTERN, 'requestId must be 8-64 letters, digits, _ or -');

/** Pagination of every list call (API.md §3): page 1-based, pageSize 1–100 (default 20). */
export const pageParamSchema = z.object({
  page: countInputSchema(INT4_MAX, 1).default(1),
  pageSize: countInputSchema(PAGE_SIZE_MAX, 1).default(PAGE_SIZE_DEFAULT),
});

export const emptyParamSchema = z.object({}).passthrough();

/** `POST /api/passport/register` (API.md §5). */
export const registerParamSchema = z.object({
  account: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'account must be 3-32 letters, digits, _ . or -'),
  password: z.string().min(8, 'password must be at least 8 characters').max(128, 'password is too long'),
  mediaName: textInputSchema(64, { trim: true })
    .min(2, 'media name must be 2-20 characters')
    .max(20, 'media name must be 2-20 characters'),
});
export type RegisterParam = z.infer<typeof registerParamSchema>;

/** `POST /api/passport/login` (API.md §5). */
export const loginParamSchema = z.object({
  account: textInputSchema(64, { trim: true }).min(1, 'account is required'),
  password: z.string().min(1, 'password is required').max(128),
});
export type LoginParam = z.infer<typeof loginParamSchema>;

/** `GET /api/message/clear_unread_msg` (API.md §6): one group, or all when none. */
export const clearUnreadMsgParamSchema = z.object({
  msgGroup: intInputSchema(1, INT2_MAX).optional(),
});
export type ClearUnreadMsgParam = z.infer<typeof clearUnreadMsgParamSchema>;

/** `GET /api/message/get_message_list` (extension): messages of one group or all, newest first. */
export const messageListParamSchema = pageParamSchema.extend({
  msgGroup: intInputSchema(1, INT2_MAX).optional(),
  /** `true`/`false`, or the strings "true"/"false"/"1"/"0" (z.coerce.boolean would read "false" as true) */
  unreadOnly: z.union([z.boolean(), z.stringbool()]).optional(),
});
export type MessageListParam = z.infer<typeof messageListParamSchema>;

/** `GET /api/message/read_message` (extension): marks one message read. */
export const idParamSchema = z.object({ id: idInputSchema });
export type IdParam = z.infer<typeof idParamSchema>;

/** `GET /api/common_material` (API.md §6). */
export const commonMaterialParamSchema = z.object({
  groupName: textInputSchema(64).min(1, 'groupName is required'),
});
export type CommonMaterialParam = z.infer<typeof commonMaterialParamSchema>;

export const contentTypes = [
  'article',
  'album',
  'video',
  'smallVideo',
  'dynamic',
  'live',
  'program',
] as const;
export const contentStatuses = [
  'draft',
  'reviewing',
  'published',
  'rejected',
  'scheduled',
  'deleted',
] as const;
export type ContentType = (typeof contentTypes)[number];
export type ContentStatus = (typeof contentStatuses)[number];

/** `GET /api/content/list` (API.md §9). */
export const contentListParamSchema = pageParamSchema.extend({
  type: z.enum(contentTypes).optional(),
  status: z.enum(contentStatuses).optional(),
  keyword: textInputSchema(100, { trim: true }).optional(),
});
export type ContentListParam = z.infer<typeof contentListParamSchema>;

/** Title rule as a zod refinement: same function as the client's form (issue #2). */
export const articleTitleSchema = z.string().superRefine((value, ctx) => {
  const violation = checkTitle(value);
  if (violation)
    ctx.addIssue({ code: 'custom', message: violation.message, params: { rule: violation.code } });
});

/** Body rule as a zod refinement (issue #2). */
export const articleBodySchema = z.string().superRefine((value, ctx) => {
  const violation = checkBody(value);
  if (violation)
    ctx.addIssue({ code: 'custom', message: violation.message, params: { rule: violation.code } });
});

/** Publish types: 0 saves a draft, 1 publishes (API.md §9). */
export const PublishType = { DRAFT: 0, PUBLISH: 1 } as const;

/**
 * `POST /api/article/publish` (API.md §9). A draft (publishType 0) needs only a non-empty title;
 * publishing (1) needs the full title and body rules. coverUrls: 0–3 image URLs from our media.
 */
export const publishArticleParamSchema = z
  .object({
    id: idInputSchema.optional(),
    title: textInputSchema(200, { tooLong: 'title is too long' }),
    content: textInputSchema(BODY_MARKUP_MAX, {
      multiline: true,
      tooLong: `body must be at most ${BODY_MARKUP_MAX} characters of HTML`,
    }).refine(
      // one issue per body: over the character limit is already reported above
      (s) => s.length > BODY_MARKUP_MAX || utf8ByteLength(s) <= BODY_MARKUP_MAX_BYTES,
      `body must be at most ${BODY_MARKUP_MAX_BYTES} bytes of HTML`,
    ),
    coverUrls: z
      .array(
        z
          .string('must be a string')
          .max(512, 'cover must be an image uploaded here')
          .regex(MEDIA_IMAGE_URL_PATTERN, 'cover must be an image uploaded here'),
      )
      .max(3)
      .default([]),
    publishType: z.union([z.literal(0), z.literal(1)]),
    /** idempotency key of a create (no `id`), issue #8 item 10 */
    requestId: requestIdInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.publishType === PublishType.PUBLISH) {
      const t = checkTitle(value.title);
      if (t) ctx.addIssue({ code: 'custom', path: ['title'], message: t.message, params: { rule: t.code } });
      const b = checkBody(value.content);
      if (b)
        ctx.addIssue({ code: 'custom', path: ['content'], message: b.message, params: { rule: b.code } });
      if (value.coverUrls.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['coverUrls'],
          message: 'a cover is required to publish',
          params: { rule: 'COVER_REQUIRED' },
        });
      }
    } else if (value.title.trim().length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['title'],
        message: 'title is required',
        params: { rule: 'TITLE_REQUIRED' },
      });
    }
  });
export type PublishArticleParam = z.infer<typeof publishArticleParamSchema>;

/** `GET /api/notice/get_notice_list` (extension). */
export const noticeListParamSchema = pageParamSchema;
export type NoticeListParam = z.infer<typeof noticeListParamSchema>;
