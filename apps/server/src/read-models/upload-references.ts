import type { ContentStatus } from '@cc/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';
import { videos } from '../modules/video/video.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT
 * only): which uploads a work plays that readers see or will see (issue #8 item 1). It joins `videos`
 * (video module) and `contents` (content module); the file service calls it before it frees bytes, which it
 * could not do through video.service.ts without an import cycle (video.service imports fileservice.service).
 */

/**
 * Statuses of a work whose upload's bytes are immutable: readers see it (`published`), or will once its time
 * comes (`scheduled`) or an operator approves it (`reviewing`). A draft, a rejected or a deleted work does not
 * pin its upload: publishing it again runs the review again.
 */
export const PINNING_STATUSES: readonly ContentStatus[] = ['published', 'scheduled', 'reviewing'];

/**
 * The stored upload ids (`uploads.key`, the file service's `scopedUploadKey`) among `uploadIds` that a
 * published, scheduled or under-review video plays (`PINNING_STATUSES`).
 * Videos keep the client's key; the SQL twin of scopedUploadKey (md5('<userId>:<key>'), pinned by
 * modules/video/video.boundaries.test.ts) maps it to the stored id.
 * @param db the database or the caller's transaction
 * @param uploadIds stored upload ids (32 lowercase hex)
 * @returns the subset of `uploadIds` that is pinned
 */
export async function findPinnedUploads(db: Db, uploadIds: readonly string[]): Promise<Set<string>> {
  if (uploadIds.length === 0) return new Set();
  const storedId = sql<string>`md5(${contents.userId}::text || ':' || ${videos.uploadKey})`;
  const rows = await db
    .selectDistinct({ id: storedId })
    .from(videos)
    .innerJoin(contents, eq(contents.id, videos.contentId))
    .where(and(inArray(contents.status, [...PINNING_STATUSES]), inArray(storedId, [...uploadIds])));
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether a published, scheduled or under-review video of `userId` plays the upload of the client key `key`
 * (API.md §7 `fileUploadId`; the `videos_upload_idx` index answers it).
 * @param db the database or the caller's transaction
 */
export async function isUploadPinned(db: Db, userId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videos.contentId })
    .from(videos)
    .innerJoin(contents, eq(contents.id, videos.contentId))
    .where(
      and(
        eq(videos.uploadKey, key),
        eq(contents.userId, userId),
        inArray(contents.status, [...PINNING_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Whether any work of `userId` that is not deleted — a draft, rejected, scheduled, reviewing or published
 * video — plays the upload of the client key `key` (API.md §7 `fileUploadId`). The release after a swap
 * (issue #8 item 1) frees an upload only when this is false. A deleted work does not hold its upload.
 * Work types that play uploads join this query as they arrive (issue #10: dynamics with a short video).
 * @param db the database or the caller's transaction
 */
export async function isUploadReferenced(db: Db, userId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videos.contentId })
    .from(videos)
    .innerJoin(contents, eq(contents.id, videos.contentId))
    .where(and(eq(videos.uploadKey, key), eq(contents.userId, userId), ne(contents.status, 'deleted')))
    .limit(1);
  return Boolean(row);
}
