import {
  checkScheduledAt,
  checkSmallVideo,
  type ContentStatus,
  type DurationPermission,
  type FieldIssue,
  type MessageLanguage,
  type MessageRef,
  type PublishVideoParam,
  type SaveVideoDotsParam,
  type UploadUse,
  type VideoDetail,
  type VideoDot,
  VideoPublishType,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { JOB_NAMES, type JobQueue } from '../../jobs/queue.js';
import {
  type ContentRow,
  checkDraftQuota,
  createContentItem,
  findContentItemByIdForUpdate,
  findFirstLiveOwnItem,
  findOwnContentItem,
  rejectColumns,
  rejectReasonIn,
  rejectRuleRefOf,
  reviewContent,
  reviewMessage,
  type ReviewResult,
  updateContentItem,
} from '../content/content.service.js';
import {
  findUserUpload,
  coverUrl as uploadCoverUrl,
  uploadFailure,
  uploadStateRef,
  videoUrl,
} from '../fileservice/fileservice.service.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import { getPermissions } from '../user/user.service.js';
import { recordModerationResult } from '../credit/credit.service.js';
import * as repo from './video.repo.js';

/**
 * Video and short-video publishing (issue #3 "Pages", docs/api.md "Video publishing"): a `contents` row of
 * type `video`/`smallVideo` plus its `videos` row. Publishing runs the SAME automatic review as articles
 * (`reviewContent`) and sends the same group-8 messages; scheduling queues a `video-publish` job that
 * publishes and reviews at the time. Ownership first: another author's item or upload answers 10006.
 */

export interface VideoDeps {
  /** the message step; tests replace it to prove a failure leaves nothing behind */
  sendMessage: typeof sendSystemMessage;
  /** the job queue, for scheduled publishing (absent: scheduling is refused) */
  jobs?: JobQueue;
}

/** A job delivered up to this early still publishes (pg-boss's `startAfter` is to the second). */
const SCHEDULE_TOLERANCE_MS = 5000;

/**
 * Group-8 messages of a video's review (kinds `video_published` / `video_rejected`, whose catalog texts name a
 * video or a short video by `use`; issue #9).
 */
export const videoMessageTemplates = {
  published: (id: number, use: UploadUse, title: string) =>
    kindMessage('video_published', { id, title, use }, use === 'video' ? '/videos' : '/smallVideo'),
  /** @param review the broken rule and the prohibited word, if any */
  rejected: (
    id: number,
    use: UploadUse,
    title: string,
    reason: MessageRef,
    review: { rule: string; word?: string },
  ) =>
    kindMessage(
      'video_rejected',
      { id, title, use, reason, ...review },
      use === 'video' ? `/videos/video?id=${id}` : `/smallVideo/indexv?id=${id}`,
    ),
};

/**
 * `GET /api/small_video/get_duration_permission` (spec §6 "short-video duration permission"): the
 * longest short video the author may publish — 60 s below grade 3, 300 s from grade 3.
 * @returns `{ maxDurationSeconds }` (seconds)
 * @throws NOT_LOGGED_IN when the user no longer exists
 */
export async function getDurationPermission(db: Db, userId: number): Promise<DurationPermission> {
  return { maxDurationSeconds: (await getPermissions(db, userId)).smallVideoMaxSeconds };
}

async function sendReviewMessage(
  tx: Db,
  deps: VideoDeps,
  userId: number,
  id: number,
  use: UploadUse,
  title: string,
  review: ReviewResult,
): Promise<void> {
  // held for an operator (issue #10): the message every type sends
  const template =
    review.status === 'reviewing'
      ? reviewMessage(use, id, title, review)
      : review.status === 'published'
        ? videoMessageTemplates.published(id, use, title)
        : videoMessageTemplates.rejected(id, use, title, review.reason, {
            rule: review.rule,
            ...(review.word ? { word: review.word } : {}),
          });
  await deps.sendMessage(tx, { userId, ...template });
}

/**
 * `POST /api/video/publish`: creates (no id) or updates (own id) a video or short video.
 * - the upload must be the author's (else 10006); publishing (1) and scheduling (2) need it `ready`, a draft
 *   (0) may be saved while it is still uploading or processing; a `failed` upload is refused (10008)
 * - short videos: vertical (height > width) and at most the author's duration limit (10007, spec §6)
 * - publishType 1: the automatic review of articles (`reviewContent`: title rule, sensitive words on title
 *   and description) in the same transaction → `published` or `rejected`, and a group-8 message either way
 * - publishType 2: `scheduledAt` in the future and ≤ 30 days ahead (10007) → `scheduled`; a `video-publish`
 *   job publishes and reviews it at that time (`publishScheduledVideo`)
 * - the cover is `coverUrl`, else the upload's own frame; publishing without any cover → 10007
 * @param param validated by `publishVideoParamSchema` (title rule, description ≤ 2000 characters)
 * @param now the clock (tests inject one)
 * @returns `{ id, status }`
 * @throws NOT_FOUND (10006) for a missing or another author's id or upload, or an id of another type;
 *   CONFLICT (10008) for a deleted item, an upload not ready (or failed) or already used by another item;
 *   VALIDATION_FAILED (10007) for the short-video shape, the schedule window or a missing cover
 */
export async function publishVideo(
  db: Db,
  userId: number,
  param: PublishVideoParam,
  deps: VideoDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<{ id: number; status: ContentStatus }> {
  const title = param.title.trim();
  const description = param.description.trim();
  const result = await db.transaction(async (tx) => {
    let existing: ContentRow | undefined;
    if (param.id !== undefined) {
      existing = await findOwnContentItem(tx, userId, param.id);
      if (!existing || existing.type !== param.use) throw new AppError('NOT_FOUND', 'VIDEO_NOT_FOUND');
      if (existing.status === 'deleted') throw new AppError('CONFLICT', 'VIDEO_DELETED');
    }
    // The wire and the videos row keep the client's key; the upload row is stored under the user-scoped id.
    // Locked until the commit: a concurrent cancel of this upload waits, then sees this video (issue #8 item 1).
    const upload = await findUserUpload(tx, userId, param.fileUploadId, { forUpdate: true });
    if (!upload) throw new AppError('NOT_FOUND', 'UPLOAD_NOT_FOUND');
    if (upload.state === 'failed') {
      throw new AppError('CONFLICT', {
        code: 'VIDEO_UPLOAD_FAILED',
        params: { reason: uploadFailure(upload) ?? { code: 'UNKNOWN_REASON' } },
      });
    }
    if (param.publishType !== VideoPublishType.DRAFT && upload.state !== 'ready') {
      throw new AppError('CONFLICT', {
        code: 'VIDEO_NOT_READY',
        params: { state: uploadStateRef(upload.state) },
      });
    }
    if (param.use === 'smallVideo' && upload.state === 'ready') {
      // the author's permission (spec §6): an operator's value, else by grade
      const broken = checkSmallVideo(
        { width: upload.width ?? 0, height: upload.height ?? 0, duration: upload.duration ?? 0 },
        (await getPermissions(tx, userId)).smallVideoMaxSeconds,
      );
      if (broken) throw AppError.rule('fileUploadId', broken);
    }
    const playing = await repo.findVideoIdsByUpload(tx, param.fileUploadId, existing?.id);
    if (await findFirstLiveOwnItem(tx, userId, playing)) {
      throw new AppError('CONFLICT', 'VIDEO_UPLOAD_IN_OTHER_VIDEO');
    }
    let scheduledAt: Date | null = null;
    if (param.publishType === VideoPublishType.SCHEDULED) {
      const broken = checkScheduledAt(param.scheduledAt, now);
      if (broken) throw AppError.rule('scheduledAt', broken);
      scheduledAt = new Date(param.scheduledAt!);
    }
    const cover = param.coverUrl || uploadCoverUrl(upload.cover);
    if (param.publishType !== VideoPublishType.DRAFT && !cover) {
      throw AppError.rule('coverUrl', { code: 'COVER_REQUIRED' });
    }

    const review =
      param.publishType === VideoPublishType.PUBLISH ? reviewContent({ title, text: description }) : null;
    const status: ContentStatus = review
      ? review.status
      : param.publishType === VideoPublishType.SCHEDULED
        ? 'scheduled'
        : 'draft';
    const fields = {
      title,
      coverUrls: cover ? [cover] : [],
      status,
      ...rejectColumns(review),
      publishedAt: status === 'published' ? (existing?.publishedAt ?? now) : null,
      updatedAt: now,
    };
    const videoFields = {
      use: param.use,
      uploadKey: param.fileUploadId,
      description,
      customCoverUrl: param.coverUrl,
      isOriginal: param.isOriginal,
      isFirstPublish: param.isFirstPublish,
      isCommercial: param.isCommercial,
      scheduledAt,
    };
    await checkDraftQuota(tx, userId, status, existing);
    let row: ContentRow;
    let released: string | null = null;
    if (existing) {
      row = await updateContentItem(tx, existing.id, fields);
      const before = await repo.findVideo(tx, row.id);
      if (before) {
        await repo.updateVideo(tx, row.id, videoFields);
        if (before.uploadKey !== param.fileUploadId) released = before.uploadKey;
      } else await repo.insertVideo(tx, { contentId: row.id, ...videoFields });
    } else {
      row = await createContentItem(tx, { userId, type: param.use, createdAt: now, ...fields });
      await repo.insertVideo(tx, { contentId: row.id, ...videoFields });
    }
    if (review) {
      await recordModerationResult(tx, {
        userId,
        contentId: row.id,
        contentType: param.use,
        title,
        review,
        now,
      });
      await sendReviewMessage(tx, deps, userId, row.id, param.use, title, review);
    }
    return { id: row.id, status: row.status, scheduledAt, released };
  });
  if (result.released && deps.jobs) {
    // After the commit, as a job: the file the video played before is removed once no other work of the
    // author plays it (issue #8 item 1, `releaseUpload`). The publish stands if queueing fails: the file
    // then stays the author's, listed and cancellable like any unattached upload.
    await deps.jobs
      .send(JOB_NAMES.uploadRelease, { userId, key: result.released, swappedAt: now.toISOString() })
      .catch(() => undefined);
  }
  if (result.scheduledAt) {
    // After the commit: the job must never see an uncommitted row. A stale job (rescheduled, or saved as a
    // draft meanwhile) finds the item no longer due and does nothing.
    if (!deps.jobs)
      throw new AppError('INTERNAL', 'INTERNAL', { cause: new Error('scheduling is not available') });
    await deps.jobs.send(JOB_NAMES.videoPublish, { id: result.id }, { startAfter: result.scheduledAt });
  }
  return { id: result.id, status: result.status };
}

/**
 * The `video-publish` job: publishes a scheduled video when its time has come, through the same automatic
 * review and messages as `publishVideo`. Does nothing when the item is no longer `scheduled` or its time
 * moved later (a stale job; the newer one will come), so a job delivered twice is harmless. An upload that
 * disappeared meanwhile rejects the item with the reason.
 * @param now the clock (tests inject one)
 * @returns the new status, or null when nothing was due
 */
export async function publishScheduledVideo(
  db: Db,
  id: number,
  deps: Pick<VideoDeps, 'sendMessage'> = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<ContentStatus | null> {
  return db.transaction(async (tx) => {
    // Locked: the job and the sweep (possibly on two servers) publish it once (issue #16).
    const row = await findContentItemByIdForUpdate(tx, id);
    const video = row ? await repo.findVideo(tx, id) : undefined;
    if (!row || !video || row.status !== 'scheduled' || !video.scheduledAt) return null;
    if (video.scheduledAt.getTime() > now.getTime() + SCHEDULE_TOLERANCE_MS) return null;
    const upload = await findUserUpload(tx, row.userId, video.uploadKey);
    const review: ReviewResult =
      upload?.state === 'ready'
        ? reviewContent({ title: row.title, text: video.description })
        : { status: 'rejected', reason: { code: 'VIDEO_FILE_GONE' }, rule: 'UPLOAD_MISSING' };
    const updated = await updateContentItem(tx, id, {
      status: review.status,
      ...rejectColumns(review),
      publishedAt: review.status === 'published' ? video.scheduledAt : null,
      updatedAt: now,
    });
    await recordModerationResult(tx, {
      userId: row.userId,
      contentId: id,
      contentType: video.use,
      title: row.title,
      review,
      now,
    });
    await sendReviewMessage(
      tx,
      { sendMessage: deps.sendMessage },
      row.userId,
      id,
      video.use,
      row.title,
      review,
    );
    return updated.status;
  });
}

async function loadOwnVideo(db: Db, userId: number, id: number) {
  const row = await findOwnContentItem(db, userId, id);
  if (!row || row.status === 'deleted' || (row.type !== 'video' && row.type !== 'smallVideo')) {
    throw new AppError('NOT_FOUND', 'VIDEO_NOT_FOUND');
  }
  const video = await repo.findVideo(db, id);
  if (!video) throw new AppError('NOT_FOUND', 'VIDEO_NOT_FOUND');
  return { row, video, upload: await findUserUpload(db, userId, video.uploadKey) };
}

/**
 * `GET /api/video/detail`: one of the author's videos with its upload's playback facts — the range-served
 * URL, duration (s), width and height (px) once probed — and its dots. `rejectReason` in `lang` (issue #9).
 * @throws NOT_FOUND (10006) for a missing, deleted, non-video or another author's id
 */
export async function getVideoDetail(
  db: Db,
  userId: number,
  id: number,
  lang: MessageLanguage,
): Promise<VideoDetail> {
  const { row, video, upload } = await loadOwnVideo(db, userId, id);
  const merged = upload && (upload.state === 'processing' || upload.state === 'ready') && upload.fileKey;
  return {
    id: row.id,
    use: video.use,
    title: row.title,
    description: video.description,
    status: row.status,
    rejectReason: rejectReasonIn(row, lang),
    rejectRuleRef: rejectRuleRefOf(row),
    coverUrl: row.coverUrls[0] ?? uploadCoverUrl(upload?.cover ?? null),
    customCoverUrl: video.customCoverUrl,
    isOriginal: video.isOriginal,
    isFirstPublish: video.isFirstPublish,
    isCommercial: video.isCommercial,
    scheduledAt: video.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    fileUploadId: video.uploadKey,
    uploadState: upload?.state ?? 'failed',
    videoUrl: merged ? videoUrl(upload.fileKey!) : null,
    duration: upload?.state === 'ready' ? upload.duration : null,
    width: upload?.state === 'ready' ? upload.width : null,
    height: upload?.state === 'ready' ? upload.height : null,
    dots: video.dots,
  };
}

/**
 * `POST /api/video/save_dots`: replaces the dots (chapter marks) of one of the author's PUBLISHED videos.
 * Each time must be below the video's duration; dots are stored sorted by time.
 * @param param validated by `saveVideoDotsParamSchema` (≤ 50 dots, times ≥ 0 and unique, titles 1–20 characters)
 * @returns `{ dots }` as stored
 * @throws NOT_FOUND (10006) as `getVideoDetail`; CONFLICT (10008) when the video is not published;
 *   VALIDATION_FAILED (10007) for a time at or past the end
 */
export async function saveVideoDots(
  db: Db,
  userId: number,
  param: SaveVideoDotsParam,
): Promise<{ dots: VideoDot[] }> {
  return db.transaction(async (tx) => {
    const { row, upload } = await loadOwnVideo(tx, userId, param.id);
    if (row.status !== 'published') throw new AppError('CONFLICT', 'DOTS_NOT_PUBLISHED');
    const duration = upload?.state === 'ready' ? (upload.duration ?? 0) : 0;
    const fields: FieldIssue[] = [];
    param.dots.forEach((dot, i) => {
      if (dot.time >= duration) {
        fields.push({ path: `dots.${i}.time`, code: 'DOT_AFTER_END', params: { duration } });
      }
    });
    if (fields.length) throw AppError.validation(fields);
    const dots = [...param.dots]
      .map((d) => ({ time: Math.round(d.time * 1000) / 1000, title: d.title }))
      .sort((a, b) => a.time - b.time);
    await repo.updateVideo(tx, row.id, { dots });
    await updateContentItem(tx, row.id, { updatedAt: new Date() });
    return { dots };
  });
}
