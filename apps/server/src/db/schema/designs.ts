import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A poster design (issue #4): the editor's document as JSON text (images by `/media/` URL, so rows stay
 * small; at most 5 MB), its size in pixels and a thumbnail URL. Owner only; deleting removes the row.
 */
export const designs = pgTable(
  'designs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    document: text('document').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('designs_user_updated_idx').on(t.userId, t.updatedAt)],
);

/**
 * Every image an author uploaded through `POST /fileservice/image` (API.md §8), for the editor's
 * picture panel (`GET /api/media/my_images`). Width/height in pixels, size in bytes.
 */
export const mediaImages = pgTable(
  'media_images',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_images_user_created_idx').on(t.userId, t.createdAt)],
);
