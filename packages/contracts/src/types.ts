import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants.js';
import { contentStatuses, contentTypes } from './schemas.js';

/**
 * Response shapes (`data` of the envelope, API.md §3) of the calls of API.md §4–§9 and their
 * extensions (docs/api.md). Zod schemas, so the server checks every answer against them and the OpenAPI
 * document at `/api/docs` shows them (issue #7 "Contracts for answers too"); the types of the same names
 * are `z.infer` of the schemas. Objects are strict: a field the contract does not name is a drift too.
 */

/** A time as the server writes it: ISO 8601 in UTC (`Date#toISOString`, API.md §3). */
export const isoTimeSchema = z.iso.datetime();
/** A row id: a positive integer. */
export const idSchema = z.int().min(1);
/** A count (API.md §3: counts are integers). */
export const countSchema = z.int().min(0);

/**
 * A list payload (API.md §3): `{ list, total, page, pageSize }`, page 1-based, pageSize at most 100.
 * @param item the schema of one row
 */
export function listDataSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({
    list: z.array(item),
    total: countSchema,
    page: z.int().min(1),
    pageSize: z.int().min(1).max(PAGE_SIZE_MAX),
  });
}

/** `GET /api/config` (public, unsigned; API.md §4 and the frame of spec §1). */
export const publicConfigSchema = z.strictObject({
  /** origins the client rewrites media URLs to; empty = same origin */
  imageHosts: z.array(z.string()),
  /** links of the top bar (spec §1) */
  siblingSites: z.array(z.strictObject({ name: z.string(), url: z.string() })),
  /** the feedback survey, opened in a new tab (spec §1) */
  feedbackUrl: z.string(),
  /** the footer's copyright line */
  copyright: z.string(),
  /** the product name shown in the header */
  productName: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** `authStatus` (API.md §6): 0 not certified, 1 under review, 2 certified, 3 rejected. */
export const authStatusSchema = z.literal([0, 1, 2, 3]);

/** `GET /api/home/userinfo` (API.md §6): `avator` holds the `{0}` size placeholder. */
export const userInfoSchema = z.strictObject({
  authStatus: authStatusSchema,
  avator: z.string(),
  mediaName: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** `GET /api/user_center/get_my_info_by_id` (API.md §6). */
export const myInfoSchema = userInfoSchema.extend({
  id: idSchema,
  userIdentityList: z.array(z.strictObject({ type: z.int() })),
  /** extension (issue #10): `author`, or `operator` (the review queue and permissions, API.md §13) */
  role: z.enum(['author', 'operator']).optional(),
});
export type MyInfo = z.infer<typeof myInfoSchema>;

/** One entry of `get_mp_index_group_message` (API.md §6). */
export const messageGroupEntrySchema = z.strictObject({
  msgGroup: z.int(),
  unreadCount: countSchema,
});
export type MessageGroupEntry = z.infer<typeof messageGroupEntrySchema>;

/** One message of `get_message_list` (extension). */
export const messageItemSchema = z.strictObject({
  id: idSchema,
  msgGroup: z.int(),
  title: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  createdAt: isoTimeSchema,
  /** an in-product link the message refers to, e.g. `/detailManage?type=article` */
  link: z.string().nullable(),
  /**
   * Stable message kind (`welcome`, `article_published`, `article_rejected`, …) so a client can render its
   * own language from `params`; `title`/`body` are the zh-CN text. Optional: older clients ignore them.
   */
  kind: z.string().optional(),
  /** values of the kind's template, e.g. `{ title, reason }` */
  params: z.record(z.string(), z.unknown()).optional(),
  /** extension (issue #11): the rule a rejection message applies, `slug#section` (`ruleHref`) */
  ruleRef: z.string().optional(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

/** A platform notice (`get_notice_list`; extension). */
export const noticeItemSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  summary: z.string(),
  publishedAt: isoTimeSchema,
});
export type NoticeItem = z.infer<typeof noticeItemSchema>;
/** `get_notice_detail` (extension): the notice with its body. */
export const noticeDetailSchema = noticeItemSchema.extend({
  /** sanitized HTML */
  content: z.string(),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

/** Counters of a content item. */
export const contentStatsSchema = z.strictObject({
  views: countSchema,
  likes: countSchema,
  comments: countSchema,
  shares: countSchema,
  /** videos and short videos only (issue #3): plays, the video's view count */
  plays: countSchema.optional(),
  /** videos and short videos only (issue #3): seconds, null until the upload is probed */
  duration: z.number().min(0).nullable().optional(),
});
export type ContentStats = z.infer<typeof contentStatsSchema>;

/** One item of `GET /api/content/list` (API.md §9). */
export const contentListItemSchema = z.strictObject({
  id: idSchema,
  type: z.enum(contentTypes),
  title: z.string(),
  status: z.enum(contentStatuses),
  coverUrl: z.string().nullable(),
  publishedAt: isoTimeSchema.nullable(),
  updatedAt: isoTimeSchema,
  stats: contentStatsSchema,
  /** why review refused it, when status is `rejected` */
  rejectReason: z.string().nullable(),
  /** extension (issue #11): the rule the rejection applies, `slug#section` of the rule centre (`ruleHref`) */
  rejectRuleRef: z.string().nullable().optional(),
});
export type ContentListItem = z.infer<typeof contentListItemSchema>;

/** `GET /api/content/detail` (API.md §9). */
export const contentDetailSchema = contentListItemSchema.extend({
  /** the stored (sanitized) HTML body of an article */
  content: z.string(),
  coverUrls: z.array(z.string()),
  /** extension (issue #10): when a `scheduled` work publishes (ISO 8601); null otherwise (videos: `video/detail`) */
  scheduledAt: isoTimeSchema.nullable().optional(),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

/** `GET /api/home/overview` (extension): the home page's key numbers. */
export const homeOverviewSchema = z.strictObject({
  fans: countSchema,
  totalViews: countSchema,
  totalLikes: countSchema,
  contentCount: countSchema,
  yesterdayViews: countSchema,
  /** fans gained yesterday */
  yesterdayFans: countSchema,
});
export type HomeOverview = z.infer<typeof homeOverviewSchema>;

/** `POST /fileservice/image` (API.md §8). Pixels and bytes. */
export const imageUploadResultSchema = z.strictObject({
  url: z.string(),
  key: z.string(),
  width: z.int().min(0),
  height: z.int().min(0),
  /** bytes */
  size: countSchema,
});
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;
