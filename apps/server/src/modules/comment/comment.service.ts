import {
  type BarrageAction,
  type BarrageItem,
  type BatchResult,
  type CommentAction,
  type CommentCounts,
  type CommentItem,
  type CommentSettings,
  contentTypes,
  EVENT_MAX_AGE_DAYS,
  EVENT_MAX_AHEAD_MS,
  type HoldReason,
  type MessageLanguage,
  type MessageRef,
  MsgGroup,
  OPEN_BARRAGE_MAX,
  OPEN_REPLIES_MAX,
  type OpenBarrage,
  type OpenComment,
  type OpenThread,
  renderMessage,
  type ServerMessageCode,
} from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { listBarrage as readBarrage, listComments as readInbox } from '../../read-models/voice-inbox.js';
import { readVoiceWork, readVoiceWorkList, type VoiceWork } from '../../read-models/voice-works.js';
import { countReaderVoices } from '../analytics/analytics.service.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import {
  createWordMatcher,
  findProhibitedWord,
  findReviewWord,
  normaliseForModeration,
} from '../moderation/moderation.service.js';
import { getUserInfo } from '../user/user.service.js';
import * as repo from './comment.repo.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Comments and barrage (issue #13; API.md §10 the `/open/` calls, §12 the author's side; extensions in
 * docs/api.md "Comments and barrage"). Every reader's voice passes `moderateVoice` on arrival and is
 * `published` or `held` with its reason; the author answers, approves, hides, pins and blocks from the inbox.
 * One transaction per action: a batch of 1,000 ids changes all of them or none.
 */

/** What the comment calls need of the server's configuration. */
export interface CommentOptions {
  /** the time zone of days (config `reportTz`): the audience rollups and the inbox's date filter */
  reportTz: string;
}

/** The moderation's verdict on a reader's voice. */
export interface VoiceVerdict {
  state: 'published' | 'held';
  holdCode?: HoldReason;
  /** the reason as a catalog message, shown beside the held voice in the author's language */
  holdReason?: MessageRef;
}

/** What `moderateVoice` reads besides the text: the author's settings and whether the reader is blocked. */
export interface ModerationContext {
  readerBlocked: boolean;
  /** the author's blocked words, matched after the same normaliser (null: none) */
  matchAuthorWord: ((text: string) => { word: string } | null) | null;
  holdAll: boolean;
}

/**
 * The moderation of a reader's comment or barrage message (issue #13 "pass moderation"), first reason wins, in
 * this order: a reader the author blocked; a platform prohibited word (`SENSITIVE_WORDS`); a platform word an
 * automatic rule cannot judge (`REVIEW_WORDS`); one of the author's blocked words; the author's hold-all switch.
 * Words are matched after `normaliseForModeration`, the normaliser of content review (full-width, case,
 * traditional characters, characters spread apart: "加 微 信" reads "加微信").
 * @param text the voice's text as the reader wrote it
 * @returns `published`, or `held` with the reason's code and catalog message
 */
export function moderateVoice(text: string, ctx: ModerationContext): VoiceVerdict {
  if (ctx.readerBlocked) return held('reader', { code: 'COMMENT_HOLD_READER' });
  const prohibited = findProhibitedWord(text);
  if (prohibited)
    return held('platformWord', {
      code: 'REVIEW_SENSITIVE_WORD',
      params: { word: prohibited.word, rule: { code: prohibited.rule } },
    });
  const review = findReviewWord(text);
  if (review)
    return held('reviewWord', {
      code: 'REVIEW_HELD_WORD',
      params: { word: review.word, rule: { code: review.rule } },
    });
  const own = ctx.matchAuthorWord?.(text);
  if (own) return held('authorWord', { code: 'COMMENT_HOLD_AUTHOR_WORD', params: { word: own.word } });
  if (ctx.holdAll) return held('holdAll', { code: 'COMMENT_HOLD_ALL' });
  return { state: 'published' };
}

function held(holdCode: HoldReason, holdReason: MessageRef): VoiceVerdict {
  return { state: 'held', holdCode, holdReason };
}

// The matchers of authors' blocked words, rebuilt when the settings change (keyed by their update time).
const MATCHER_CACHE_MAX = 1000;
const matchers = new Map<number, { version: number; match: ModerationContext['matchAuthorWord'] }>();

