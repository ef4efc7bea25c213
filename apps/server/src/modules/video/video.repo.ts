import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { videos } from './video.schema.js';

/**
 * Storage of video publishing: the `videos` row beside its `contents` row. The `contents` row is the content
 * module's (content.service.ts) and the upload the file service's (fileservice.service.ts), issue #7.
 */

export type VideoRow = typeof videos.$inferSelect;
export type NewVideoRow = typeof videos.$inferInsert;

export async function findVideo(db: Db, contentId: number): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(videos).where(eq(videos.contentId, contentId)).limit(1);
  return row;
}

export async function insertVideo(db: Db, row: NewVideoRow): Promise<VideoRow> {
  const [inserted] = await db.insert(videos).values(row).returning();
  return inserted!;
}

export async function updateVideo(db: Db, contentId: number, patch: Partial<NewVideoRow>): Promise<VideoRow> {
  const [row] = await db.update(videos).set(patch).where(eq(videos.contentId, contentId)).returning();
  return row!;
}

/**
 * Content ids of the videos that play the client upload key `uploadKey`, other than `exceptId`. The key is
 * the client's, so other authors' videos may be among them: the caller keeps the author's live ones.
 */
export async function findVideoIdsByUpload(
  db: Db,
  uploadKey: string,
  exceptId: number | undefined,
): Promise<number[]> {
  const where: SQL[] = [eq(videos.uploadKey, uploadKey)];
  if (exceptId !== undefined) where.push(ne(videos.contentId, exceptId));
  const rows = await db
    .select({ id: videos.contentId })
    .from(videos)
    .where(and(...where));
  return rows.map((r) => r.id);
}
