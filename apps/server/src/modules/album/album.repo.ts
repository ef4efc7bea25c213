import type { AlbumImage } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { albums } from './album.schema.js';

/**
 * Storage of image collections (issue #10): the `albums` row beside an album's `contents` row — its images in
 * the author's order, each with its caption. The `contents` row is the content module's (content.service.ts).
 */

export type AlbumRow = typeof albums.$inferSelect;

/** The images row of the album `contentId`, or undefined when it has none. */
export async function findAlbum(db: Db, contentId: number): Promise<AlbumRow | undefined> {
  const [row] = await db.select().from(albums).where(eq(albums.contentId, contentId)).limit(1);
  return row;
}

/** Writes the images of the album `contentId` (insert, or replace the ones stored). */
export async function upsertAlbum(db: Db, contentId: number, images: AlbumImage[]): Promise<void> {
  await db
    .insert(albums)
    .values({ contentId, images })
    .onConflictDoUpdate({ target: albums.contentId, set: { images } });
}