/** The moderation context of a reader on an author's works (settings, blocked words, block). */
async function moderationContext(db: Db, authorId: number, readerId: string): Promise<ModerationContext> {
  const [settings, readerBlocked] = await Promise.all([
    repo.settingsOf(db, authorId),
    repo.isBlocked(db, authorId, readerId),
  ]);
  const version = settings.updatedAt?.getTime() ?? 0;
  let cached = matchers.get(authorId);
  if (!cached || cached.version !== version) {
    const words = settings.blockedWords.map((word) => ({ word, rule: null }));
    cached = { version, match: words.length > 0 ? createWordMatcher(words) : null };
    if (matchers.size >= MATCHER_CACHE_MAX) matchers.delete(matchers.keys().next().value!);
    matchers.set(authorId, cached);
  }
  return { readerBlocked, matchAuthorWord: cached.match, holdAll: settings.holdAll };
}

/**
 * `at` of an `/open/` voice against the server's clock (API.md §10: within the last 7 days, at most 5 minutes
 * ahead, as for events). @throws VALIDATION_FAILED (10007) on the field `at`
 */
function checkArrivalTime(at: Date, now: Date): void {
  if (at.getTime() < now.getTime() - EVENT_MAX_AGE_DAYS * 86_400_000)
    throw AppError.validation([
      { path: 'at', code: 'VOICE_AT_TOO_OLD', params: { days: EVENT_MAX_AGE_DAYS } },
    ]);
  if (at.getTime() > now.getTime() + EVENT_MAX_AHEAD_MS)
    throw AppError.validation([
      { path: 'at', code: 'VOICE_AT_TOO_FAR_AHEAD', params: { minutes: EVENT_MAX_AHEAD_MS / 60_000 } },
    ]);
}

/** A published work readers may write on. @throws NOT_FOUND (10006) for unknown, deleted or unpublished works */
async function publishedWork(db: Db, contentId: number): Promise<VoiceWork> {
  const work = await readVoiceWork(db, contentId);
  if (!work || work.status !== 'published') throw new AppError('NOT_FOUND', 'EVENT_UNKNOWN_CONTENT');
  return work;
}

/**
 * The verdict a voice got when it arrived (what a repeated id answers, decision 0010): held when the moderation
 * gave it a hold code, whatever the author did since.
 */
function arrivalVerdict(row: { holdCode: string | null } | null): 'published' | 'held' {
  return row?.holdCode ? 'held' : 'published';
}

/** How `/open/` names a comment: the site's id, or `author:<id>` for an author's reply. */
function openIdOf(row: { externalId: string | null; id: number }): string {
  return row.externalId ?? `author:${row.id}`;
}

/** The comment an `/open/` id names (a site id of `site`, or `author:<id>`), or null. */
async function commentByOpenId(db: Db, site: string, openId: string): Promise<repo.CommentRow | null> {
  if (openId.startsWith('author:')) {
    const row = await repo.commentById(db, Number(openId.slice('author:'.length)));
    return row?.isAuthor ? row : null;
  }
  return repo.commentByExternal(db, site, openId);
}

/** The link of a thread in the inbox (messages point at it). */
export function threadLink(rootId: number): string {
  return `/manage/commentManage/commentlist?thread=${rootId}`;
}

/** A text cut to `max` code points with an ellipsis, for a message's preview. */
function preview(text: string, max = 60): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/**
 * `POST /open/comments` (API.md §10): a reader's comment or reply arrives, passes `moderateVoice` and is
 * stored `published` or `held` with its reason, in one transaction with its count in the audience rollups
 * (`comments`, held ones included) and a message to the author in the comments group (1) linking the thread.
 * Idempotent by (site, commentId): a repeated id answers the first arrival's verdict and changes nothing.
 * @param site the calling site (its key checked by the security plugin)
 * @param now the server's clock
 * @returns `{ commentId, state }` as API.md §10
 * @throws VALIDATION_FAILED (10007) for `at` out of the window; NOT_FOUND (10006) for an unknown, deleted or
 *   unpublished work or an unknown parent; CONFLICT (10008) when the work's comments are off or the parent is
 *   not shown; FAILED (0) when the parent belongs to another work
 */
