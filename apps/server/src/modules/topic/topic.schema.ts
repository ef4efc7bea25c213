import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Tables of the topic module (issue #10 "Topics"): only topic.repo.ts reads and writes them; other modules call
 * topic.service.ts. db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

/**
 * Topics authors attach to works and dynamics (`contents.topic_id`). The platform's list, shipped by migration
 * 0010 and kept by operators; `sort` orders the list (smaller first).
 */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('topics_name_uq').on(t.name)],
);
