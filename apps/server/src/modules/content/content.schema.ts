import type { ContentStatus, ContentType, MessageRef } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { topics } from '../topic/topic.schema.js';
import { users } from '../user/user.schema.js';

/*
 * Tables of the content module (issue #7): only content.repo.ts reads and writes them; other modules call
 * content.service.ts. `users` (and any other module's table) is imported for a foreign key only, never
 * queried. db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

/** An author's content item of any type (API.md §9); `content` is sanitized HTML for articles. */
export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ContentType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    coverUrls: jsonb('cover_urls').$type<string[]>().notNull().default([]),
    status: text('status').$type<ContentStatus>().notNull(),
    /** why review refused the item, as text (zh-CN; an operator's own words); see `rejectMessage` */
    rejectReason: text('reject_reason'),
    /**
     * the automatic review's reason as a catalog message `{ code, params }` (issue #9): answers render it in
     * the reader's language; null when there is none or the reason is free text
     */
    rejectMessage: jsonb('reject_message').$type<MessageRef>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * when a `scheduled` article publishes (issue #10, API.md §13 publishType 2); null otherwise. Videos keep
     * theirs in `videos.scheduled_at`.
     */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** car series of the shipped catalogue the work is about (issue #10; `car-catalogue.data.ts` ids) */
    carSeriesIds: jsonb('car_series_ids').$type<number[]>().notNull().default([]),
    /** the topic the work is attached to (issue #10 "Topics"); null when none */
    topicId: integer('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    /**
     * why the automatic review could not decide and the work waits for an operator (status `reviewing`,
     * issue #10 "Review"), as a catalog message; null otherwise
     */
    holdMessage: jsonb('hold_message').$type<MessageRef>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** the client's idempotency key of the create that made the row (issue #8 item 10); null without one */
    requestId: text('request_id'),
  },
  (t) => [
    index('contents_user_updated_idx').on(t.userId, t.updatedAt),
    index('contents_user_status_idx').on(t.userId, t.status),
    /** the operators' review queue (issue #10): works waiting, oldest first */
    index('contents_reviewing_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'reviewing'`),
    uniqueIndex('contents_user_request_id_uidx')
      .on(t.userId, t.requestId)
      .where(sql`${t.requestId} is not null`),
  ],
);