export async function receiveComment(
  db: Db,
  site: string,
  input: OpenComment,
  now: Date,
  opts: CommentOptions,
): Promise<{ commentId: string; state: 'published' | 'held' }> {
  const repeated = await repo.commentByExternal(db, site, input.commentId);
  if (repeated) return { commentId: input.commentId, state: arrivalVerdict(repeated) };
  const at = new Date(input.at);
  checkArrivalTime(at, now);
  const work = await publishedWork(db, input.contentId);
  if ((await repo.workSwitchesOf(db, work.id)).commentsOff) throw new AppError('CONFLICT', 'COMMENTS_CLOSED');
  let parentRow: repo.CommentRow | null = null;
  if (input.parentId !== undefined) {
    parentRow = await commentByOpenId(db, site, input.parentId);
    if (!parentRow) throw new AppError('NOT_FOUND', 'COMMENT_NOT_FOUND');
    if (parentRow.contentId !== work.id) throw new AppError('FAILED', 'COMMENT_PARENT_OTHER_WORK');
    if (parentRow.state !== 'published')
      throw new AppError('CONFLICT', {
        code: 'COMMENT_PARENT_NOT_SHOWN',
        params: { state: stateRef(parentRow.state) },
      });
  }
  const verdict = moderateVoice(input.text, await moderationContext(db, work.authorId, input.readerId));
  return db.transaction(async (tx) => {
    const row = await repo.insertComment(tx, {
      site,
      externalId: input.commentId,
      contentId: work.id,
      authorId: work.authorId,
      contentType: work.type,
      rootId: parentRow ? (parentRow.rootId ?? parentRow.id) : null,
      parentId: parentRow?.id ?? null,
      readerId: input.readerId,
      readerName: input.readerName,
      text: input.text,
      state: verdict.state,
      holdCode: verdict.holdCode ?? null,
      holdReason: verdict.holdReason ?? null,
      createdAt: at,
      receivedAt: now,
    });
    if (!row) {
      // the same id arrived concurrently and won: answer its verdict
      const first = await repo.commentByExternal(tx, site, input.commentId);
      return { commentId: input.commentId, state: arrivalVerdict(first) };
    }
    if (row.rootId !== null) await repo.addReplyCounts(tx, new Map([[row.rootId, 1]]));
    await countReaderVoices(tx, opts.reportTz, [
      { contentId: work.id, authorId: work.authorId, contentType: work.type, at, kind: 'comments' },
    ]);
    const params = { reader: input.readerName, title: work.title, text: preview(input.text) };
    const link = threadLink(row.rootId ?? row.id);
    const message =
      verdict.state === 'held'
        ? kindMessage('comment_held', { ...params, reason: verdict.holdReason }, link, MsgGroup.COMMENT)
        : parentRow?.isAuthor
          ? kindMessage('comment_reply', params, link, MsgGroup.COMMENT)
          : kindMessage('comment', params, link, MsgGroup.COMMENT);
    await sendSystemMessage(tx, { userId: work.authorId, ...message, createdAt: now });
    return { commentId: input.commentId, state: verdict.state };
  });
}

/**
 * `POST /open/barrage` (API.md §10): a reader's barrage message on a video, moderated like comments, counted in
 * the rollups (`barrages`). Idempotent by (site, barrageId). No message to the author (barrage is too frequent
 * to announce one by one; the barrage page lists it).
 * @throws VALIDATION_FAILED (10007) for `at` out of the window or a position past the video's end; NOT_FOUND
 *   (10006) for an unknown, deleted or unpublished work; FAILED (0) when the work is not a video; CONFLICT
 *   (10008) when its barrage is off
 */
export async function receiveBarrage(
  db: Db,
  site: string,
  input: OpenBarrage,
  now: Date,
  opts: CommentOptions,
): Promise<{ barrageId: string; state: 'published' | 'held' }> {
  const repeated = await repo.barrageByExternal(db, site, input.barrageId);
  if (repeated) return { barrageId: input.barrageId, state: arrivalVerdict(repeated) };
  const at = new Date(input.at);
  checkArrivalTime(at, now);
  const work = await publishedWork(db, input.contentId);
  if (work.type !== 'video' && work.type !== 'smallVideo') throw new AppError('FAILED', 'BARRAGE_NOT_VIDEO');
  if ((await repo.workSwitchesOf(db, work.id)).barrageOff) throw new AppError('CONFLICT', 'BARRAGE_CLOSED');
  if (work.duration !== null && input.positionMs > Math.ceil(work.duration * 1000))
    throw AppError.validation([
      { path: 'positionMs', code: 'BARRAGE_PAST_END', params: { seconds: Math.round(work.duration) } },
    ]);
  const verdict = moderateVoice(input.text, await moderationContext(db, work.authorId, input.readerId));
  return db.transaction(async (tx) => {
    const row = await repo.insertBarrage(tx, {
      site,
      externalId: input.barrageId,
      contentId: work.id,
      authorId: work.authorId,
      readerId: input.readerId,
      readerName: input.readerName ?? input.readerId,
      text: input.text,
      positionMs: input.positionMs,
      mode: input.mode ?? 'scroll',
      color: (input.color ?? '#FFFFFF').toUpperCase(),
      state: verdict.state,
      holdCode: verdict.holdCode ?? null,
      holdReason: verdict.holdReason ?? null,
      createdAt: at,
      receivedAt: now,
    });
    if (!row) {
      const first = await repo.barrageByExternal(tx, site, input.barrageId);
      return { barrageId: input.barrageId, state: arrivalVerdict(first) };
    }
    await countReaderVoices(tx, opts.reportTz, [
      { contentId: work.id, authorId: work.authorId, contentType: work.type, at, kind: 'barrages' },
    ]);
    return { barrageId: input.barrageId, state: verdict.state };
  });
}

