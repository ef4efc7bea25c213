import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';

/*
 * Tables of the program module (issue #10 "Programs"): only program.repo.ts reads and writes them; other
 * modules call program.service.ts. Title, cover and status live on the program's `contents` row.
 */

/** A program (a series): its description and its episodes, content ids of the author's works, in order. */
export const programs = pgTable('programs', {
  contentId: integer('content_id')
    .primaryKey()
    .references(() => contents.id, { onDelete: 'cascade' }),
  description: text('description').notNull().default(''),
  episodeIds: jsonb('episode_ids').$type<number[]>().notNull().default([]),
});
