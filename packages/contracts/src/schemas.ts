import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.js';
import { checkBody, checkTitle } from './text-rules.js';

/**
 * Zod schemas of every call's `param` (API.md §5, §6, §9 and the extensions documented in docs/api.md).
 * Server and web validate with the same schema. Names: `<call>ParamSchema`, types `<Call>Param`.
 */

/** Pagination of every list call (API.md §3): page 1-based, pageSize 1–100 (default 20). */
export const pageParamSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const emptyParamSchema = z.object({}).passthrough();

/** `POST /api/passport/register` (API.md §5). */
export const registerParamSchema = z.object({
  account: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'account must be 3-32 letters, digits, _ . or -'),
  password: z.string().min(8, 'password must be at least 8 characters').max(128, 'password is too long'),
  mediaName: z
    .string()
    .trim()
    .min(2, 'media name must be 2-20 characters')
    .max(20, 'media name must be 2-20 characters'),
});
export type RegisterParam = z.infer<typeof registerParamSchema>;

/** `POST /api/passport/login` (API.md §5). */
export const loginParamSchema = z.object({
  account: z.string().trim().min(1, 'account is required').max(64),
  password: z.string().min(1, 'password is required').max(128),
});
export type LoginParam = z.infer<typeof loginParamSchema>;

/** `GET /api/message/clear_unread_msg` (API.md §6): one group, or all when none. */
export const clearUnreadMsgParamSchema = z.object({
  msgGroup: z.coerce.number().int().min(1).optional(),
});
export type ClearUnreadMsgParam = z.infer<typeof clearUnreadMsgParamSchema>;

/** `GET /api/message/get_message_list` (extension): messages of one group or all, newest first. */
export const messageListParamSchema = pageParamSchema.extend({
  msgGroup: z.coerce.number().int().min(1).optional(),
  unreadOnly: z.coerce.boolean().optional(),
});
export type MessageListParam = z.infer<typeof messageListParamSchema>;

/** `GET /api/message/read_message` (extension): marks one message read. */
export const idParamSchema = z.object({ id: z.coerce.number().int().min(1, 'id is required') });
export type IdParam = z.infer<typeof idParamSchema>;

/** `GET /api/common_material` (API.md §6). */
export const commonMaterialParamSchema = z.object({
  groupName: z.string().min(1, 'groupName is required').max(64),
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
  keyword: z.string().trim().max(100).optional(),
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
    id: z.coerce.number().int().min(1).optional(),
    title: z.string().max(200, 'title is too long'),
    content: z.string().max(2_000_000, 'body is too long'),
    coverUrls: z
      .array(z.string().regex(/^(https?:\/\/[^/]+)?\/media\//, 'cover must be an uploaded image'))
      .max(3)
      .default([]),
    publishType: z.union([z.literal(0), z.literal(1)]),
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