/**
 * `POST /open/comments/like` (extension): a reader likes or unlikes a published comment; a toggle per (comment,
 * reader), so a repeated call changes nothing. @returns the comment's likes after the call
 * @throws NOT_FOUND (10006) for an unknown comment or one that is not shown
 */
export async function likeComment(
  db: Db,
  site: string,
  input: { commentId: string; readerId: string; liked: boolean },
): Promise<{ commentId: string; likes: number }> {
  const row = await commentByOpenId(db, site, input.commentId);
  if (!row || row.state !== 'published') throw new AppError('NOT_FOUND', 'COMMENT_NOT_FOUND');
  const likes = await db.transaction((tx) => repo.setReaderLike(tx, row.id, input.readerId, input.liked));
  return { commentId: input.commentId, likes };
}

function openItem(
  c: repo.CommentRow,
  parentOpenId: string | undefined,
): Omit<OpenThread, 'replies' | 'replyCount'> {
  return {
    commentId: openIdOf(c),
    ...(parentOpenId === undefined ? {} : { parentId: parentOpenId }),
    readerId: c.readerId,
    readerName: c.readerName,
    isAuthor: c.isAuthor,
    text: c.text,
    likes: c.likes,
    authorLiked: c.authorLiked,
    pinned: c.pinned,
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * `GET /open/comments` (API.md §10): the published top-level comments of a published work, pinned first, then
 * newest, each with its published replies (the author's included) oldest first, at most `OPEN_REPLIES_MAX`, and
 * `replyCount` the thread's published replies. Never held, hidden or deleted ones.
 * @throws NOT_FOUND (10006) for an unknown, deleted or unpublished work
 */
export async function openCommentList(db: Db, contentId: number, page: number, pageSize: number) {
  await publishedWork(db, contentId);
  const { rows, total } = await repo.openThreads(db, contentId, pageSize, (page - 1) * pageSize);
  const { rows: replies, counts } = await repo.openReplies(
    db,
    rows.map((r) => r.id),
    OPEN_REPLIES_MAX,
  );
  const byRoot = new Map<number, OpenThread['replies']>();
  for (const { c, parentExternalId } of replies) {
    const list = byRoot.get(c.rootId!) ?? [];
    const parentOpenId = c.parentId === null ? undefined : (parentExternalId ?? `author:${c.parentId}`);
    list.push(openItem(c, parentOpenId));
    byRoot.set(c.rootId!, list);
  }
  return {
    list: rows.map((r) => ({
      ...openItem(r, undefined),
      replyCount: counts.get(r.id) ?? 0,
      replies: byRoot.get(r.id) ?? [],
    })),
    total,
    page,
    pageSize,
  };
}

/**
 * `GET /open/barrage` (API.md §10): the shown barrage (published and protected) of a published video, the
 * newest `OPEN_BARRAGE_MAX`, in position order. @throws NOT_FOUND (10006) as `openCommentList`
 */
export async function openBarrageList(db: Db, contentId: number) {
  await publishedWork(db, contentId);
  const rows = await repo.openBarrage(db, contentId, OPEN_BARRAGE_MAX);
  return rows.map((b) => ({
    barrageId: b.externalId,
    positionMs: b.positionMs,
    text: b.text,
    mode: b.mode,
    color: b.color,
    createdAt: b.createdAt.toISOString(),
  }));
}

// ---- the author's side (API.md §12) ----

/** A state's catalog name as a message value. */
function stateRef(state: string): MessageRef {
  return { code: `VOICE_STATE_${state.toUpperCase()}` } as MessageRef;
}

/** The first instant of a `REPORT_TZ` day. */
function dayStart(day: string, tz: string): Date {
  return dayjs.tz(day, tz).toDate();
}

/**
 * `GET /api/comment/list` (API.md §12 + extensions): the author's inbox. Absent `state` lists every state but
 * `deleted`; `from`/`to` are `REPORT_TZ` days, inclusive; `rootId` lists one thread oldest first.
 * @param lang the language of `holdReason`
 */
export async function listInbox(
  db: Db,
  authorId: number,
  p: {
    type?: (typeof contentTypes)[number];
    contentId?: number;
    state?: CommentItem['state'];
    keyword?: string;
    sort: 'time' | 'likes' | 'replies';
    from?: string;
    to?: string;
    rootId?: number;
    unread?: boolean;
    readerId?: string;
    page: number;
    pageSize: number;
  },
  lang: MessageLanguage,
  opts: CommentOptions,
) {
  const { rows, total, totalCapped } = await readInbox(
    db,
    authorId,
    {
      type: p.type,
      contentId: p.contentId,
      state: p.state,
      keyword: p.keyword,
      sort: p.sort,
      from: p.from ? dayStart(p.from, opts.reportTz) : undefined,
      to: p.to ? dayStart(dayjs(p.to).add(1, 'day').format('YYYY-MM-DD'), opts.reportTz) : undefined,
      rootId: p.rootId,
      unread: p.unread,
      readerId: p.readerId,
    },
    p.pageSize,
    (p.page - 1) * p.pageSize,
  );
  const list: CommentItem[] = rows.map(({ c, contentTitle, parentReaderName, readerBlocked }) => ({
    id: c.id,
    contentId: c.contentId,
    contentTitle,
    readerId: c.readerId,
    readerName: c.readerName,
    text: c.text,
    state: c.state,
    ...(c.state === 'held' && c.holdReason ? { holdReason: renderMessage(c.holdReason, lang) } : {}),
    ...(c.parentId === null ? {} : { parentId: c.parentId }),
    isAuthor: c.isAuthor,
    likes: c.likes,
    replyCount: c.replyCount,
    pinned: c.pinned,
    createdAt: c.createdAt.toISOString(),
    contentType: c.contentType,
    ...(c.rootId === null ? {} : { rootId: c.rootId }),
    ...(c.state === 'held' && c.holdCode ? { holdCode: c.holdCode } : {}),
    authorLiked: c.authorLiked,
    unread: !c.isRead && !c.isAuthor,
    ...(parentReaderName === null ? {} : { parentReaderName }),
    readerBlocked: !c.isAuthor && Boolean(readerBlocked),
  }));
  return { list, total, page: p.page, pageSize: p.pageSize, totalCapped };
}

/**
 * `POST /api/comment/reply` (API.md §12): the author answers a comment of one of their works; the reply is
 * published at once and shows in `GET /open/comments`. Replying to a held comment approves it too (as YouTube
 * Studio does); the answered comment is marked read. Not a reader's voice: no rollup, no message.
 * @returns `{ id }` of the reply
 * @throws NOT_FOUND (10006) for an unknown or another author's comment; CONFLICT (10008) for a hidden or
 *   deleted one, or one held for a platform prohibited word; VALIDATION_FAILED (10007) when the reply holds a
 *   platform prohibited word
 */
export async function replyToComment(db: Db, authorId: number, commentId: number, text: string, now: Date) {
  const hit = findProhibitedWord(text);
  if (hit)
    throw AppError.validation([
      { path: 'text', code: 'REVIEW_SENSITIVE_WORD', params: { word: hit.word, rule: { code: hit.rule } } },
    ]);
  const me = await getUserInfo(db, authorId);
  return db.transaction(async (tx) => {
    const [target] = await repo.lockComments(tx, [commentId]);
    if (!target || target.authorId !== authorId) throw new AppError('NOT_FOUND', 'COMMENT_NOT_FOUND');
    if (target.state === 'held' && target.holdCode === 'platformWord') throw platformWordStaysHeld(target);
    if (target.state !== 'published' && target.state !== 'held')
      throw new AppError('CONFLICT', {
        code: 'COMMENT_PARENT_NOT_SHOWN',
        params: { state: stateRef(target.state) },
      });
    await repo.updateComments(tx, [target.id], { state: 'published', isRead: true });
    const rootId = target.rootId ?? target.id;
    const row = await repo.insertComment(tx, {
      contentId: target.contentId,
      authorId,
      contentType: target.contentType,
      rootId,
      parentId: target.id,
      readerId: `author:${authorId}`,
      readerName: me.mediaName,
      isAuthor: true,
      text,
      state: 'published',
      isRead: true,
      createdAt: now,
      receivedAt: now,
    });
    await repo.addReplyCounts(tx, new Map([[rootId, 1]]));
    return { id: row!.id };
  });
}

function platformWordStaysHeld(row: { holdReason: MessageRef | null }): AppError {
  const params = (row.holdReason as { params?: Record<string, unknown> } | null)?.params ?? {};
  return new AppError('CONFLICT', {
    code: 'COMMENT_PLATFORM_WORD_STAYS_HELD',
    params: { word: params.word ?? '', rule: params.rule ?? '' },
  } as MessageRef);
}

type Classified = 'apply' | 'already' | 'forbidden';

/** What a comment action does to one row: change it, nothing (already so), or refuse (its state forbids). */
function classifyComment(action: CommentAction, c: repo.CommentRow): Classified {
  switch (action) {
    case 'publish':
      if (c.state === 'published') return 'already';
      if (c.state === 'deleted' || (c.state === 'held' && c.holdCode === 'platformWord')) return 'forbidden';
      return 'apply';
    case 'hide':
      if (c.state === 'hidden') return 'already';
      return c.state === 'deleted' ? 'forbidden' : 'apply';
    case 'delete':
      return c.state === 'deleted' ? 'already' : 'apply';
    case 'pin':
      if (c.pinned) return 'already';
      return c.state === 'published' && c.rootId === null ? 'apply' : 'forbidden';
    case 'unpin':
      return c.pinned ? 'apply' : 'already';
    case 'like':
      if (c.authorLiked) return 'already';
      return c.state === 'deleted' ? 'forbidden' : 'apply';
    case 'unlike':
      return c.authorLiked ? 'apply' : 'already';
  }
}

/**
 * The rows of `ids`, locked, all the author's. @throws NOT_FOUND (10006) when one is unknown or another's —
 * nothing is done then
 */
function ownRows<T extends { id: number; authorId: number }>(
  rows: T[],
  ids: number[],
  authorId: number,
  notFound: 'COMMENT_NOT_FOUND' | 'BARRAGE_NOT_FOUND',
): T[] {
  if (rows.length !== ids.length || rows.some((r) => r.authorId !== authorId))
    throw new AppError('NOT_FOUND', notFound);
  return rows;
}

/** The 10008 of a batch none of whose rows the action applies to, naming the first row's state. */
function notApplicable(action: string, state: string): AppError {
  return new AppError('CONFLICT', {
    code: 'COMMENT_ACTION_NOT_APPLICABLE',
    params: {
      state: stateRef(state),
      action: { code: `VOICE_ACTION_${action.toUpperCase()}` as ServerMessageCode },
    },
  } as MessageRef);
}

/**
 * `POST /api/comment/batch` (API.md §12): one action on 1–1000 of the author's comments, in ONE transaction
 * (rows locked in id order). Repeated ids count once. Rows already so are skipped (a repeated call is harmless);
 * rows whose state forbids the action are skipped too, and when no row can take it the call is refused.
 * - publish: held or hidden → published (a comment held for a platform prohibited word stays held)
 * - hide: published or held → hidden (and unpinned); delete: → deleted (and unpinned; thread counts follow)
 * - pin: a published top-level comment; a work has one pinned comment (the previous pin is lifted)
 * - like / unlike: the author's like (YouTube's heart), counted in `likes`
 * Every row acted on is marked read.
 * @returns `{ done, skipped }`
 * @throws NOT_FOUND (10006) when an id is unknown or another author's; CONFLICT (10008) when pinning two of one
 *   work, or no row can take the action (the first row's state named)
 */
export async function batchComments(
  db: Db,
  authorId: number,
  ids: number[],
  action: CommentAction,
): Promise<BatchResult> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const rows = ownRows(await repo.lockComments(tx, unique), unique, authorId, 'COMMENT_NOT_FOUND');
    const apply = rows.filter((r) => classifyComment(action, r) === 'apply');
    const already = rows.filter((r) => classifyComment(action, r) === 'already');
    if (apply.length === 0 && already.length === 0) {
      const platform = rows.find((r) => r.holdCode === 'platformWord' && r.state === 'held');
      throw action === 'publish' && platform
        ? platformWordStaysHeld(platform)
        : notApplicable(action, rows[0]!.state);
    }
    const applyIds = apply.map((r) => r.id);
    switch (action) {
      case 'publish':
        await repo.updateComments(tx, applyIds, { state: 'published' });
        break;
      case 'hide':
        await repo.updateComments(tx, applyIds, { state: 'hidden', pinned: false });
        break;
      case 'delete': {
        await repo.updateComments(tx, applyIds, { state: 'deleted', pinned: false });
        const byRoot = new Map<number, number>();
        for (const r of apply) if (r.rootId !== null) byRoot.set(r.rootId, (byRoot.get(r.rootId) ?? 0) - 1);
        await repo.addReplyCounts(tx, byRoot);
        break;
      }
      case 'pin': {
        const works = apply.map((r) => r.contentId);
        if (new Set(works).size !== works.length) throw new AppError('CONFLICT', 'COMMENT_PIN_ONE_PER_WORK');
        await repo.unpinWorks(tx, works);
        await repo.updateComments(tx, applyIds, { pinned: true });
        break;
      }
      case 'unpin':
        await repo.updateComments(tx, applyIds, { pinned: false });
        break;
      case 'like':
        await repo.addLikes(tx, applyIds, 1, true);
        break;
      case 'unlike':
        await repo.addLikes(tx, applyIds, -1, false);
        break;
    }
    await repo.markRead(tx, authorId, unique);
    return { done: apply.length, skipped: unique.length - apply.length };
  });
}

