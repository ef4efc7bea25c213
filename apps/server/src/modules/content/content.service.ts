import {
  ruleRefOfMessage,
  checkBodyText,
  checkScheduledAt,
  checkTitle,
  type ContentDetail,
  type ContentListItem,
  type ContentListParam,
  type ContentStatus,
  type ContentStatusCounts,
  type ContentType,
  htmlToPlainText,
  type ListData,
  type MessageLanguage,
  type MessageRef,
  type PublishArticleParam,
  PublishType,
  renderMessage,
  renderStoredMessage,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  HTML_MAX_DEPTH,
  HtmlTooDeepError,
  processBodyOffThread,
  type ProcessedBody,
} from '../../lib/sanitize-html.js';
import { messageTemplates, sendSystemMessage } from '../message/message.service.js';
import { readVideoFacts, type VideoFacts } from '../../read-models/video-facts.js';
import { readWorkTotals } from '../../read-models/work-data.js';
import { refuseLockedOrderWorks } from '../../read-models/order-work-locks.js';
import { coverUrl as uploadCoverUrl } from '../fileservice/fileservice.service.js';
import { unownedImageIndexes } from '../media/media.service.js';
import * as repo from './content.repo.js';
import { findProhibitedWord, findReviewWord } from '../moderation/moderation.service.js';
import { unknownCarSeriesIds } from '../car/car.service.js';
import { topicExists } from '../topic/topic.service.js';
import { recordModerationResult } from '../credit/credit.service.js';

/**
 * Content of an author (API.md §9, issue #2): article publishing with the automatic review, the content
 * list, detail and (soft) delete. Every action checks ownership first: another author's item answers
 * NOT_FOUND (10006), never FORBIDDEN, so ids leak nothing. One transaction per action.
 */

/**
 * The outcome of a review: `published`, or `rejected` with why — `reason` a catalog message (issue #9: stored,
 * and rendered in the reader's language), `rule` the broken rule's code (`TITLE_LENGTH`, `SENSITIVE_WORD`, …),
 * `word` the prohibited word when there is one.
 */
export type ReviewResult =
  | { status: 'published'; reason: null; rule: null }
  | { status: 'rejected' | 'reviewing'; reason: MessageRef; rule: string; word?: string };

/**
 * The `contents` columns of a review's outcome (issue #9): `rejectMessage` the reason as a catalog message,
 * `rejectReason` its zh-CN text (the stored text for readers of the table; answers render `rejectMessage`).
 */
export function rejectColumns(review: ReviewResult | null): {
  rejectReason: string | null;
  rejectMessage: MessageRef | null;
  holdMessage: MessageRef | null;
} {
  if (review?.status === 'reviewing')
    return { rejectReason: null, rejectMessage: null, holdMessage: review.reason };
  const reason = review?.reason ?? null;
  return {
    rejectReason: reason ? renderMessage(reason, 'zh-CN') : null,
    rejectMessage: reason,
    holdMessage: null,
  };
}

/**
 * An item's `rejectReason` as an answer carries it (issue #9): the stored catalog message in `lang`, else the
 * stored text (an operator's words, or a row reviewed before the catalog).
 */
export function rejectReasonIn(
  row: { rejectReason: string | null; rejectMessage: unknown },
  lang: MessageLanguage,
): string | null {
  return renderStoredMessage(row.rejectMessage, lang) ?? row.rejectReason;
}

/**
 * The automatic review of any content (issue #2; videos since issue #3): the title rule (`checkTitle`),
 * the body rule when an HTML body is given (articles, on the sanitized HTML — sanitizing can shorten a
 * body), and the sensitive-word list on the title and all the reader-visible text.
 * @param input `title`; `html` an article body (checked by `checkBody`), or `bodyText` its reader-visible
 *   text already extracted (`htmlToPlainText`, done off the event loop for articles, issue #8 item 3);
 *   `text` other plain text read by readers (a video's description), only searched for sensitive words
 * @returns `published`, or `rejected` with the reason as a catalog message naming the rule, e.g.
 *   REVIEW_SENSITIVE_WORD "contains a prohibited word: 赌博 (gambling)" / "包含违禁词：赌博（赌博）"; or
 *   `reviewing` when no rule refuses it but a word of `REVIEW_WORDS` needs an operator (issue #10)
 * @param input.titleRule false skips the title rule, for types without a title of their own (a dynamic's title is
 *   the start of its text, issue #10; its type checks its own length rule first); default true
 */
