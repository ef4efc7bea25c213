import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Tables of the ratelimit module (issue #8 item 5): the counters of the request guards (plugins/security.ts)
 * when no Redis is configured. Written only by ratelimit.repo.ts; db/schema/index.ts re-exports this file
 * for drizzle-kit and the migrations.
 */

/**
 * One fixed window per key: `hits` requests (or bytes) counted since the window opened, until `expires_at`.
 * The key is the sha256 (base64url) of the guard's key, so no address, author id or token is stored in clear.
 * A request is one upsert (ratelimit.repo.ts `hit`); expired rows are reused by the next hit of their key and
 * purged in batches otherwise. The migration (0006) creates it UNLOGGED: no WAL per hit, and a crash only
 * empties the counters (drizzle-kit does not model that; keep it when the table changes).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: bigint('hits', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