/** `GET /api/comment/settings` (API.md §12). */
export async function getSettings(db: Db, authorId: number): Promise<CommentSettings> {
  const s = await repo.settingsOf(db, authorId);
  return { blockedWords: s.blockedWords, holdAll: s.holdAll };
}

/**
 * `POST /api/comment/settings` (API.md §12): replaces the blocked words and the hold-all switch. Words are kept as
 * written, trimmed; words alike after the moderation normaliser count once (the first kept). New arrivals are
 * judged by the new settings; what arrived before keeps its state.
 * @throws VALIDATION_FAILED (10007) for a word that is empty once its spaces and symbols are removed
 */
export async function saveSettings(
  db: Db,
  authorId: number,
  param: { blockedWords: string[]; holdAll: boolean },
  now: Date,
): Promise<CommentSettings> {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const [index, word] of param.blockedWords.entries()) {
    const key = normaliseForModeration(word);
    if (!key)
      throw AppError.validation([
        { path: `blockedWords.${index}`, code: 'BLOCKED_WORD_EMPTY', params: { word } },
      ]);
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  await repo.saveSettings(db, authorId, words, param.holdAll, now);
  return { blockedWords: words, holdAll: param.holdAll };
}

/** `GET /api/comment/counts` (extension): unread per type and held, for the inbox's badges. */
export async function inboxCounts(db: Db, authorId: number): Promise<CommentCounts> {
  const { unread, held: heldCount } = await repo.inboxCounts(db, authorId);
  const unreadByType = Object.fromEntries(contentTypes.map((t) => [t, 0])) as CommentCounts['unreadByType'];
  for (const u of unread) unreadByType[u.type] = u.n;
  return { unread: unread.reduce((s, u) => s + u.n, 0), held: heldCount, unreadByType };
}

