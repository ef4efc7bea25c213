import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dynamics } from './dynamic.schema.js';

/**
 * Storage of dynamics (issue #10): the `dynamics` row (images, video) beside its `contents` row, which is the
 * content module's (content.service.ts). Lists that join both are read in read-models/dynamic-feed.ts.
 */

export type DynamicRow = typeof dynamics.$inferSelect;

/** The dynamic facts of a content id, or undefined when it has none. */
export async function findDynamic(db: Db, contentId: number): Promise<DynamicRow | undefined> {
  const [row] = await db.select().from(dynamics).where(eq(dynamics.contentId, contentId)).limit(1);
  return row;
}

/** Writes the images and video of a dynamic, creating its row on the first save. */
export async function upsertDynamic(db: Db, row: DynamicRow): Promise<void> {
  await db
    .insert(dynamics)
    .values(row)
    .onConflictDoUpdate({ target: dynamics.contentId, set: { images: row.images, videoId: row.videoId } });
}
