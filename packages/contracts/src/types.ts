import type { ContentStatus, ContentType } from './schemas.js';

/** `GET /api/config` (public, unsigned; API.md §4 and the frame of spec §1). */
export interface PublicConfig {
  /** origins the client rewrites media URLs to; empty = same origin */
  imageHosts: string[];
  /** links of the top bar (spec §1) */
  siblingSites: { name: string; url: string }[];
  /** the feedback survey, opened in a new tab (spec §1) */
  feedbackUrl: string;
  /** the footer's copyright line */
  copyright: string;
  /** the product name shown in the header */
  productName: string;
}

/** `GET /api/home/userinfo` (API.md §6): `avator` holds the `{0}` size placeholder. */
export interface UserInfo {
  authStatus: 0 | 1 | 2 | 3;
  avator: string;
  mediaName: string;
}

/** `GET /api/user_center/get_my_info_by_id` (API.md §6). */
export interface MyInfo extends UserInfo {
  id: number;
  userIdentityList: { type: number }[];
}

/** One entry of `get_mp_index_group_message` (API.md §6). */
export interface MessageGroupEntry {
  msgGroup: number;
  unreadCount: number;
}

/** One message of `get_message_list` (extension). */
export interface MessageItem {
  id: number;
  msgGroup: number;
  title: string;
  body: string;
  isRead: boolean;
  createdAt: string;
  /** an in-product link the message refers to, e.g. `/detailManage?type=article` */
  link: string | null;
  /**
   * Stable message kind (`welcome`, `article_published`, `article_rejected`, …) so a client can render its
   * own language from `params`; `title`/`body` are the zh-CN text. Optional: older clients ignore them.
   */
  kind?: string;
  /** values of the kind's template, e.g. `{ title, reason }` */
  params?: Record<string, unknown>;
}

/** A platform notice (`get_notice_list`, `get_notice_detail`; extension). */
export interface NoticeItem {
  id: number;
  title: string;
  summary: string;
  publishedAt: string;
}
export interface NoticeDetail extends NoticeItem {
  /** sanitized HTML */
  content: string;
}

/** Counters of a content item. */
export interface ContentStats {
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** videos and short videos only (issue #3): plays, the video's view count */
  plays?: number;
  /** videos and short videos only (issue #3): seconds, null until the upload is probed */
  duration?: number | null;
}

/** One item of `GET /api/content/list` (API.md §9). */
export interface ContentListItem {
  id: number;
  type: ContentType;
  title: string;
  status: ContentStatus;
  coverUrl: string | null;
  publishedAt: string | null;
  updatedAt: string;
  stats: ContentStats;
  /** why review refused it, when status is `rejected` */
  rejectReason: string | null;
}

/** `GET /api/content/detail` (API.md §9). */
export interface ContentDetail extends ContentListItem {
  /** the stored (sanitized) HTML body of an article */
  content: string;
  coverUrls: string[];
}

/** `GET /api/home/overview` (extension): the home page's key numbers. */
export interface HomeOverview {
  fans: number;
  totalViews: number;
  totalLikes: number;
  contentCount: number;
  yesterdayViews: number;
  yesterdayFans: number;
}

/** `POST /fileservice/image` (API.md §8). */
export interface ImageUploadResult {
  url: string;
  key: string;
  width: number;
  height: number;
  /** bytes */
  size: number;
}
