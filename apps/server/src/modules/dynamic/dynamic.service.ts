import {
  codePointLength,
  type ContentStatus,
  DYNAMIC_OLD_AFTER_DAYS,
  DYNAMIC_TEXT_MAX,
  type DynamicDetail,
  type DynamicFeedItem,
  type DynamicList,
  type DynamicListParam,
  type DynamicVideo,
  dynamicTitleOf,
  type MessageLanguage,
  type PublishDynamicParam,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  type AttachedVideoFacts,
  type DynamicFeedRow,
  listAuthorDynamics,
  readAttachedVideos,
} from '../../read-models/dynamic-feed.js';
import { readWorkTotals } from '../../read-models/work-data.js';
import {
  checkOwnImages,
  type ContentRow,
  findOwnContentItem,
  type PublishDeps,
  publishScheduledWork,
  rejectReasonIn,
  rejectRuleRefOf,
  reviewContent,
  type ReviewResult,
  saveWork,
  WORK_TYPE_NAMES,
} from '../content/content.service.js';
import { carSeriesByIds } from '../car/car.service.js';
import { coverUrl as uploadCoverUrl } from '../fileservice/fileservice.service.js';
import { unownedImageIndexes } from '../media/media.service.js';
import { sendSystemMessage } from '../message/message.service.js';
import { getDynamicAuth } from '../user/user.service.js';
import * as repo from './dynamic.repo.js';

/**
 * Dynamics (posts; issue #10 "Dynamics", API.md §13, docs/api.md "Dynamics"): a `contents` row of type
 * `dynamic` — its text is the row's `content` (plain text), its title the text's start (`dynamicTitleOf`) — and
 * its `dynamics` row (≤ 9 images, an optional video work of the author). Saved, reviewed, scheduled and messaged
 * by content.service's `saveWork` like every kind of work; only authors whom `get_dynamic_auth` allows
 * (`users.dynamic_show`, spec §3/§6) may publish them.
 */

const VIDEO_TYPES: ReadonlySet<string> = new Set(['video', 'smallVideo']);

/**
 * The automatic review of a dynamic's text (issue #10 "one moderation pipeline … per-type rules"): the length rule
 * (1–2000 code points, API.md §13), then the sensitive words and held words of `reviewContent` on the whole text.
 * A dynamic has no title of its own, so the title rule (6–30 characters) does not apply.
 * @returns `published`, `rejected` (DYNAMIC_TEXT_LENGTH or REVIEW_SENSITIVE_WORD, the rule named) or `reviewing`
 */
export function reviewDynamic(text: string): ReviewResult {
  const n = codePointLength(text);
  if (n < 1 || n > DYNAMIC_TEXT_MAX)
    return {
      status: 'rejected',
      reason: { code: 'DYNAMIC_TEXT_LENGTH', params: { max: DYNAMIC_TEXT_MAX } },
      rule: 'DYNAMIC_TEXT_LENGTH',
    };
  return reviewContent({ title: dynamicTitleOf(text), text, titleRule: false });
}

/** 10005 unless `get_dynamic_auth` allows the author dynamics (spec §3/§6 `dynamicShow`). */
async function requireDynamicAuth(db: Db, userId: number): Promise<void> {
  const { dynamicShow } = await getDynamicAuth(db, userId);
  if (dynamicShow !== 1) throw new AppError('FORBIDDEN', 'DYNAMIC_NOT_ALLOWED');
}

/** Whether a work can be the video of `userId`'s dynamic: theirs, a video or short video, not deleted. */
function isUsableVideo(facts: AttachedVideoFacts | undefined, userId: number): facts is AttachedVideoFacts {
  return (
    facts !== undefined &&
    facts.userId === userId &&
    VIDEO_TYPES.has(facts.type) &&
    facts.status !== 'deleted'
  );
}

/** The cover a video shows: the one its author chose, else its upload's frame; null when neither exists. */
function videoCoverOf(facts: AttachedVideoFacts): string | null {
  return facts.coverUrls[0] ?? uploadCoverUrl(facts.uploadCover);
}

function toVideo(facts: AttachedVideoFacts | undefined, userId: number): DynamicVideo | null {
  if (!isUsableVideo(facts, userId)) return null;
  return { id: facts.id, title: facts.title, coverUrl: videoCoverOf(facts), duration: facts.duration };
}

