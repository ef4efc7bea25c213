import type { UserRole, WhiteList } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Tables of the user module (ARCHITECTURE.md "a module owns its tables", issue #7): only user.repo.ts reads
 * and writes them; other modules call user.service.ts. `users` is the identity every module's rows belong to,
 * so other modules' *.schema.ts files import it for their `user_id` foreign keys — a declaration, never a
 * query. db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

/** Authors. `grade` drives rankResult (grade ≥ 3), `dynamicShow` the dynamic menu (API.md §6). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid')
      .notNull()
      .default(sql`gen_random_uuid()`),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    mediaName: text('media_name').notNull(),
    /** storage key of the uploaded avatar; null → the default avatar */
    avatarKey: text('avatar_key'),
    /** 0 not certified, 1 under review, 2 certified, 3 rejected */
    authStatus: smallint('auth_status').notNull().default(0),
    grade: smallint('grade').notNull().default(1),
    /** 0 or 1 */
    dynamicShow: smallint('dynamic_show').notNull().default(0),
    /** `author`, or `operator` (reviews held works, issue #10 "Review"; API.md §13) */
    role: text('role').$type<UserRole>().notNull().default('author'),
    /*
     * per-author permissions (spec §6, issue #10 "Permissions"; contracts/permissions.ts), set by operators
     */
    /** the longest short video allowed, seconds; null → by grade (60 s, 300 s from grade 3) */
    smallVideoMaxSeconds: smallint('small_video_max_seconds'),
    /** 0 or 1: publish points (location tags) on works */
    publishPoint: smallint('publish_point').notNull().default(0),
    /** 0 or 1: the content assistant */
    contentAssistant: smallint('content_assistant').notNull().default(0),
    whiteLists: jsonb('white_lists').$type<WhiteList[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_account_uq').on(sql`lower(${t.account})`),
    uniqueIndex('users_guid_uq').on(t.guid),
  ],
);

/** Identities of an author (type 163 sets is163; spec §3). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_user_type_uq').on(t.userId, t.type)],
);

/** Video upload tokens (API.md §7): random, stored hashed, bound to one user, valid 24 h. */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('upload_tokens_hash_uq').on(t.tokenHash)],
);