export function reviewContent(input: {
  title: string;
  html?: string;
  bodyText?: string;
  text?: string;
  titleRule?: boolean;
}): ReviewResult {
  const bodyText = input.bodyText ?? (input.html !== undefined ? htmlToPlainText(input.html) : undefined);
  const titleBroken = input.titleRule === false ? null : checkTitle(input.title);
  const ruleBroken = titleBroken ?? (bodyText !== undefined ? checkBodyText(bodyText) : null);
  if (ruleBroken) {
    // `message` is the rule's English text, for logs: the stored reason is the catalog message alone
    const { message: _english, ...reason } = ruleBroken;
    return { status: 'rejected', reason, rule: ruleBroken.code };
  }
  const readable = [input.title, bodyText ?? '', input.text ?? ''];
  const hit = findProhibitedWord(readable.join('\n'));
  if (hit)
    return {
      status: 'rejected',
      reason: { code: 'REVIEW_SENSITIVE_WORD', params: { word: hit.word, rule: { code: hit.rule } } },
      rule: 'SENSITIVE_WORD',
      word: hit.word,
    };
  const held = findReviewWord(readable.join('\n'));
  if (held)
    return {
      status: 'reviewing',
      reason: { code: 'REVIEW_HELD_WORD', params: { word: held.word, rule: { code: held.rule } } },
      rule: 'HELD_WORD',
      word: held.word,
    };
  return { status: 'published', reason: null, rule: null };
}

/**
 * The automatic review of an article (issue #2): `reviewContent` with the body rule.
 * @param bodyText `htmlToPlainText(html)` when the caller has it (computed off the event loop)
 */
export function reviewArticle(title: string, html: string, bodyText?: string): ReviewResult {
  return reviewContent({ title, html, bodyText });
}

/** A `contents` row as other content types built on it see it (videos, issue #3). */
export type ContentRow = repo.ContentRow;
/** The fields of a new `contents` row (`id` and the counters are made by the database). */
export type NewContentRow = repo.NewContentRow;

/*
 * The `contents` row of content types that keep their own facts beside it (videos: the video module's
 * `videos` table, issue #3). Title, status, cover and counters stay here so lists and review treat every
 * type alike; the other module writes them only through these functions, in its own transaction.
 */

/**
 * The author's item by id, in any status including `deleted`.
 * @param db the database or the caller's transaction
 * @returns the row, or undefined when it is missing or another author's
 */
export async function findOwnContentItem(
  db: Db,
  userId: number,
  id: number,
): Promise<ContentRow | undefined> {
  return repo.findOwnContent(db, userId, id);
}

/**
 * An item by id whoever owns it, for jobs that run without a session (scheduled publishing, issue #3).
 * @returns the row, or undefined when it is missing
 */
export async function findContentItemById(db: Db, id: number): Promise<ContentRow | undefined> {
  return repo.findContentById(db, id);
}

/**
 * An item by id with its row locked until the caller's transaction ends (`SELECT … FOR UPDATE`), for a
 * module that changes the item after checking it (issue #16: a scheduled video's publish job and the sweep,
 * on two servers at once, publish it once); undefined when absent.
 * @param tx the caller's transaction
 */
export async function findContentItemByIdForUpdate(tx: Db, id: number): Promise<ContentRow | undefined> {
  return repo.findContentByIdForUpdate(tx, id);
}

/**
 * Inserts an item of another content type (e.g. `video`); the caller has reviewed it (`reviewContent`).
 * @param db the caller's transaction, so the item and its own facts commit together
 * @returns the new row
 */
export async function createContentItem(db: Db, row: NewContentRow): Promise<ContentRow> {
  return repo.insertContent(db, row);
}

/**
 * Changes an item's fields (title, status, review, cover, dates). The caller has checked ownership.
 * @param db the caller's transaction
 * @returns the row as updated
 */
export async function updateContentItem(
  db: Db,
  id: number,
  patch: Partial<Omit<NewContentRow, 'id' | 'userId' | 'type'>>,
): Promise<ContentRow> {
  return repo.updateContent(db, id, patch);
}

/**
 * The first of `ids` that is the author's and not deleted (e.g. another live video playing one upload).
 * @returns its id, or undefined when none is
 */
export async function findFirstLiveOwnItem(
  db: Db,
  userId: number,
  ids: number[],
): Promise<number | undefined> {
  const [first] = await repo.findLiveOwnIds(db, userId, ids);
  return first;
}

/** Most drafts one author may hold (issue #8 item 10); a new draft beyond it is refused with `QUOTA_EXCEEDED`. */
export const DRAFT_QUOTA = 500;

