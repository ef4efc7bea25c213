import type { TrackingAction, TrackingKind, TrackingRegion } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the tracking module (issue #15 "Tracking points"; spec §3; docs/api.md "Tracking points"): only
 * tracking.repo.ts reads and writes them. A table of its own, never mixed with the reader events of API.md §10.
 * db/schema/index.ts re-exports this file for drizzle-kit.
 */

/**
 * One author's page view or key action, as the web app reported it. No IP address, no user agent: the author id
 * and the spec's attributes only. `(user_id, client_id)` is unique: a batch sent twice stores each event once.
 * Kept `TRACKING_RETENTION_DAYS` (the `tracking-purge` job).
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the client's event id (8–64 of [A-Za-z0-9_-]) */
    clientId: text('client_id').notNull(),
    kind: text('kind').$type<TrackingKind>().notNull(),
    /** null for a page view */
    action: text('action').$type<TrackingAction>(),
    pageTitle: text('page_title').notNull(),
    contentTitle: text('content_title'),
    region: text('region').$type<TrackingRegion>().notNull(),
    path: text('path').notNull(),
    /** when it happened (the client's clock, checked against the server's on arrival) */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** when the server stored it (the hourly rate counts these) */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('tracking_events_user_client_uq').on(t.userId, t.clientId),
    index('tracking_events_occurred_idx').on(t.occurredAt),
    index('tracking_events_user_received_idx').on(t.userId, t.receivedAt),
    check('tracking_events_action_ck', sql`(${t.kind} = 'action') = (${t.action} is not null)`),
  ],
);

/** An author's "do not record my usage" (one row once they changed it; no row = recorded). */
export const trackingSettings = pgTable('tracking_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  optOut: boolean('opt_out').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
