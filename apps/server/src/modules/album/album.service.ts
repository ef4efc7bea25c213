import {
  type AlbumDetail,
  type AlbumImage,
  albumCaptionsText,
  checkAlbumImages,
  type ContentStatus,
  type MessageLanguage,
  type PublishAlbumParam,
  PublishType,
  type PublishResult,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { carSeriesByIds } from '../car/car.service.js';
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
import { ownImageSizes } from '../media/media.service.js';
import { sendSystemMessage } from '../message/message.service.js';
import * as repo from './album.repo.js';

/**
 * Image collections (issue #10 "Image collections", API.md §13, docs/api.md "Image collections"): an album is a
 * `contents` row of type `album` (title, status, cover, car series, topic; saved by content.service `saveWork`)
 * plus its `albums` row (1–50 images in the author's order, each with a caption). Publishing runs the album's
 * review (the title rule, the image rule, then the platform's word lists on the title and captions); scheduling
 * leaves it to the schedule sweep (`publishScheduledAlbum`). Another author's album answers 10006.
 */

/** Pixel sizes of an album's images in order, null for an image that is not the author's upload any more. */
type ImageSizes = readonly ({ width: number; height: number } | null)[];

/**
 * The automatic review of an album (issue #10 "Review: per-type rules … image checks"): the title rule and the
 * platform's prohibited words on the title and the captions (`reviewContent`), then each image at least
 * `ALBUM_IMAGE_MIN_SIDE` × `ALBUM_IMAGE_MIN_SIDE` pixels and still there (`checkAlbumImages`), then the words an
 * operator must judge (held: `reviewing`). A rule that refuses beats a word that holds.
 * @param sizes the originals' pixel sizes in album order (`ownImageSizes`)
 * @returns `published`; `rejected` with the reason naming the rule (`ALBUM_IMAGE_TOO_SMALL` names the image by
 *   its 1-based index and size); or `reviewing` with the held word
 */
export function reviewAlbum(title: string, images: readonly AlbumImage[], sizes: ImageSizes): ReviewResult {
  const words = reviewContent({ title, text: albumCaptionsText(images) });
  if (words.status === 'rejected') return words;
  const broken = checkAlbumImages(sizes);
  if (broken) return { status: 'rejected', reason: broken, rule: broken.code };
  return words;
}

/**
 * `POST /api/album/publish` (API.md §13): creates (no id) or updates (own id) an album, in one transaction:
 * every image must be one the author uploaded (`checkOwnImages`, 10007 IMAGE_NOT_YOURS on `images.<i>.url`);
 * then `saveWork` writes the `contents` row — title, the captions as its text, the cover (`coverUrl`, else the
 * first image), car series, topic — and decides the status: publishType 0 `draft`, 1 reviewed now (`reviewAlbum`;
 * `published`, `rejected` or `reviewing`, with its group-8 message), 2 `scheduled` at `scheduledAt` (5 minutes to
 * 30 days ahead; reviewed by the sweep at its time); then the `albums` row (images with captions, in order). A
 * create repeated with a known `requestId` answers the first one and writes nothing. If any step fails nothing
 * is kept.
 * @param param validated by `publishAlbumParamSchema` (1–50 images, captions ≤ 200, the title rule to publish
 *   or schedule, the cover one of the images, the schedule window)
 * @returns `{ id, status }`
 * @throws VALIDATION_FAILED (10007) IMAGE_NOT_YOURS, CAR_SERIES_UNKNOWN, TOPIC_NOT_FOUND, the schedule window;
 *   NOT_FOUND (10006) WORK_NOT_FOUND for another author's, a missing or a non-album id; CONFLICT (10008)
 *   WORK_DELETED, WORK_PUBLISHED_NO_SCHEDULE; FAILED QUOTA_EXCEEDED for a new draft beyond the draft quota
 */
export async function publishAlbum(
  db: Db,
  userId: number,
  param: PublishAlbumParam,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<PublishResult> {
  const title = param.title.trim();
  const images: AlbumImage[] = param.images.map((i) => ({ url: i.url, caption: i.caption }));
  const urls = images.map((i) => i.url);
  return db.transaction(async (tx) => {
    await checkOwnImages(
      tx,
      userId,
      urls.map((url, i) => [`images.${i}.url`, url] as const),
    );
    // the sizes are read before saveWork, whose review is synchronous; only "publish now" needs them
    const sizes = param.publishType === PublishType.PUBLISH ? await ownImageSizes(tx, userId, urls) : [];
    const saved = await saveWork(
      tx,
      userId,
      {
        type: 'album',
        id: param.id,
        requestId: param.requestId,
        publishType: param.publishType,
        scheduledAt: param.scheduledAt,
        title,
        content: albumCaptionsText(images),
        coverUrls: [param.coverUrl ?? urls[0]!],
        carSeriesIds: param.carSeriesIds,
        topicId: param.topicId ?? null,
        review: () => reviewAlbum(title, images, sizes),
      },
      deps,
      now,
    );
    if (!saved.replayed) await repo.upsertAlbum(tx, saved.row.id, images);
    return { id: saved.row.id, status: saved.row.status };
  });
}

/**
 * Publishes a scheduled album whose time has come (issue #10 "Scheduling for every type"; the schedule sweep,
 * jobs/schedule-sweep.ts): the album's review runs now on what is stored — its title, its `albums` row, the
 * images' sizes as they are now (an image whose upload is gone refuses it, `ALBUM_IMAGE_MISSING`) — and the author
 * gets the published, rejected (rule named) or held message. `publishedAt` is the scheduled time.
 * @param now the clock; an album whose time is still ahead is left alone
 * @returns the new status, or null when there was nothing to do (not scheduled any more, not yet due, gone)
 */
export async function publishScheduledAlbum(
  db: Db,
  id: number,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<ContentStatus | null> {
  return publishScheduledWork(
    db,
    id,
    async (tx: Db, row: ContentRow) => {
      const images = (await repo.findAlbum(tx, row.id))?.images ?? [];
      const sizes = await ownImageSizes(
        tx,
        row.userId,
        images.map((i) => i.url),
      );
      // an album saved without its images row has nothing to show: the image rule names the first image
      return reviewAlbum(row.title, images, images.length > 0 ? sizes : [null]);
    },
    deps,
    now,
  );
}

/**
 * `GET /api/album/detail { id }` (docs/api.md "Image collections", an extension like `video/detail`): one of the
 * author's albums with its images and captions in order, cover, car series (ids and catalogue names), topic,
 * times, and `rejectReason` in `lang`.
 * @throws NOT_FOUND (10006) WORK_NOT_FOUND for another author's, a missing, a deleted or a non-album id
 */
export async function getAlbumDetail(
  db: Db,
  userId: number,
  id: number,
  lang: MessageLanguage,
): Promise<AlbumDetail> {
  const row = await findOwnContentItem(db, userId, id);
  if (!row || row.type !== 'album' || row.status === 'deleted')
    throw new AppError('NOT_FOUND', { code: 'WORK_NOT_FOUND', params: { type: WORK_TYPE_NAMES.album } });
  const images = (await repo.findAlbum(db, row.id))?.images ?? [];
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    rejectReason: rejectReasonIn(row, lang),
    rejectRuleRef: rejectRuleRefOf(row),
    images: images.map((i) => ({ url: i.url, caption: i.caption })),
    coverUrl: row.coverUrls[0] ?? images[0]?.url ?? null,
    carSeriesIds: row.carSeriesIds,
    carSeries: carSeriesByIds(row.carSeriesIds),
    topicId: row.topicId,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
