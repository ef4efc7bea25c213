import type { UploadUse, VideoDot } from '@cc/contracts';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';

/*
 * Tables of the video module (issue #7): only video.repo.ts reads and writes them; other modules call
 * video.service.ts. `contents` is imported for the foreign key only, never queried: a video's title, status
 * and counters are read and written through content.service.ts. db/schema/index.ts re-exports this file for
 * drizzle-kit and the migrations.
 */

/**
 * The video facts of a `contents` row of type `video` or `smallVideo` (issue #3): one row per item, keyed by
 * the content id. Title, status, cover and counters stay on `contents` so lists and review treat every type
 * alike. `upload_key` is not unique: a deleted video keeps its upload, which a new video may use again.
 */
export const videos = pgTable(
  'videos',
  {
    contentId: integer('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade' }),
    use: text('use').$type<UploadUse>().notNull(),
    /** the upload (API.md §7) — no foreign key: cancelling or cleaning an upload must never fail on it */
    uploadKey: text('upload_key').notNull(),
    description: text('description').notNull().default(''),
    /** the image the author chose ('' = the upload's own cover) */
    customCoverUrl: text('custom_cover_url').notNull().default(''),
    isOriginal: boolean('is_original').notNull().default(false),
    isFirstPublish: boolean('is_first_publish').notNull().default(false),
    isCommercial: boolean('is_commercial').notNull().default(false),
    /** when a scheduled video is to be published */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** chapter marks, sorted by time (seconds) */
    dots: jsonb('dots').$type<VideoDot[]>().notNull().default([]),
  },
  (t) => [index('videos_upload_idx').on(t.uploadKey)],
);
