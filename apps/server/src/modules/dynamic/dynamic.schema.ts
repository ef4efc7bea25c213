import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';

/*
 * Tables of the dynamic module (issue #10 "Dynamics"): only dynamic.repo.ts reads and writes them; other modules
 * call dynamic.service.ts. A dynamic's text is its `contents.content` (plain text), its title the text's start.
 */

/** The images (≤ 9 URLs) and the optional short video (a video work of the author) of a dynamic. */
export const dynamics = pgTable('dynamics', {
  contentId: integer('content_id')
    .primaryKey()
    .references(() => contents.id, { onDelete: 'cascade' }),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  /** the content id of the author's video or short video shown in the dynamic; null when none */
  videoId: integer('video_id').references(() => contents.id, { onDelete: 'set null' }),
});