/**
 * Refuses a save that would make a new draft beyond `DRAFT_QUOTA` (issue #8 item 10): a work becoming a draft that
 * was not one already. Every type's save calls it (articles, saveWork's types, videos — issue #11 found videos
 * skipping it). @param tx the save's transaction @throws FAILED (status 0, ercd QUOTA_EXCEEDED, DRAFT_QUOTA)
 */
export async function checkDraftQuota(
  tx: Db,
  userId: number,
  status: ContentStatus,
  existing: ContentRow | undefined,
): Promise<void> {
  if (status !== 'draft' || existing?.status === 'draft') return;
  if ((await repo.countByStatus(tx, userId, 'draft')) >= DRAFT_QUOTA)
    throw new AppError(
      'FAILED',
      { code: 'DRAFT_QUOTA', params: { max: DRAFT_QUOTA } },
      { ercd: 'QUOTA_EXCEEDED' },
    );
}

/**
 * The body as stored, and with `review` its reader-visible text: both made on the worker thread in one
 * message (issue #8 item 3), so nothing that grows with the body runs on the event loop.
 * @throws VALIDATION_FAILED (10007, field `content`) when tags nest deeper than `HTML_MAX_DEPTH`
 */
async function sanitizeBody(content: string, review: boolean): Promise<ProcessedBody> {
  try {
    return await processBodyOffThread(content, { text: review });
  } catch (err) {
    if (!(err instanceof HtmlTooDeepError)) throw err;
    throw AppError.validation([{ path: 'content', code: 'BODY_TOO_DEEP', params: { max: HTML_MAX_DEPTH } }]);
  }
}

export interface PublishDeps {
  /** the message step; tests replace it to prove a failure leaves nothing behind */
  sendMessage: typeof sendSystemMessage;
}

/**
 * `POST /api/article/publish` (API.md §9): creates (no id) or updates (own id) an article.
 * publishType 0 → `draft`; 1 → the automatic review runs in the same transaction and the item ends
 * `published` or `rejected` (with the reason), and the author gets a group-8 message either way.
 * Publishing a published article again reviews it again. The body is sanitized before it is stored.
 * A create (no id) with `param.requestId` is idempotent per author (issue #8 item 10): when the author
 * already made an item with that key, the answer is that item's `{ id, status }` as it stands now and
 * nothing is written or messaged (also when two such requests race: the partial unique index
 * `contents_user_request_id_uidx` lets one insert, the other reads it). With an `id` the key is ignored.
 * @param param already validated by `publishArticleParamSchema` (title/body rules for publishType 1)
 * @returns `{ id, status }`
 * The body is sanitised on a worker thread and is at most `BODY_MARKUP_MAX` characters (issue #8 item 3).
 * @throws NOT_FOUND (10006) for another author's or a missing id, or a non-article; CONFLICT (10008) for a deleted item;
 *   VALIDATION_FAILED (10007, `content`) for nesting deeper than `HTML_MAX_DEPTH`; FAILED (status 0, ercd
 *   `QUOTA_EXCEEDED`) for a new draft beyond `DRAFT_QUOTA` (issue #8 item 10)
 */
