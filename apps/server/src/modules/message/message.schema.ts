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
import { users } from '../user/user.schema.js';

/*
 * Tables of the message module (issue #7): only message.repo.ts reads and writes them; other modules call
 * message.service.ts. `users` (and any other module's table) is imported for a foreign key only, never
 * queried. db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

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
