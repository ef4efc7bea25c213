import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the design module (issue #7): only design.repo.ts reads and writes them; other modules call
 * design.service.ts. `users` (and any other module's table) is imported for a foreign key only, never
 * queried. db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

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
    /** the client's idempotency key of the create that made the row (issue #8 item 10); null without one */
    requestId: text('request_id'),
  },
  (t) => [
    index('designs_user_updated_idx').on(t.userId, t.updatedAt),
    uniqueIndex('designs_user_request_id_uidx')
      .on(t.userId, t.requestId)
      .where(sql`${t.requestId} is not null`),
  ],
);