export async function publishArticle(
  db: Db,
  userId: number,
  param: PublishArticleParam,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<{ id: number; status: ContentStatus }> {
  const title = param.title.trim();
  const body = await sanitizeBody(param.content, param.publishType !== PublishType.DRAFT);
  const html = body.html;
  let scheduledAt: Date | null = null;
  if (param.publishType === PublishType.SCHEDULED) {
    const broken = checkScheduledAt(param.scheduledAt, now);
    if (broken) throw AppError.rule('scheduledAt', broken);
    scheduledAt = new Date(param.scheduledAt!);
  }
  return db.transaction(async (tx) => {
    // a create repeated with the same idempotency key answers the first create (issue #8 item 10)
    const requestId = param.id === undefined ? param.requestId : undefined;
    if (requestId !== undefined) {
      const earlier = await repo.findOwnByRequestId(tx, userId, requestId);
      if (earlier) return { id: earlier.id, status: earlier.status };
    }
    let existing: repo.ContentRow | undefined;
    if (param.id !== undefined) {
      existing = await repo.findOwnContent(tx, userId, param.id);
      if (!existing || existing.type !== 'article') throw new AppError('NOT_FOUND', 'ARTICLE_NOT_FOUND');
      if (existing.status === 'deleted') throw new AppError('CONFLICT', 'ARTICLE_DELETED');
      // scheduling would take a published article away from its readers until the time
      if (scheduledAt && existing.status === 'published')
        throw new AppError('CONFLICT', 'ARTICLE_PUBLISHED_NO_SCHEDULE');
    }
    // a scheduled article is reviewed at its time (the rules may have changed by then), a draft never
    const review = param.publishType === PublishType.PUBLISH ? reviewArticle(title, html, body.text) : null;
    const status: ContentStatus = review ? review.status : scheduledAt ? 'scheduled' : 'draft';
    await checkDraftQuota(tx, userId, status, existing);
    const fields = {
      title,
      content: html,
      coverUrls: param.coverUrls,
      status,
      ...rejectColumns(review),
      publishedAt: status === 'published' ? (existing?.publishedAt ?? now) : null,
      scheduledAt,
      updatedAt: now,
    };
    const newRow = { userId, type: 'article' as const, createdAt: now, ...fields };
    let row: repo.ContentRow;
    if (existing) row = await repo.updateContent(tx, existing.id, fields);
    else if (requestId === undefined) row = await repo.insertContent(tx, newRow);
    else {
      const inserted = await repo.insertContentOnce(tx, { ...newRow, requestId });
      if (!inserted) {
        // a concurrent create with the same key committed first: answer its result, send no message
        const winner = await repo.findOwnByRequestId(tx, userId, requestId);
        if (!winner) throw new AppError('CONFLICT', 'REQUEST_ID_BUSY');
        return { id: winner.id, status: winner.status };
      }
      row = inserted;
    }
    if (review) {
      await recordModerationResult(tx, {
        userId,
        contentId: row.id,
        contentType: 'article',
        title,
        review,
        now,
      });
      await deps.sendMessage(tx, { userId, ...reviewMessage('article', row.id, title, review) });
    }
    return { id: row.id, status: row.status };
  });
}

/**
 * Publishes a scheduled article whose time has come (issue #10, API.md §13 publishType 2): the automatic
 * review runs now, on the stored title and body, and the author gets the published or rejected message, as
 * on "publish now"; `publishedAt` is the scheduled time. Called by the schedule sweep (jobs/schedule-sweep.ts).
 * @param now the clock; an article whose time is still ahead is left alone
 * @returns the new status, or null when there was nothing to do (not scheduled any more, not yet due, gone)
 */
export async function publishScheduledArticle(
  db: Db,
  id: number,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<ContentStatus | null> {
  return publishScheduledWork(
    db,
    id,
    (_tx, row) => (row.type === 'article' ? reviewArticle(row.title, row.content) : null),
    deps,
    now,
  );
}

/**
 * The rule a rejected work's refusal applies (issue #11, `ruleRefOfMessage` of its stored reason), as answers
 * carry it in `rejectRuleRef`; null unless the work is rejected.
 */
export function rejectRuleRefOf(row: { status: string; rejectMessage: unknown }): string | null {
  return row.status === 'rejected' ? (ruleRefOfMessage(row.rejectMessage) ?? null) : null;
}

/** A row as `content/list` answers it; `rejectReason` in `lang` (issue #9). */
export function toListItem(row: repo.ContentRow, lang: MessageLanguage): ContentListItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    status: row.status,
    coverUrl: row.coverUrls[0] ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    // filled from the audience rollups by addFacts (issue #12: numbers come from reader events)
    stats: { views: 0, likes: 0, comments: 0, shares: 0 },
    rejectReason: rejectReasonIn(row, lang),
    rejectRuleRef: rejectRuleRefOf(row),
  };
}

/**
 * Adds what list items show beyond their row (API.md §9 and its extensions): `stats` (views, likes, comments,
 * shares over the work's whole life) from the audience rollups (issue #12: every number from reader events;
 * `read-models/work-data.ts`), and for `video`/`smallVideo` `stats.plays` and `stats.duration` (seconds, null
 * until probed) and the upload's frame as cover when the item has none (issue #3, `read-models/video-facts.ts`).
 */
async function addFacts(db: Db, items: ContentListItem[]): Promise<ContentListItem[]> {
  const isVideo = (i: ContentListItem) => i.type === 'video' || i.type === 'smallVideo';
  const videoIds = items.filter(isVideo).map((i) => i.id);
  const [totals, facts] = await Promise.all([
    readWorkTotals(
      db,
      items.map((i) => i.id),
    ),
    videoIds.length > 0 ? readVideoFacts(db, videoIds) : Promise.resolve(new Map<number, VideoFacts>()),
  ]);
  return items.map((item) => {
    const n = totals.get(item.id);
    const stats = {
      views: n?.views ?? 0,
      likes: n?.likes ?? 0,
      comments: n?.comments ?? 0,
      shares: n?.shares ?? 0,
    };
    if (!isVideo(item)) return { ...item, stats };
    const f = facts.get(item.id);
    return {
      ...item,
      coverUrl: item.coverUrl ?? uploadCoverUrl(f?.uploadCover ?? null),
      stats: { ...stats, plays: n?.plays ?? 0, duration: f?.duration ?? null },
    };
  });
}

