import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the media module (issue #7): only media.repo.ts reads and writes them; other modules call
 * media.service.ts. `users` (and any other module's table) is imported for a foreign key only, never queried.
 * db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

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

/**
 * The index of the rendition cache (issue #8 item 6, docs/decisions/0003-image-sizes.md): one row per resized
 * image stored under `cacheKey` (`rendition/{w}x{h}/<key>`), with its size in bytes and when it was last
 * served. The rows are the cache's LRU: when their sum passes IMAGE_CACHE_MAX_BYTES the least recently used
 * rows and their files are deleted. Kept in the database so every server sharing the storage agrees on one
 * bound, and so the bound survives a restart.
 */
export const mediaRenditions = pgTable(
  'media_renditions',
  {
    cacheKey: text('cache_key').primaryKey(),
    bytes: integer('bytes').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_renditions_last_used_idx').on(t.lastUsedAt)],
);