/**
 * `POST /api/dynamic/publish` (API.md §13): creates (no id) or updates (own id) a dynamic, in one transaction.
 * - only an author allowed dynamics (`get_dynamic_auth` → `dynamicShow` 1, spec §3/§6) may: else 10005;
 * - every image must be one the author uploaded (10007 IMAGE_NOT_YOURS on `images.<i>`);
 * - `videoId` must be one of the author's own video or short-video works, not deleted (10007
 *   DYNAMIC_VIDEO_NOT_YOURS on `videoId`; another author's video answers as a missing one, so nothing leaks);
 * - the `contents` row is saved by `saveWork` (title = `dynamicTitleOf(text)`, cover = the first image, else the
 *   video's cover): publishType 0 draft, 1 reviewed now by `reviewDynamic` (published, rejected with the rule, or
 *   held for an operator), 2 scheduled 5 minutes–30 days ahead and reviewed at its time
 *   (`publishScheduledDynamic`); the images and video are written beside it (not on a replayed `requestId`).
 * @param param validated by `publishDynamicParamSchema` (text 1–2000 code points trimmed, ≤ 9 image URLs)
 * @returns `{ id, status }`
 * @throws FORBIDDEN (10005), VALIDATION_FAILED (10007), NOT_FOUND (10006) for another author's or a missing id,
 *   CONFLICT (10008) for a deleted dynamic or scheduling a published one; as `saveWork`
 */