/**
 * `GET /api/content/list` (API.md §9): the author's items by type, status and title keyword, newest
 * update first, deleted items excluded. Videos and short videos also carry `stats.plays` and
 * `stats.duration` (seconds; issue #3). `rejectReason` is in `lang` (the request's, issue #9).
 */
export async function listContent(
  db: Db,
  userId: number,
  param: ContentListParam,
  lang: MessageLanguage,
): Promise<ListData<ContentListItem>> {
  const { rows, total } = await repo.listContents(db, userId, {
    type: param.type,
    status: param.status,
    keyword: param.keyword || undefined,
    topicId: param.topicId,
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  const list = await addFacts(
    db,
    rows.map((row) => toListItem(row, lang)),
  );
  return { list, total, page: param.page, pageSize: param.pageSize };
}

/**
 * `GET /api/content/detail` (API.md §9); `rejectReason` in `lang` (issue #9).
 * @throws NOT_FOUND for another author's, a missing or a deleted item
 */
export async function getContentDetail(
  db: Db,
  userId: number,
  id: number,
  lang: MessageLanguage,
): Promise<ContentDetail> {
  const row = await repo.findOwnContent(db, userId, id);
  if (!row || row.status === 'deleted') throw new AppError('NOT_FOUND', 'CONTENT_NOT_FOUND');
  const [item] = await addFacts(db, [toListItem(row, lang)]);
  return {
    ...item!,
    content: row.content,
    coverUrls: row.coverUrls,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
  };
}

/**
 * `POST /api/content/delete` (API.md §9): soft delete (status `deleted`, hidden from lists).
 * @throws NOT_FOUND for another author's, a missing or an already deleted item
 */
export async function deleteContent(db: Db, userId: number, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findOwnContent(tx, userId, id);
    if (!row || row.status === 'deleted') throw new AppError('NOT_FOUND', 'CONTENT_NOT_FOUND');
    // issue #14: a business order's work stays published for the agreed days
    await refuseLockedOrderWorks(tx, [row.id], now);
    await repo.updateContent(tx, row.id, { status: 'deleted', deletedAt: now, updatedAt: now });
  });
}

// ---------------------------------------------------------------------------------------------------
// Every kind of work (issue #10, API.md §13): one save, review, schedule and operator decision for the
// types that keep their facts beside the `contents` row (album, dynamic, live, program).
// ---------------------------------------------------------------------------------------------------

/** The catalog name of each type, as messages and errors say it (`{{type}}`, `{{typeName}}`). */
export const WORK_TYPE_NAMES: Readonly<Record<ContentType, MessageRef>> = {
  article: { code: 'WORK_TYPE_ARTICLE' },
  album: { code: 'WORK_TYPE_ALBUM' },
  video: { code: 'WORK_TYPE_VIDEO' },
  smallVideo: { code: 'WORK_TYPE_SMALL_VIDEO' },
  dynamic: { code: 'WORK_TYPE_DYNAMIC' },
  live: { code: 'WORK_TYPE_LIVE' },
  program: { code: 'WORK_TYPE_PROGRAM' },
};

/**
 * Where a message about a work takes its author (spec §2 routes): `list` once published or held, `edit(id)`
 * the work's own editor (a rejected work is edited and resubmitted there).
 */
export const WORK_LINKS: Readonly<Record<ContentType, { list: string; edit: (id: number) => string }>> = {
  article: { list: '/detailManage?type=article', edit: (id) => `/article?id=${id}` },
  album: { list: '/imageCollection', edit: (id) => `/releaseImages?id=${id}` },
  video: { list: '/videos', edit: (id) => `/videos/video?id=${id}` },
  smallVideo: { list: '/smallVideo', edit: (id) => `/smallVideo/indexv?id=${id}` },
  dynamic: { list: '/detailManage/dynamic', edit: (id) => `/dynamic/dynamic?id=${id}` },
  live: { list: '/liveShow', edit: (id) => `/liveShow?id=${id}` },
  program: { list: '/program', edit: (id) => `/program?id=${id}` },
};

/**
 * The group-8 message of a review's outcome for a work of any type (issue #10): published, rejected (reason and
 * rule named, link to the editor) or held for an operator. Articles keep their own kinds (issue #2); videos
 * send theirs from the video module.
 */
