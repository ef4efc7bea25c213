import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Messages to an author, in groups (MsgGroup; group 8 feeds the bell). `kind` + `params` let the web render
 * any language; `title`/`body` hold the zh-CN text for clients that ignore `kind`.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    msgGroup: smallint('msg_group').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_user_group_idx').on(t.userId, t.msgGroup, t.isRead),
    index('messages_user_created_idx').on(t.userId, t.createdAt),
  ],
);

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
