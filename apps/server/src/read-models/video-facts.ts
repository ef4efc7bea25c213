import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';
import { uploads } from '../modules/fileservice/fileservice.schema.js';
import { videos } from '../modules/video/video.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT
 * only): the playback facts that content lists show for videos (API.md §9 extension, issue #3). It joins
 * `videos` (video module), `uploads` (file service) and `contents` (content module); content.service.ts
 * calls it, which it could not do through video.service.ts without an import cycle.
 */

/** What a content list needs of a video item: `duration` in seconds (null until probed), the upload's cover storage key. */
export interface VideoFacts {
  duration: number | null;
  uploadCover: string | null;
}

/**
 * Duration and the upload's cover key of video items, by content id. Items without a `videos` row are
 * absent; a video whose upload is gone has both null.
 * @param contentIds ids of `contents` rows (any type; only video ones answer)
 */
export async function readVideoFacts(db: Db, contentIds: number[]): Promise<Map<number, VideoFacts>> {
  const out = new Map<number, VideoFacts>();
  if (contentIds.length === 0) return out;
  const rows = await db
    .select({ id: videos.contentId, duration: uploads.duration, cover: uploads.cover })
    .from(videos)
    .innerJoin(contents, eq(contents.id, videos.contentId))
    // videos keep the client's key; uploads are stored under md5('<userId>:<key>') — the SQL twin of the
    // file service's scopedUploadKey (modules/video/video.boundaries.test.ts pins the two together).
    .leftJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`)
    .where(inArray(videos.contentId, contentIds));
  for (const r of rows) out.set(r.id, { duration: r.duration, uploadCover: r.cover });
  return out;
}
