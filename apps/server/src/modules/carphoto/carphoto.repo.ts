import type { CarPhotoTag } from '@cc/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { carPhotos, carPhotoUses } from './carphoto.schema.js';

/* Queries of the car photo library's own tables (carphoto.schema.ts). */

export type CarPhotoRow = typeof carPhotos.$inferSelect;
export type NewCarPhotoRow = typeof carPhotos.$inferInsert;
export type CarPhotoUseRow = typeof carPhotoUses.$inferSelect;

/** Filters of a listing: `seriesIds` null = any series (an empty array matches nothing); `retired` undefined = both. */
export interface PhotoFilter {
  seriesIds: readonly number[] | null;
  tag?: CarPhotoTag | undefined;
  retired?: boolean | undefined;
}

function where(f: PhotoFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.seriesIds !== null) parts.push(inArray(carPhotos.seriesId, [...f.seriesIds]));
  if (f.tag) parts.push(eq(carPhotos.tag, f.tag));
  if (f.retired === true) parts.push(isNotNull(carPhotos.retiredAt));
  if (f.retired === false) parts.push(isNull(carPhotos.retiredAt));
  return parts.length ? and(...parts) : undefined;
}

/** One page of pictures, newest first (then id), and how many match. */
export async function listPhotos(
  db: Db,
  filter: PhotoFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CarPhotoRow[]; total: number }> {
  if (filter.seriesIds !== null && filter.seriesIds.length === 0) return { rows: [], total: 0 };
  const w = where(filter);
  const rows = await db
    .select()
    .from(carPhotos)
    .where(w)
    .orderBy(desc(carPhotos.createdAt), desc(carPhotos.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(carPhotos).where(w);
  return { rows, total: total?.n ?? 0 };
}

/** One picture by id; `forUpdate` locks its row until the transaction ends. Undefined when none. */
export async function findPhoto(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(carPhotos).where(eq(carPhotos.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** The pictures of `ids` (any order). */
export async function findPhotos(db: Db, ids: readonly number[]): Promise<CarPhotoRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(carPhotos)
    .where(inArray(carPhotos.id, [...ids]));
}

/** The picture recorded for a storage key, if any. */
export async function findPhotoByKey(db: Db, key: string): Promise<CarPhotoRow | undefined> {
  const [row] = await db.select().from(carPhotos).where(eq(carPhotos.key, key)).limit(1);
  return row;
}

/** Inserts a picture. @returns the row */
export async function insertPhoto(db: Db, row: NewCarPhotoRow): Promise<CarPhotoRow> {
  const [out] = await db.insert(carPhotos).values(row).returning();
  return out!;
}

/** Updates a picture. @returns the row, undefined when none */
export async function updatePhoto(
  db: Db,
  id: number,
  patch: Partial<NewCarPhotoRow>,
): Promise<CarPhotoRow | undefined> {
  const [out] = await db.update(carPhotos).set(patch).where(eq(carPhotos.id, id)).returning();
  return out;
}

/** Uses per picture: times taken and distinct authors. Pictures never taken are left out. */
export async function usageOf(
  db: Db,
  photoIds: readonly number[],
): Promise<Map<number, { uses: number; users: number }>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db
    .select({ photoId: carPhotoUses.photoId, uses: sum(carPhotoUses.uses), users: count() })
    .from(carPhotoUses)
    .where(inArray(carPhotoUses.photoId, [...photoIds]))
    .groupBy(carPhotoUses.photoId);
  return new Map(rows.map((r) => [r.photoId, { uses: Number(r.uses ?? 0), users: r.users }]));
}

/** The author's use of a picture (their copy's key), locked until the transaction ends; undefined when none. */
export async function findUse(db: Db, photoId: number, userId: number) {
  const [row] = await db
    .select()
    .from(carPhotoUses)
    .where(and(eq(carPhotoUses.photoId, photoId), eq(carPhotoUses.userId, userId)))
    .limit(1)
    .for('update');
  return row;
}

/** Records a use: a new copy (`key`) replaces the old one; `uses` counts every take. */
export async function recordUse(
  db: Db,
  photoId: number,
  userId: number,
  key: string,
  at: Date,
): Promise<void> {
  await db
    .insert(carPhotoUses)
    .values({ photoId, userId, key, uses: 1, lastUsedAt: at })
    .onConflictDoUpdate({
      target: [carPhotoUses.photoId, carPhotoUses.userId],
      set: { key, uses: sql`${carPhotoUses.uses} + 1`, lastUsedAt: at },
    });
}