/** `POST /api/comment/read` (extension): marks the author's `ids` (or all) as seen. @returns `{ done }` */
export async function markRead(db: Db, authorId: number, ids: number[] | undefined) {
  return { done: await repo.markRead(db, authorId, ids ? [...new Set(ids)] : undefined) };
}

/** `GET /api/comment/work_list` (extension): the author's published works with their voices and switches. */
export async function workList(
  db: Db,
  authorId: number,
  p: { type?: (typeof contentTypes)[number]; keyword?: string; page: number; pageSize: number },
) {
  const { rows, total } = await readVoiceWorkList(db, authorId, p, p.pageSize, (p.page - 1) * p.pageSize);
  return { list: rows, total, page: p.page, pageSize: p.pageSize };
}

/**
 * `POST /api/comment/work_settings` (extension): comments off / barrage off on one of the author's works (what
 * is not given keeps its value). Existing voices stay as they are; new ones are refused (10008).
 * @throws NOT_FOUND (10006) for an unknown, deleted or another author's work; FAILED (0) when turning barrage
 *   off on a work that is not a video
 */
export async function setWorkSwitches(
  db: Db,
  authorId: number,
  p: { contentId: number; commentsOff?: boolean; barrageOff?: boolean },
) {
  const work = await readVoiceWork(db, p.contentId);
  if (!work || work.authorId !== authorId) throw new AppError('NOT_FOUND', 'CONTENT_NOT_FOUND');
  if (p.barrageOff !== undefined && work.type !== 'video' && work.type !== 'smallVideo')
    throw new AppError('FAILED', 'BARRAGE_NOT_VIDEO');
  const switches = await repo.saveWorkSwitches(db, work.id, authorId, p);
  return { contentId: work.id, ...switches };
}

