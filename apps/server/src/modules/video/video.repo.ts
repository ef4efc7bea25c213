import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contents } from '../../db/schema/contents.js';
import { uploads } from '../../db/schema/uploads.js';
import { videos } from '../../db/schema/videos.js';

/** Storage of video publishing: the `videos` row beside its `contents` row, and the upload it plays. */

export type VideoRow = typeof videos.$inferSelect;
export type NewVideoRow = typeof videos.$inferInsert;
export type UploadFacts = typeof uploads.$inferSelect;

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

export async function findUpload(db: Db, key: string): Promise<UploadFacts | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row;
}

/** Another live (not deleted) item of the author that plays this upload, other than `exceptId`. */
export async function findOtherUseOfUpload(
  db: Db,
  userId: number,
  uploadKey: string,
  exceptId: number | undefined,
): Promise<number | undefined> {
  const where = [
    eq(videos.uploadKey, uploadKey),
    eq(contents.userId, userId),
    ne(contents.status, 'deleted'),
  ];
  if (exceptId !== undefined) where.push(ne(contents.id, exceptId));
  const [row] = await db
    .select({ id: contents.id })
    .from(videos)
    .innerJoin(contents, eq(contents.id, videos.contentId))
    .where(and(...where))
    .limit(1);
  return row?.id;
}

/** Duration (seconds) and the upload's cover key of video items, by content id; items without a video row are absent. */
export async function findVideoFacts(
  db: Db,
  contentIds: number[],
): Promise<Map<number, { duration: number | null; uploadCover: string | null }>> {
  const out = new Map<number, { duration: number | null; uploadCover: string | null }>();
  if (contentIds.length === 0) return out;
  const rows = await db
    .select({ id: videos.contentId, duration: uploads.duration, cover: uploads.cover })
    .from(videos)
    .innerJoin(contents, eq(contents.id, videos.contentId))
    // videos keep the client's key; uploads are stored under md5('<userId>:<key>') — the SQL twin of
    // the file service's scopedUploadKey (a test pins them together).
    .leftJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`)
    .where(inArray(videos.contentId, contentIds));
  for (const r of rows) out.set(r.id, { duration: r.duration, uploadCover: r.cover });
  return out;
}

/** A content item by id, whoever owns it (the scheduled-publish job has no session). */
export async function findContentById(db: Db, id: number): Promise<typeof contents.$inferSelect | undefined> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id)).limit(1);
  return row;
}
