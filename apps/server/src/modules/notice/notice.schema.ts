import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Tables of the notice module (issue #7): only notice.repo.ts reads and writes them; other modules call
 * notice.service.ts. db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

/** Platform notices: one list for every author; `content` is sanitized HTML. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_published_idx').on(t.publishedAt)],
);