/** `GET /api/barrage/list` (API.md §12 + extensions). Absent `state` lists every state but `deleted`. */
export async function listBarrage(
  db: Db,
  authorId: number,
  p: {
    contentId?: number;
    state?: BarrageItem['state'];
    keyword?: string;
    sort: 'time' | 'position';
    readerId?: string;
    page: number;
    pageSize: number;
  },
  lang: MessageLanguage,
) {
  const { rows, total, totalCapped } = await readBarrage(
    db,
    authorId,
    p,
    p.pageSize,
    (p.page - 1) * p.pageSize,
  );
  const list: BarrageItem[] = rows.map(({ b, contentTitle, readerBlocked }) => ({
    id: b.id,
    contentId: b.contentId,
    readerId: b.readerId,
    text: b.text,
    positionMs: b.positionMs,
    state: b.state,
    createdAt: b.createdAt.toISOString(),
    contentTitle,
    readerName: b.readerName,
    mode: b.mode,
    color: b.color,
    ...(b.state === 'held' && b.holdReason ? { holdReason: renderMessage(b.holdReason, lang) } : {}),
    ...(b.state === 'held' && b.holdCode ? { holdCode: b.holdCode } : {}),
    readerBlocked: Boolean(readerBlocked),
  }));
  return { list, total, page: p.page, pageSize: p.pageSize, totalCapped };
}