export function reviewMessage(type: ContentType, id: number, title: string, review: ReviewResult) {
  const typeName = WORK_TYPE_NAMES[type];
  const links = WORK_LINKS[type];
  if (review.status === 'reviewing')
    return messageTemplates.workHeld(type, typeName, id, title, review.reason, links.list);
  if (review.status === 'published')
    return type === 'article'
      ? messageTemplates.articlePublished(id, title)
      : messageTemplates.workPublished(type, typeName, id, title, links.list);
  const detail = { rule: review.rule, ...(review.word ? { word: review.word } : {}) };
  return type === 'article'
    ? messageTemplates.articleRejected(id, title, review.reason, detail)
    : messageTemplates.workRejected(type, typeName, id, title, review.reason, detail, links.edit(id));
}

/** What `saveWork` writes on the `contents` row of a work. */
export interface SaveWorkInput {
  type: Exclude<ContentType, 'article' | 'video' | 'smallVideo'>;
  /** the author's own work to update; undefined creates */
  id?: number;
  /** idempotency key of a create (issue #8 item 10) */
  requestId?: string;
  /** 0 draft, 1 publish now (review runs), 2 at `scheduledAt` (reviewed at its time); API.md §13 */
  publishType: 0 | 1 | 2;
  /** ISO 8601, for publishType 2: 5 minutes to 30 days after `now` (`checkScheduledAt`) */
  scheduledAt?: string;
  title: string;
  /** the reader-visible text (plain text), searched by the review */
  content: string;
  coverUrls: string[];
  carSeriesIds: number[];
  topicId: number | null;
  /**
   * the type's own automatic review of what is saved, run for publishType 1 (per-type rules, then
   * `reviewContent` for sensitive words); `existing` is the row before the save, when updating
   */
  review: (existing: ContentRow | undefined) => ReviewResult;
}

/** The outcome of `saveWork`: the row as saved; `replayed` when a create with a known `requestId` wrote nothing. */
export interface SavedWork {
  row: ContentRow;
  replayed: boolean;
}

/**
 * Checks what any work refers to (issue #10 "Bad input"): car series of the shipped catalogue, a topic that
 * exists. @throws VALIDATION_FAILED (10007) on `carSeriesIds` (CAR_SERIES_UNKNOWN) or `topicId` (TOPIC_NOT_FOUND)
 */
export async function checkWorkReferences(
  db: Db,
  refs: { carSeriesIds: readonly number[]; topicId: number | null },
): Promise<void> {
  const unknown = unknownCarSeriesIds(refs.carSeriesIds);
  const issues: { path: string; code: 'CAR_SERIES_UNKNOWN' | 'TOPIC_NOT_FOUND' }[] = [];
  if (unknown.length > 0)
    issues.push({
      path: `carSeriesIds.${refs.carSeriesIds.indexOf(unknown[0]!)}`,
      code: 'CAR_SERIES_UNKNOWN',
    });
  if (refs.topicId !== null && !(await topicExists(db, refs.topicId)))
    issues.push({ path: 'topicId', code: 'TOPIC_NOT_FOUND' });
  if (issues.length > 0) throw AppError.validation(issues);
}

/**
 * Checks that every image a work shows is one the author uploaded (issue #10 "Bad input: images referenced must
 * exist and belong to the author").
 * @param images `[path, url]` pairs, e.g. `['images.3.url', '/media/img/0x0/images/u1/a.png']`
 * @throws VALIDATION_FAILED (10007), IMAGE_NOT_YOURS on each failing path
 */
export async function checkOwnImages(
  db: Db,
  userId: number,
  images: readonly (readonly [path: string, url: string])[],
): Promise<void> {
  const bad = await unownedImageIndexes(
    db,
    userId,
    images.map(([, url]) => url),
  );
  if (bad.length > 0)
    throw AppError.validation(bad.map((i) => ({ path: images[i]![0], code: 'IMAGE_NOT_YOURS' as const })));
}

/**
 * Saves the `contents` row of a work of any type (issue #10, API.md §13) inside the caller's transaction, so
 * the type's own facts (its `albums`/`dynamics`/… row) commit with it:
 * - create, or update the author's own work of that type (another author's or a missing id → 10006
 *   WORK_NOT_FOUND; deleted → 10008 WORK_DELETED; scheduling a published work → 10008
 *   WORK_PUBLISHED_NO_SCHEDULE);
 * - publishType 0 → `draft` (a new draft beyond `DRAFT_QUOTA` → FAILED QUOTA_EXCEEDED); 1 → `input.review`
 *   decides `published`, `rejected` or `reviewing` (held for an operator) and the author gets its message;
 *   2 → `scheduled` at `scheduledAt`, reviewed by the schedule sweep at its time (`publishScheduledWork`);
 *   any save of a scheduled work that does not schedule it again cancels the schedule;
 * - a create with a `requestId` the author already used answers that work and writes nothing (`replayed`).
 * @param tx the caller's transaction
 * @throws VALIDATION_FAILED (10007) for a schedule outside 5 minutes–30 days (`scheduledAt`), an unknown car
 *   series or topic (`checkWorkReferences`); the errors above
 */