export async function publishDynamic(
  db: Db,
  userId: number,
  param: PublishDynamicParam,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<{ id: number; status: ContentStatus }> {
  const text = param.text;
  return db.transaction(async (tx) => {
    await requireDynamicAuth(tx, userId);
    await checkOwnImages(
      tx,
      userId,
      param.images.map((url, i) => [`images.${i}`, url] as const),
    );
    const videoId = param.videoId ?? null;
    let video: AttachedVideoFacts | undefined;
    if (videoId !== null) {
      video = (await readAttachedVideos(tx, [videoId])).get(videoId);
      if (!isUsableVideo(video, userId))
        throw AppError.validation([{ path: 'videoId', code: 'DYNAMIC_VIDEO_NOT_YOURS' }]);
    }
    const cover = param.images[0] ?? (video ? videoCoverOf(video) : null);
    const saved = await saveWork(
      tx,
      userId,
      {
        type: 'dynamic',
        id: param.id,
        requestId: param.requestId,
        publishType: param.publishType,
        scheduledAt: param.scheduledAt,
        title: dynamicTitleOf(text),
        content: text,
        coverUrls: cover ? [cover] : [],
        carSeriesIds: param.carSeriesIds,
        topicId: param.topicId ?? null,
        review: () => reviewDynamic(text),
      },
      deps,
      now,
    );
    if (!saved.replayed)
      await repo.upsertDynamic(tx, { contentId: saved.row.id, images: param.images, videoId });
    return { id: saved.row.id, status: saved.row.status };
  });
}

/**
 * Publishes a scheduled dynamic whose time has come (issue #10 "Scheduling for every type"; the schedule sweep's
 * publisher of type `dynamic`): through `publishScheduledWork`, reviewed now as `publishDynamic` would, after
 * checking what may have changed since it was scheduled — the author's permission (DYNAMIC_NOT_ALLOWED), the video
 * (DYNAMIC_VIDEO_GONE when deleted) and the images (DYNAMIC_IMAGE_GONE): a refused schedule is `rejected` with its
 * message naming the rule, never left scheduled.
 * @returns the new status, or null when there was nothing to do (not scheduled any more, not yet due, gone)
 */
export async function publishScheduledDynamic(
  db: Db,
  id: number,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<ContentStatus | null> {
  return publishScheduledWork(
    db,
    id,
    async (tx, row: ContentRow): Promise<ReviewResult> => {
      const refuse = (
        code: 'DYNAMIC_NOT_ALLOWED' | 'DYNAMIC_VIDEO_GONE' | 'DYNAMIC_IMAGE_GONE',
        rule: string,
      ): ReviewResult => ({ status: 'rejected', reason: { code }, rule });
      if ((await getDynamicAuth(tx, row.userId)).dynamicShow !== 1)
        return refuse('DYNAMIC_NOT_ALLOWED', 'DYNAMIC_PERMISSION');
      const facts = await repo.findDynamic(tx, row.id);
      if (facts?.videoId) {
        const video = (await readAttachedVideos(tx, [facts.videoId])).get(facts.videoId);
        if (!isUsableVideo(video, row.userId)) return refuse('DYNAMIC_VIDEO_GONE', 'MEDIA_MISSING');
      }
      if ((await unownedImageIndexes(tx, row.userId, facts?.images ?? [])).length > 0)
        return refuse('DYNAMIC_IMAGE_GONE', 'MEDIA_MISSING');
      return reviewDynamic(row.content);
    },
    deps,
    now,
  );
}

function toFeedItem(row: DynamicFeedRow, video: DynamicVideo | null): DynamicFeedItem {
  return {
    id: row.id,
    text: row.content,
    status: row.status,
    images: row.images,
    video,
    topicId: row.topicId,
    carSeriesIds: row.carSeriesIds,
    carSeries: carSeriesByIds(row.carSeriesIds),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    stats: { views: row.views, likes: row.likes, comments: row.comments, shares: row.shares },
  };
}

/**
 * `GET /api/dynamic/detail { id }` (extension, docs/api.md "Dynamics"): one of the author's dynamics as its editor
 * needs it; `video` is null when it has none or the video was deleted since (`videoId` still says which it was);
 * `rejectReason` in `lang`.
 * @throws NOT_FOUND (10006, WORK_NOT_FOUND) for a missing, deleted, non-dynamic or another author's id
 */
export async function getDynamicDetail(
  db: Db,
  userId: number,
  id: number,
  lang: MessageLanguage,
): Promise<DynamicDetail> {
  const row = await findOwnContentItem(db, userId, id);
  if (!row || row.type !== 'dynamic' || row.status === 'deleted')
    throw new AppError('NOT_FOUND', { code: 'WORK_NOT_FOUND', params: { type: WORK_TYPE_NAMES.dynamic } });
  const facts = await repo.findDynamic(db, id);
  const videoId = facts?.videoId ?? null;
  const [videos, totals] = await Promise.all([
    readAttachedVideos(db, videoId ? [videoId] : []),
    readWorkTotals(db, [id]),
  ]);
  const n = totals.get(id);
  const item = toFeedItem(
    {
      ...row,
      images: facts?.images ?? [],
      videoId,
      // lifetime numbers from the audience rollup (issue #12)
      views: n?.views ?? 0,
      likes: n?.likes ?? 0,
      comments: n?.comments ?? 0,
      shares: n?.shares ?? 0,
    },
    toVideo(videoId ? videos.get(videoId) : undefined, userId),
  );
  return {
    ...item,
    videoId,
    rejectReason: rejectReasonIn(row, lang),
    rejectRuleRef: rejectRuleRefOf(row),
    scheduledAt: row.status === 'scheduled' ? (row.scheduledAt?.toISOString() ?? null) : null,
  };
}

/**
 * `GET /api/dynamic/list { view, page, pageSize }` (extension, docs/api.md "Dynamics"; spec §2 `newDynamic/*`): the
 * author's published dynamics, newest publication first, with their engagement and video — `community` all,
 * `old` those published more than `DYNAMIC_OLD_AFTER_DAYS` (30) days before `now`, `smallVideo` those whose video
 * still exists.
 * @param now the clock of the `old` rule (tests pass one)
 */
export async function listDynamics(
  db: Db,
  userId: number,
  param: DynamicListParam,
  now = new Date(),
): Promise<DynamicList> {
  const { rows, total } = await listAuthorDynamics(db, userId, {
    view: param.view,
    now,
    oldAfterDays: DYNAMIC_OLD_AFTER_DAYS,
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  const videos = await readAttachedVideos(
    db,
    rows.flatMap((r) => (r.videoId ? [r.videoId] : [])),
  );
  return {
    list: rows.map((r) => toFeedItem(r, toVideo(r.videoId ? videos.get(r.videoId) : undefined, userId))),
    total,
    page: param.page,
    pageSize: param.pageSize,
  };
}