/** What a barrage action does to one row (see `batchBarrage`). */
function classifyBarrage(action: BarrageAction, b: repo.BarrageRow): Classified {
  switch (action) {
    case 'delete':
      return b.state === 'deleted' ? 'already' : 'apply';
    case 'protect':
      if (b.state === 'protected') return 'already';
      return b.state === 'published' ? 'apply' : 'forbidden';
    case 'unprotect':
      if (b.state === 'published') return 'already';
      return b.state === 'protected' ? 'apply' : 'forbidden';
    case 'publish':
      if (b.state === 'published' || b.state === 'protected') return 'already';
      return b.state === 'held' && b.holdCode !== 'platformWord' ? 'apply' : 'forbidden';
  }
}

const BARRAGE_TARGET = {
  delete: 'deleted',
  protect: 'protected',
  unprotect: 'published',
  publish: 'published',
} as const;

/**
 * `POST /api/barrage/batch` (API.md §12): delete, protect (a published message: kept when the author or the
 * platform clears barrage in bulk, Bilibili's 保护), unprotect, or publish (extension: release held ones; a
 * platform prohibited word stays held) on 1–1000 of the author's barrage messages, in one transaction. Skips and
 * refusals as `batchComments`.
 * @throws NOT_FOUND (10006) when an id is unknown or another author's; CONFLICT (10008) when no row can take it
 */
export async function batchBarrage(
  db: Db,
  authorId: number,
  ids: number[],
  action: BarrageAction,
): Promise<BatchResult> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const rows = ownRows(await repo.lockBarrage(tx, unique), unique, authorId, 'BARRAGE_NOT_FOUND');
    const apply = rows.filter((r) => classifyBarrage(action, r) === 'apply');
    if (apply.length === 0 && !rows.some((r) => classifyBarrage(action, r) === 'already'))
      throw notApplicable(action, rows[0]!.state);
    await repo.setBarrageState(
      tx,
      apply.map((r) => r.id),
      BARRAGE_TARGET[action],
    );
    return { done: apply.length, skipped: unique.length - apply.length };
  });
}

/**
 * `POST /api/reader/block` (API.md §12 + extension `hideExisting`): blocks a reader on every work of the author —
 * their new comments and barrage are held with the reason — or unblocks them (`unblock`; what was held stays
 * held until approved). With `hideExisting`, what they already wrote is hidden in the same transaction: comments
 * become hidden, shown barrage becomes held. Blocking twice keeps the first time.
 */
export async function blockReader(
  db: Db,
  authorId: number,
  p: { readerId: string; unblock?: boolean; hideExisting?: boolean },
  now: Date,
): Promise<null> {
  const name = (await repo.lastReaderName(db, authorId, p.readerId)) ?? p.readerId;
  await db.transaction(async (tx) => {
    if (p.unblock) {
      await repo.unblock(tx, authorId, p.readerId);
      return;
    }
    await repo.block(tx, authorId, p.readerId, name, now);
    if (p.hideExisting)
      await repo.hideReaderVoices(tx, authorId, p.readerId, { code: 'COMMENT_HOLD_READER' });
  });
  return null;
}

/** `GET /api/reader/blocked_list` (extension): the readers the author blocked, newest first. */
export async function blockedList(db: Db, authorId: number, page: number, pageSize: number) {
  const { rows, total } = await repo.blockedList(db, authorId, pageSize, (page - 1) * pageSize);
  return {
    list: rows.map((r) => ({
      readerId: r.readerId,
      readerName: r.readerName,
      blockedAt: r.blockedAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}
