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
import type { ServerMessageCode } from './server-messages.js';
import { checkBody, checkTitle, hasControlChars } from './text-rules.js';

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
 *
 * MESSAGES (issue #9): every message given to zod here is a code of the catalog (server-messages.ts), and a
 * custom issue carries its template's values in `params`; the server renders them in the request's language
 * (`zodIssueMessage`), a form in the page's (`zodIssueText`).
 */

/**
 * A whole number within [min, max]: a JSON number or a numeric string (coerced), never NaN, Infinity,
 * a fraction or beyond `max` (issue #8 item 2).
 * @param min smallest accepted value
 * @param max largest accepted value: the column's bound (`INT4_MAX`, `INT2_MAX`, …)
 * @param minMessage the catalog code when below `min` (default FIELD_TOO_SMALL, "must be at least <min>")
 */
export function intInputSchema(min: number, max: number, minMessage: ServerMessageCode = 'FIELD_TOO_SMALL') {
  return z.coerce
    .number('FIELD_EXPECTED_NUMBER')
    .int('FIELD_EXPECTED_INTEGER')
    .min(min, minMessage)
    .max(max, 'FIELD_TOO_BIG');
}

/** A row id of an `integer`/`serial` column: 1…2,147,483,647, number or numeric string (issue #8 item 2). */
export const idInputSchema = intInputSchema(1, INT4_MAX, 'ID_REQUIRED');

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
 * @param opts.tooLong the catalog code when longer than `max` (default FIELD_TOO_LONG; `{{max}}` is `max`)
 */
export function textInputSchema(
  max: number,
  opts: { multiline?: boolean; trim?: boolean; tooLong?: ServerMessageCode } = {},
) {
  const base = z.string('FIELD_EXPECTED_STRING').max(max, opts.tooLong ?? 'FIELD_TOO_LONG');
  const checked = base.refine((s) => !hasControlChars(s, opts.multiline), 'FIELD_CONTROL_CHARS');
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
  .string('FIELD_EXPECTED_STRING')
  .regex(REQUEST_ID_PATTERN, 'REQUEST_ID_FORMAT');

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
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'ACCOUNT_FORMAT'),
  password: z.string().min(8, 'PASSWORD_TOO_SHORT').max(128, 'PASSWORD_TOO_LONG'),
  mediaName: textInputSchema(64, { trim: true }).min(2, 'MEDIA_NAME_LENGTH').max(20, 'MEDIA_NAME_LENGTH'),
});
export type RegisterParam = z.infer<typeof registerParamSchema>;

/** `POST /api/passport/login` (API.md §5). */
export const loginParamSchema = z.object({
  account: textInputSchema(64, { trim: true }).min(1, 'ACCOUNT_REQUIRED'),
  password: z.string().min(1, 'PASSWORD_REQUIRED').max(128),
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
  groupName: textInputSchema(64).min(1, 'GROUP_NAME_REQUIRED'),
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
  /** extension (issue #10 "Topics"): only works attached to this topic */
  topicId: idInputSchema.optional(),
});
export type ContentListParam = z.infer<typeof contentListParamSchema>;

/**
 * The zod issue of a broken rule (issue #9): the catalog code as the message, its template's values and the
 * rule's code (`params.rule`, which forms read) as params.
 * @param path the field, relative to where the refinement runs
 */
export function ruleIssue(
  violation: { code: ServerMessageCode; params?: Readonly<Record<string, unknown>> },
  path?: (string | number)[],
) {
  return {
    code: 'custom' as const,
    message: violation.code,
    params: { ...violation.params, rule: violation.code },
    ...(path ? { path } : {}),
  };
}

/** Title rule as a zod refinement: same function as the client's form (issue #2). */
export const articleTitleSchema = z.string().superRefine((value, ctx) => {
  const violation = checkTitle(value);
  if (violation) ctx.addIssue(ruleIssue(violation));
});

/** Body rule as a zod refinement (issue #2). */
export const articleBodySchema = z.string().superRefine((value, ctx) => {
  const violation = checkBody(value);
  if (violation) ctx.addIssue(ruleIssue(violation));
});

/** Publish types: 0 saves a draft, 1 publishes (API.md §9). */
export const PublishType = { DRAFT: 0, PUBLISH: 1, SCHEDULED: 2 } as const;

/**
 * The field issue of a schedule's time that cannot be read (publishType 2 of any type, API.md §13): missing or
 * not ISO 8601 → `SCHEDULE_INVALID` on `scheduledAt`; null when it parses. The window (future, at most 30 days)
 * needs the server's clock: `checkScheduledAt`.
 */
export function scheduledAtIssue(scheduledAt: string | undefined): ReturnType<typeof ruleIssue> | null {
  const at = scheduledAt ? new Date(scheduledAt) : null;
  return !at || Number.isNaN(at.getTime()) ? ruleIssue({ code: 'SCHEDULE_INVALID' }, ['scheduledAt']) : null;
}

/**
 * `POST /api/article/publish` (API.md §9, §13). A draft (publishType 0) needs only a non-empty title;
 * publishing (1) and scheduling (2, at `scheduledAt`, ISO 8601; issue #10) need the full title, body and
 * cover rules (the server checks the time's window: in the future, at most 30 days ahead). coverUrls: 0–3
 * image URLs from our media.
 */
export const publishArticleParamSchema = z
  .object({
    id: idInputSchema.optional(),
    title: textInputSchema(200, { tooLong: 'TITLE_TOO_LONG' }),
    content: textInputSchema(BODY_MARKUP_MAX, { multiline: true, tooLong: 'BODY_MARKUP_TOO_LONG' }).refine(
      // one issue per body: over the character limit is already reported above
      (s) => s.length > BODY_MARKUP_MAX || utf8ByteLength(s) <= BODY_MARKUP_MAX_BYTES,
      { message: 'BODY_MARKUP_TOO_MANY_BYTES', params: { max: BODY_MARKUP_MAX_BYTES } },
    ),
    coverUrls: z
      .array(
        z
          .string('FIELD_EXPECTED_STRING')
          .max(512, 'COVER_URL_NOT_OURS')
          .regex(MEDIA_IMAGE_URL_PATTERN, 'COVER_URL_NOT_OURS'),
      )
      .max(3)
      .default([]),
    publishType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    /** when publishType is 2: the time to publish at, ISO 8601 */
    scheduledAt: textInputSchema(64).optional(),
    /** idempotency key of a create (no `id`), issue #8 item 10 */
    requestId: requestIdInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.publishType !== PublishType.DRAFT) {
      const t = checkTitle(value.title);
      if (t) ctx.addIssue(ruleIssue(t, ['title']));
      const b = checkBody(value.content);
      if (b) ctx.addIssue(ruleIssue(b, ['content']));
      if (value.coverUrls.length === 0) ctx.addIssue(ruleIssue({ code: 'COVER_REQUIRED' }, ['coverUrls']));
      const schedule =
        value.publishType === PublishType.SCHEDULED ? scheduledAtIssue(value.scheduledAt) : null;
      if (schedule) ctx.addIssue(schedule);
    } else if (value.title.trim().length === 0) {
      ctx.addIssue(ruleIssue({ code: 'TITLE_REQUIRED' }, ['title']));
    }
  });
export type PublishArticleParam = z.infer<typeof publishArticleParamSchema>;

/** `GET /api/notice/get_notice_list` (extension). */
export const noticeListParamSchema = pageParamSchema;
export type NoticeListParam = z.infer<typeof noticeListParamSchema>;
