import type { AlbumImage } from '@cc/contracts';
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';

/*
 * Tables of the album module (issue #10 "Image collections"): only album.repo.ts reads and writes them; other
 * modules call album.service.ts. `contents` is imported for the foreign key only: an album's title, status,
 * cover and counters live on its `contents` row (type `album`) and are written through content.service.ts.
 */

/** The images of an album, in the author's order, each with its caption: one row per `contents` row. */
export const albums = pgTable('albums', {
  contentId: integer('content_id')
    .primaryKey()
    .references(() => contents.id, { onDelete: 'cascade' }),
  images: jsonb('images').$type<AlbumImage[]>().notNull().default([]),
});
