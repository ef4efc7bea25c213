import { and, inArray, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mediaImages, mediaRenditions } from './media.schema.js';

/**
 * Storage of the media module: the `media_images` rows of uploaded images (issue #4 picture panel) and the
 * `media_renditions` index of the resized-image cache (issue #8 item 6).
 */

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

/** True when `key` is an image `userId` uploaded (a row of `media_images`). */
export async function hasImage(db: Db, userId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: mediaImages.key })
    .from(mediaImages)
    .where(and(eq(mediaImages.key, key), eq(mediaImages.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Of `keys`, those the user uploaded (one query, whatever the count). */
export async function findOwnImageKeys(db: Db, userId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: mediaImages.key })
    .from(mediaImages)
    .where(and(inArray(mediaImages.key, keys), eq(mediaImages.userId, userId)));
  return new Set(rows.map((r) => r.key));
}

/**
 * Records a rendition of `bytes` bytes under `cacheKey` as used now (insert, or update a row already there).
 */
export async function upsertRendition(db: Db, cacheKey: string, bytes: number): Promise<void> {
  await db
    .insert(mediaRenditions)
    .values({ cacheKey, bytes, lastUsedAt: new Date() })
    .onConflictDoUpdate({ target: mediaRenditions.cacheKey, set: { bytes, lastUsedAt: new Date() } });
}

/**
 * Marks a rendition as used now (the LRU order).
 * @returns false when the key has no row (its file is outside the index), true otherwise
 */
export async function touchRendition(db: Db, cacheKey: string): Promise<boolean> {
  const rows = await db
    .update(mediaRenditions)
    .set({ lastUsedAt: new Date() })
    .where(eq(mediaRenditions.cacheKey, cacheKey))
    .returning({ k: mediaRenditions.cacheKey });
  return rows.length > 0;
}

/** Forgets a rendition (its file is gone or was never written). */
export async function deleteRendition(db: Db, cacheKey: string): Promise<void> {
  await db.delete(mediaRenditions).where(eq(mediaRenditions.cacheKey, cacheKey));
}

/**
 * Deletes the least recently used renditions until the rest sum to at most `maxBytes`: keeps the newest
 * rows whose running total (newest first) stays within the bound. One statement, so servers evicting at
 * the same time each delete (and return) a row at most once.
 * @returns the cache keys of the deleted rows, whose files the caller removes
 */
export async function evictRenditionsOver(db: Db, maxBytes: number): Promise<string[]> {
  const result = await db.execute<{ cache_key: string }>(sql`
    DELETE FROM ${mediaRenditions} WHERE ${mediaRenditions.cacheKey} IN (
      SELECT cache_key FROM (
        SELECT cache_key,
               SUM(bytes) OVER (ORDER BY last_used_at DESC, cache_key DESC) AS newer_total
        FROM ${mediaRenditions}
      ) ranked
      WHERE newer_total > ${maxBytes}
    )
    RETURNING ${mediaRenditions.cacheKey}`);
  return (result as { rows: { cache_key: string }[] }).rows.map((r) => r.cache_key);
}

/** Total bytes of the renditions recorded now (tests and diagnostics). */
export async function renditionBytes(db: Db): Promise<number> {
  const [row] = await db.select({ n: sum(mediaRenditions.bytes) }).from(mediaRenditions);
  return Number(row?.n ?? 0);
}

/** Of `keys`, the pixel sizes of those the user uploaded, by key (one query, whatever the count). */
export async function findOwnImageSizes(
  db: Db,
  userId: number,
  keys: string[],
): Promise<Map<string, { width: number; height: number }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: mediaImages.key, width: mediaImages.width, height: mediaImages.height })
    .from(mediaImages)
    .where(and(inArray(mediaImages.key, keys), eq(mediaImages.userId, userId)));
  return new Map(rows.map((r) => [r.key, { width: r.width, height: r.height }]));
}
