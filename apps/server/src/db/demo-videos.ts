import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shardCountFor, shardSizeFor, type UploadUse } from '@cc/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { VideoCodecs } from '../modules/fileservice/fileservice.schema.js';
import { scopedUploadKey, videoFileKey } from '../modules/fileservice/fileservice.service.js';
import type { ObjectStorage } from '../storage/storage.js';
import type { Db } from './client.js';
import { contents, uploads, videos } from './schema/index.js';

/**
 * The demo's videos play (issue #9): the demo author's videos get a real, merged and probed upload of a small
 * clip made by the project (`apps/server/assets/make-demo-videos.sh`: ffmpeg's test pattern with a tone,
 * 10 s, H.264 + AAC, ≈ 100 KB, and a cover frame), so the video pages, the player and the dots work on the
 * demo without uploading anything and without ffmpeg at start. The facts ffprobe reports for each clip are
 * stored here with the seed (`demo-videos.test.ts` measures the files again).
 */

/** A shipped clip: its files in the assets directory and what ffprobe says of it. */
export interface DemoClip {
  /** the MP4 and its cover frame (JPEG), in `demoAssetsDir()` */
  file: string;
  cover: string;
  /** bytes of the MP4 */
  size: number;
  /** seconds */
  duration: number;
  /** pixels */
  width: number;
  height: number;
  codecs: VideoCodecs;
}

/** The clip of each kind: 16:9 for videos, vertical 9:16 for short videos (spec §6 shape rule). */
export const DEMO_CLIPS: Record<UploadUse, DemoClip> = {
  video: {
    file: 'demo-landscape.mp4',
    cover: 'demo-landscape.jpg',
    size: 106_973,
    duration: 10,
    width: 640,
    height: 360,
    codecs: { format: 'mov,mp4,m4a,3gp,3g2,mj2', video: 'h264', audio: 'aac' },
  },
  smallVideo: {
    file: 'demo-portrait.mp4',
    cover: 'demo-portrait.jpg',
    size: 92_281,
    duration: 10,
    width: 360,
    height: 640,
    codecs: { format: 'mov,mp4,m4a,3gp,3g2,mj2', video: 'h264', audio: 'aac' },
  },
};

/**
 * Where the clips are: `apps/server/assets` when running from the sources, `dist/assets` next to the
 * compiled `dist/main.js` (apps/server/build.mjs copies them).
 * @throws Error when neither exists (a build that did not ship them)
 */
export function demoAssetsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const found = [path.join(here, 'assets'), path.join(here, '../../assets')].find((dir) =>
    existsSync(path.join(dir, DEMO_CLIPS.video.file)),
  );
  if (!found) throw new Error(`the demo video clips are missing (looked next to ${here})`);
  return found;
}

/**
 * Gives each of the author's videos whose upload key is one of `clientKeys` and that has no upload yet a
 * merged, probed upload of the clip of its kind (`ready`, with duration, size, codecs, and its own storage
 * keys for the file and the cover, so deleting one demo video's file never touches another's). Idempotent;
 * run by the demo seed, and again on an existing demo (seeded before the clips existed).
 * @param db the database or the seed's transaction
 * @param storageDriver where the bytes are (`config.storageDriver`), as every upload row records
 * @returns how many uploads it created
 */
export async function insertDemoVideoUploads(
  db: Db,
  userId: number,
  clientKeys: readonly string[],
  storageDriver: 'local' | 's3',
  now = new Date(),
): Promise<number> {
  if (clientKeys.length === 0) return 0;
  const rows = await db
    .select({ use: videos.use, uploadKey: videos.uploadKey })
    .from(videos)
    .innerJoin(contents, eq(contents.id, videos.contentId))
    .where(and(eq(contents.userId, userId), inArray(videos.uploadKey, [...clientKeys])));
  let created = 0;
  for (const { use, uploadKey } of rows) {
    const key = scopedUploadKey(userId, uploadKey);
    const clip = DEMO_CLIPS[use];
    const shardSize = shardSizeFor(clip.size);
    const inserted = await db
      .insert(uploads)
      .values({
        key,
        userId,
        use,
        name: clip.file,
        suffix: 'mp4',
        size: clip.size,
        shardSize,
        shardTotal: shardCountFor(clip.size, shardSize),
        state: 'ready',
        storage: storageDriver,
        cover: `covers/${key}.jpg`,
        fileKey: videoFileKey(key, 'mp4', now),
        duration: clip.duration,
        width: clip.width,
        height: clip.height,
        codecs: clip.codecs,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ key: uploads.key });
    created += inserted.length;
  }
  return created;
}

/**
 * Writes the clip and the cover of every demo upload (`insertDemoVideoUploads`: a ready upload named and
 * sized like a shipped clip) whose bytes are not in storage (idempotent; at start when the demo is seeded,
 * like the demo covers). An upload that was cancelled or released has no row any more and gets nothing.
 * @throws Error when bytes are missing and the clips are not shipped (`demoAssetsDir`)
 */
export async function ensureDemoVideoFiles(db: Db, storage: ObjectStorage): Promise<void> {
  const asset = (name: string) => readFile(path.join(demoAssetsDir(), name));
  for (const clip of Object.values(DEMO_CLIPS)) {
    const rows = await db
      .select({ fileKey: uploads.fileKey, cover: uploads.cover })
      .from(uploads)
      .where(and(eq(uploads.name, clip.file), eq(uploads.size, clip.size), eq(uploads.state, 'ready')));
    for (const row of rows) {
      if (row.fileKey && !(await storage.stat(row.fileKey)))
        await storage.put(row.fileKey, await asset(clip.file), 'video/mp4');
      if (row.cover && !(await storage.stat(row.cover)))
        await storage.put(row.cover, await asset(clip.cover), 'image/jpeg');
    }
  }
}
