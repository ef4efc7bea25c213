import {
  BLOCKED_WORD_MAX_LENGTH,
  BLOCKED_WORDS_MAX,
  COMMENT_BATCH_MAX,
  COMMENT_SORTS,
  COMMENT_STATES,
  COMMENT_TAB_TYPES,
  COMMENT_TEXT_MAX,
  type CommentAction,
  type CommentItem,
  type CommentListParam,
  type CommentState,
} from '@cc/contracts';

/** The pure parts of the comments inbox (issue #13, API.md §12): its addresses, filters and rules. */

/** The inbox's address (spec §2 `manage/commentManage`); the type tabs and the reply popup live under it. */
export const INBOX_PATH = '/manage/commentManage';
/** The reply popup's address: `?commentId=<id>` names the comment answered. */
export const POP_REPLY_PATH = `${INBOX_PATH}/popReply`;

/** A content type with its own tab (contracts `COMMENT_TAB_TYPES`). */
export type CommentTabType = (typeof COMMENT_TAB_TYPES)[number];
/** The inbox's tabs, in display order: everything, one per type, the held comments. */
export const INBOX_TABS = ['all', ...COMMENT_TAB_TYPES, 'held'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** Rows a page of the inbox shows by default, and the sizes the author can pick (API.md §3: at most 100). */
export const INBOX_PAGE_SIZE = 20;
export const INBOX_PAGE_SIZES = [20, 50, 100] as const;
/** A thread's drawer asks for this many comments (the list's largest page). */
export const THREAD_PAGE_SIZE = 100;
/** How long the list must have been visible before its unread comments are marked read, ms. */
export const MARK_READ_DELAY_MS = 1500;

const isIn = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  value !== null && value !== undefined && (list as readonly string[]).includes(value);

/** What the address says about the inbox: the type of its path, and whether it is the reply popup's. */
export interface InboxPath {
  type: CommentTabType | undefined;
  isPopReply: boolean;
}

/**
 * Reads an inbox path (`/manage/commentManage/video` → the video tab; `…/commentlist` and `…/popReply` show every
 * type). A trailing slash is ignored; anything unknown reads as the "all" tab.
 */
export function parseInboxPath(pathname: string): InboxPath {
  const rest = pathname.replace(/\/+$/, '').slice(INBOX_PATH.length).replace(/^\//, '');
  return { type: isIn(COMMENT_TAB_TYPES, rest) ? rest : undefined, isPopReply: rest === 'popReply' };
}

/** The tab shown: the path's type, else "held" when the all-types inbox filters held comments, else "all". */
export function activeTab(type: CommentTabType | undefined, state: CommentState | undefined): InboxTab {
  if (type) return type;
  return state === 'held' ? 'held' : 'all';
}

/**
 * Where a tab leads (issue #13: switching tabs navigates between the type paths): `/manage/commentManage/<type>`,
 * or the inbox itself for "all" and "held" (which sets `state=held`). The keyword, dates, sort, unread filter and
 * page size are kept; the page, the work (it belongs to a type), an open thread or popup are dropped, and so is
 * `state=held` when leaving the held tab.
 * @param search the current query string (with or without `?`)
 * @returns path and query string, e.g. `/manage/commentManage/video?keyword=x`
 */
export function tabTarget(tab: InboxTab, current: InboxTab, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['page', 'contentId', 'thread', 'commentId']) params.delete(key);
  if (tab === 'held') params.set('state', 'held');
  else if (current === 'held') params.delete('state');
  const path = tab === 'all' || tab === 'held' ? INBOX_PATH : `${INBOX_PATH}/${tab}`;
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Where closing the reply popup leads: the inbox, with the popup's `commentId` dropped and the rest kept. */
export function closeReplyTarget(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('commentId');
  const query = params.toString();
  return query ? `${INBOX_PATH}?${query}` : INBOX_PATH;
}

/** The filters of the inbox (all of them in the address). */
export interface CommentFilters {
  type: CommentTabType | undefined;
  contentId: number | undefined;
  /** undefined: every state but deleted (the server's default) */
  state: CommentState | undefined;
  keyword: string;
  /** first and last day, `YYYY-MM-DD`, or '' */
  from: string;
  to: string;
  unread: boolean;
  sort: CommentSort;
  page: number;
  pageSize: number;
}

/** `YYYY-MM-DD` of a real day. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** A positive whole number from the address, else undefined. */
export function positiveId(value: string | null | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The filters from the query string's values (anything malformed falls back to its default, so a hand-edited
 * address still shows the inbox) and the path's type.
 */
export function parseFilters(type: CommentTabType | undefined, get: (key: string) => string): CommentFilters {
  const state = get('state');
  const sort = get('sort');
  const pageSize = Number(get('pageSize'));
  return {
    type,
    contentId: positiveId(get('contentId')),
    state: isIn(COMMENT_STATES, state) ? state : undefined,
    keyword: get('keyword').trim(),
    from: isDay(get('from')) ? get('from') : '',
    to: isDay(get('to')) ? get('to') : '',
    unread: get('unread') === 'true',
    sort: isIn(COMMENT_SORTS, sort) ? sort : 'time',
    page: positiveId(get('page')) ?? 1,
    pageSize: (INBOX_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : INBOX_PAGE_SIZE,
  };
}

/** The `comment/list` param of the filters: only what is set (`unread` only when true; `sort` always). */
export function listParamOf(f: CommentFilters): CommentListParam {
  const param: CommentListParam = { page: f.page, pageSize: f.pageSize, sort: f.sort };
  if (f.type) param.type = f.type;
  if (f.contentId) param.contentId = f.contentId;
  if (f.state) param.state = f.state;
  if (f.keyword) param.keyword = f.keyword;
  if (f.from) param.from = f.from;
  if (f.to) param.to = f.to;
  if (f.unread) param.unread = true;
  return param;
}

/** True when anything narrows the list beyond the tab (for the empty state's words). */
export function isFiltered(f: CommentFilters): boolean {
  return Boolean(f.contentId || f.state || f.keyword || f.from || f.to || f.unread);
}

/**
 * Blocked words pasted in bulk (issue #13): split on new lines, commas (`,` `，`), `、` and semicolons (`;` `；`),
 * each trimmed, empty ones dropped, repeats kept once (first place wins).
 */
export function splitBlockedWords(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/[\r\n,，、;；]+/)) {
    const word = raw.trim();
    if (word) seen.add(word);
  }
  return [...seen];
}

/** What is wrong with a list of blocked words (contracts: at most 1000, each at most 30 characters). */
export interface BlockedWordsCheck {
  tooMany: boolean;
  tooLong: string[];
}

/** Checks blocked words against the limits the server applies (`BLOCKED_WORDS_MAX`, `BLOCKED_WORD_MAX_LENGTH`). */
export function checkBlockedWords(words: readonly string[]): BlockedWordsCheck {
  return {
    tooMany: words.length > BLOCKED_WORDS_MAX,
    tooLong: words.filter((w) => w.length > BLOCKED_WORD_MAX_LENGTH),
  };
}

/** A reply's length as the server counts it (UTF-16 units of the trimmed text). */
export function replyLength(text: string): number {
  return text.trim().length;
}

/** A reply the server accepts: 1–1000 characters after trimming (API.md §10). */
export function isReplyValid(text: string): boolean {
  const n = replyLength(text);
  return n >= 1 && n <= COMMENT_TEXT_MAX;
}

/** More ids than one batch call takes (`COMMENT_BATCH_MAX`, API.md §12): refused before any call. */
export function isBatchTooBig(ids: readonly number[]): boolean {
  return ids.length > COMMENT_BATCH_MAX;
}

/** The batch actions of the bulk bar, in display order (pin is one at a time: one pinned comment a work). */
export const BULK_ACTIONS = ['publish', 'hide', 'delete', 'like'] as const satisfies readonly CommentAction[];
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Only a published top-level comment can be pinned (one per work, shown first on the reader site). */
export function canPin(item: Pick<CommentItem, 'state' | 'parentId'>): boolean {
  return item.state === 'published' && item.parentId === undefined;
}

/** Held and hidden comments can be published (approved). */
export function canPublish(item: Pick<CommentItem, 'state'>): boolean {
  return item.state === 'held' || item.state === 'hidden';
}

/** Published and held comments can be hidden. */
export function canHide(item: Pick<CommentItem, 'state'>): boolean {
  return item.state === 'published' || item.state === 'held';
}

/**
 * Published and held comments can be answered: replying to a held one approves it, as YouTube Studio does
 * (docs/api.md "Comments and barrage"; the server refuses one held for a platform prohibited word, and hidden or
 * deleted ones).
 */
export function canReply(item: Pick<CommentItem, 'state'>): boolean {
  return item.state === 'published' || item.state === 'held';
}

/** Only a shown comment gets the author's heart. */
export function canHeart(item: Pick<CommentItem, 'state' | 'isAuthor'>): boolean {
  return item.state === 'published' && !item.isAuthor;
}

/** The thread a comment belongs to: its top-level comment. */
export function threadOf(item: Pick<CommentItem, 'id' | 'rootId'>): number {
  return item.rootId ?? item.id;
}

/**
 * Filter changes as query-string values (the address holds the inbox's state; spec §2, §9): booleans as `true` or
 * nothing, absent values as nothing. The type is the path's, never a query value.
 */
export function filtersToQuery(
  next: Partial<CommentFilters>,
): Partial<Record<Exclude<keyof CommentFilters, 'type'>, string | number | undefined>> {
  const out: Partial<Record<Exclude<keyof CommentFilters, 'type'>, string | number | undefined>> = {};
  for (const [key, value] of Object.entries(next) as [keyof CommentFilters, unknown][]) {
    if (key === 'type') continue;
    if (typeof value === 'boolean') out[key] = value ? 'true' : undefined;
    else if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    else out[key] = undefined;
  }
  return out;
}
