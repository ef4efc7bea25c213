import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mediaImages } from './media.schema.js';

/** Storage of the media module: the `media_images` rows of uploaded images (issue #4 picture panel). */

export type MediaImageRow = typeof mediaImages.$inferSelect;
export type NewMediaImageRow = typeof mediaImages.$inferInsert;

/** Records an image; a key already recorded is left as it is. */
export async function insertImage(db: Db, row: NewMediaImageRow): Promise<void> {
  await db.insert(mediaImages).values(row).onConflictDoNothing();
}

/** A page of the author's images, newest first, and how many they have in all. */
export async function listImages(
  db: Db,
  userId: number,
  opts: { limit: number; offset: number },
): Promise<{ rows: MediaImageRow[]; total: number }> {
  const rows = await db
    .select()
    .from(mediaImages)
    .where(eq(mediaImages.userId, userId))
    .orderBy(desc(mediaImages.createdAt), desc(mediaImages.key))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(mediaImages).where(eq(mediaImages.userId, userId));
  return { rows, total: Number(total?.n ?? 0) };
}
