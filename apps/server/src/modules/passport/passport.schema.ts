import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the passport module (issue #7): sign-in state. `sessions` rows are written by the session plugin
 * on passport's sign-in and sign-out, `auth_attempts` by passport.repo.ts; both are purged by the
 * `auth-purge` job (jobs/index.ts). `users` is imported for the foreign key only. db/schema/index.ts
 * re-exports this file for drizzle-kit and the migrations.
 */

/** Sessions (API.md §5): the id is sha256(hex) of the cookie's random token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userGuid: uuid('user_guid').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Attempts that count toward the login and register rate limits. In the database, not in memory, so the
 * limit holds across several server processes. kind: `login_failure` | `register` | `password_failure`
 * (a wrong current password at a password change, issue #9).
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** lower-cased account; null for register */
    account: text('account'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_attempts_account_idx').on(t.kind, t.account, t.createdAt),
    index('auth_attempts_ip_idx').on(t.kind, t.ip, t.createdAt),
  ],
);
