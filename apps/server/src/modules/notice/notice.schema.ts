import type { MessageLanguage } from '@cc/contracts';
import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A notice's texts in another language than its own (issue #9); `content` is sanitized HTML. */
export type NoticeTranslations = Partial<
  Record<MessageLanguage, { title: string; summary: string; content: string }>
>;

/*
 * Tables of the notice module (issue #7): only notice.repo.ts reads and writes them; other modules call
 * notice.service.ts. db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

/**
 * Platform notices: one list for every author; `content` is sanitized HTML. `title`/`summary`/`content` are in
 * the product's default language (zh-CN); `translations` holds other languages (issue #9).
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    translations: jsonb('translations').$type<NoticeTranslations>().notNull().default({}),
  },
  (t) => [index('notices_published_idx').on(t.publishedAt)],
);