export async function saveWork(
  tx: Db,
  userId: number,
  input: SaveWorkInput,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<SavedWork> {
  const typeName = WORK_TYPE_NAMES[input.type];
  let scheduledAt: Date | null = null;
  if (input.publishType === PublishType.SCHEDULED) {
    const broken = checkScheduledAt(input.scheduledAt, now);
    if (broken) throw AppError.rule('scheduledAt', broken);
    scheduledAt = new Date(input.scheduledAt!);
  }
  await checkWorkReferences(tx, input);
  const requestId = input.id === undefined ? input.requestId : undefined;
  if (requestId !== undefined) {
    const earlier = await repo.findOwnByRequestId(tx, userId, requestId);
    if (earlier) return { row: earlier, replayed: true };
  }
  let existing: ContentRow | undefined;
  if (input.id !== undefined) {
    existing = await repo.findOwnContentForUpdate(tx, userId, input.id);
    if (!existing || existing.type !== input.type)
      throw new AppError('NOT_FOUND', { code: 'WORK_NOT_FOUND', params: { type: typeName } });
    if (existing.status === 'deleted')
      throw new AppError('CONFLICT', { code: 'WORK_DELETED', params: { type: typeName } });
    if (scheduledAt && existing.status === 'published')
      throw new AppError('CONFLICT', { code: 'WORK_PUBLISHED_NO_SCHEDULE', params: { type: typeName } });
  }
  const review = input.publishType === PublishType.PUBLISH ? input.review(existing) : null;
  const status: ContentStatus = review ? review.status : scheduledAt ? 'scheduled' : 'draft';
  await checkDraftQuota(tx, userId, status, existing);
  const fields = {
    title: input.title,
    content: input.content,
    coverUrls: input.coverUrls,
    carSeriesIds: input.carSeriesIds,
    topicId: input.topicId,
    status,
    ...rejectColumns(review),
    publishedAt: status === 'published' ? (existing?.publishedAt ?? now) : null,
    scheduledAt,
    updatedAt: now,
  };
  let row: ContentRow;
  if (existing) row = await repo.updateContent(tx, existing.id, fields);
  else {
    const newRow = { userId, type: input.type, createdAt: now, ...fields };
    if (requestId === undefined) row = await repo.insertContent(tx, newRow);
    else {
      const inserted = await repo.insertContentOnce(tx, { ...newRow, requestId });
      if (!inserted) {
        const winner = await repo.findOwnByRequestId(tx, userId, requestId);
        if (!winner) throw new AppError('CONFLICT', 'REQUEST_ID_BUSY');
        return { row: winner, replayed: true };
      }
      row = inserted;
    }
  }
  if (review) {
    await recordModerationResult(tx, {
      userId,
      contentId: row.id,
      contentType: input.type,
      title: input.title,
      review,
      now,
    });
    await deps.sendMessage(tx, { userId, ...reviewMessage(input.type, row.id, input.title, review) });
  }
  return { row, replayed: false };
}

/**
 * Publishes a scheduled work of any type whose time has come (issue #10 "Scheduling for every type"): locks the
 * row, runs the type's review now (`review`, given the locked row; the rules may have changed since) and sends
 * the outcome's message — a refused schedule produces a message naming the rule. `publishedAt` is the scheduled
 * time. Called by the schedule sweep (jobs/schedule-sweep.ts) for album, dynamic and article.
 * @param review the type's review of the stored work, run inside the transaction; null leaves the work alone
 *   (not of the caller's type)
 * @returns the new status, or null when there was nothing to do (not scheduled any more, not yet due, gone)
 */
export async function publishScheduledWork(
  db: Db,
  id: number,
  review: (tx: Db, row: ContentRow) => Promise<ReviewResult | null> | ReviewResult | null,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<ContentStatus | null> {
  return db.transaction(async (tx) => {
    const row = await repo.findContentByIdForUpdate(tx, id);
    if (!row || row.status !== 'scheduled' || !row.scheduledAt) return null;
    if (row.scheduledAt.getTime() > now.getTime()) return null;
    const result = await review(tx, row);
    if (!result) return null;
    const updated = await repo.updateContent(tx, id, {
      status: result.status,
      ...rejectColumns(result),
      publishedAt: result.status === 'published' ? row.scheduledAt : null,
      scheduledAt: null,
      updatedAt: now,
    });
    await recordModerationResult(tx, {
      userId: row.userId,
      contentId: id,
      contentType: row.type,
      title: row.title,
      review: result,
      now,
    });
    await deps.sendMessage(tx, { userId: row.userId, ...reviewMessage(row.type, id, row.title, result) });
    return updated.status;
  });
}

/**
 * Writes a review's outcome on a work and sends its message (issue #10), for the types reviewed on every save
 * rather than by publishType (live shows, programs). `publishedAt` keeps the first publication.
 * @param tx the caller's transaction, the one that saved the row
 * @returns the row as updated
 */
export async function applyReview(
  tx: Db,
  row: ContentRow,
  review: ReviewResult,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<ContentRow> {
  const updated = await repo.updateContent(tx, row.id, {
    status: review.status,
    ...rejectColumns(review),
    publishedAt: review.status === 'published' ? (row.publishedAt ?? now) : null,
    updatedAt: now,
  });
  await recordModerationResult(tx, {
    userId: row.userId,
    contentId: row.id,
    contentType: row.type,
    title: row.title,
    review,
    now,
  });
  await deps.sendMessage(tx, { userId: row.userId, ...reviewMessage(row.type, row.id, row.title, review) });
  return updated;
}

/**
 * An operator's decision on a held work (API.md §13 `ops/review/decide`, issue #10 "Review"): `approve`
 * publishes it now, `reject` refuses it with the operator's reason (REVIEW_OPERATOR_REJECTED, shown to the
 * author in both languages around the operator's own words); the author gets the outcome's message either
 * way. The row is locked, so two operators deciding at once decide once.
 * @param reason the operator's words (required to reject; checked by the param schema)
 * @returns the work's new status
 * @throws NOT_FOUND (10006) for a missing or deleted work; CONFLICT (10008, OPS_NOT_WAITING) when it is not
 *   waiting (already decided, edited back to a draft)
 */
export async function decideHeldWork(
  db: Db,
  id: number,
  decision: 'approve' | 'reject',
  reason: string,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<ContentStatus> {
  return db.transaction(async (tx) => {
    const row = await repo.findContentByIdForUpdate(tx, id);
    if (!row || row.status === 'deleted') throw new AppError('NOT_FOUND', 'CONTENT_NOT_FOUND');
    if (row.status !== 'reviewing') throw new AppError('CONFLICT', 'OPS_NOT_WAITING');
    const review: ReviewResult =
      decision === 'approve'
        ? { status: 'published', reason: null, rule: null }
        : {
            status: 'rejected',
            reason: { code: 'REVIEW_OPERATOR_REJECTED', params: { reason } },
            rule: 'OPERATOR',
          };
    const updated = await applyReview(tx, row, review, deps, now);
    return updated.status;
  });
}

/**
 * `GET /api/content/status_counts { type? }` (extension, issue #10 "One management view"): the author's works per
 * status for the management tabs; `all` is every work not deleted.
 */
export async function countContentByStatus(
  db: Db,
  userId: number,
  type?: ContentType,
): Promise<ContentStatusCounts> {
  const per = await repo.countPerStatus(db, userId, type);
  const n = (s: ContentStatus) => per.get(s) ?? 0;
  const counts = {
    draft: n('draft'),
    reviewing: n('reviewing'),
    published: n('published'),
    rejected: n('rejected'),
    scheduled: n('scheduled'),
  };
  return { all: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}

/**
 * `POST /api/content/delete_batch { ids }` (extension, issue #10 "bulk delete"): soft-deletes the works in one
 * transaction, all or nothing; a scheduled one loses its schedule.
 * @returns `{ deleted }`, the number deleted (= ids.length)
 * @throws NOT_FOUND (10006, CONTENT_NOT_FOUND) when any id is not a live work of the author — nothing is deleted
 */
export async function deleteContentBatch(
  db: Db,
  userId: number,
  ids: number[],
  now = new Date(),
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const deleted = await repo.softDeleteOwn(tx, userId, ids, now);
    // the transaction rolls back: one foreign or gone id deletes nothing
    if (deleted.length !== ids.length) throw new AppError('NOT_FOUND', 'CONTENT_NOT_FOUND');
    // issue #14: a business order's work stays published for the agreed days (rolls back too)
    await refuseLockedOrderWorks(tx, deleted, now);
    return { deleted: deleted.length };
  });
}
