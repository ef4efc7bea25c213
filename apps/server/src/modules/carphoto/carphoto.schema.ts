import type { BilingualText, CarPhotoTag } from '@cc/contracts';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the car photo library (issue #15 "Car photo library"; spec §7; docs/api.md "The car photo library"):
 * only carphoto.repo.ts reads and writes them; other modules call carphoto.service.ts, read-models may SELECT
 * them. `users` is imported for foreign keys only. db/schema/index.ts re-exports this file for drizzle-kit.
 */

/**
 * Official pictures per car series of the shipped catalogue (`seriesId`, car-catalogue.data.ts), curated by
 * operators. `key` is the storage key of the operator's upload (`POST /fileservice/image`), one entry per image;
 * width/height in pixels of the original. `caption`/`credit` hold both languages; `retiredAt` set = hidden from
 * authors (works that used it keep their own copy).
 */
export const carPhotos = pgTable(
  'car_photos',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    seriesId: integer('series_id').notNull(),
    tag: text('tag').$type<CarPhotoTag>().notNull(),
    caption: jsonb('caption').$type<BilingualText>().notNull(),
    credit: jsonb('credit').$type<BilingualText>().notNull(),
    source: text('source').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('car_photos_key_uq').on(t.key), index('car_photos_series_idx').on(t.seriesId, t.id)],
);

/**
 * Who took which picture (`POST /api/carphoto/use`): the author's own copy of the image (`key`, recorded as the
 * author's upload in `media_images`), reused when the author takes the same picture again, and how many times.
 */
export const carPhotoUses = pgTable(
  'car_photo_uses',
  {
    photoId: integer('photo_id')
      .notNull()
      .references(() => carPhotos.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    uses: integer('uses').notNull().default(1),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.userId] })],
);
