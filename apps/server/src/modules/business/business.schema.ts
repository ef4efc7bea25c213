import type { OrderAction, OrderState, OrderType } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';
import { users } from '../user/user.schema.js';

/*
 * Tables of the business module (business orders, issue #14; docs/api.md "Business orders"): only business.repo.ts
 * reads and writes them; other modules call business.service.ts, read-models may SELECT them (order-work-locks.ts,
 * wallet-pending.ts). db/schema/index.ts re-exports this file for drizzle-kit. `users` and `contents` are imported
 * for foreign keys only. Money is integer fen.
 */

/**
 * Orders operators create for advertisers. `state` moves only through order-machine.ts. Days (`settle_on`,
 * `keep_until_day`) are calendar days in REPORT_TZ; `keep_until` is the instant the work may be deleted again
 * (the start of the day after `keep_until_day`).
 */
export const businessOrders = pgTable(
  'business_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    campaign: text('campaign').notNull(),
    brief: text('brief').notNull(),
    type: text('type').$type<OrderType>().notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull(),
    deliverBy: timestamp('deliver_by', { withTimezone: true }).notNull(),
    revisionsAllowed: smallint('revisions_allowed').notNull(),
    revisionsUsed: smallint('revisions_used').notNull().default(0),
    keepDays: smallint('keep_days').notNull().default(60),
    state: text('state').$type<OrderState>().notNull(),
    /** the delivered work (the latest delivery) */
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** approval day + 3 (T+3), REPORT_TZ */
    settleOn: date('settle_on', { mode: 'string' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** the last day the work must stay published (approval day + keep days), REPORT_TZ */
    keepUntilDay: date('keep_until_day', { mode: 'string' }),
    /** deleting the work is refused before this instant */
    keepUntil: timestamp('keep_until', { withTimezone: true }),
    /** when the order reached declined, expired or cancelled */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** the operator who created it */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_orders_user_state_idx').on(t.userId, t.state, t.createdAt, t.id),
    index('business_orders_user_time_idx').on(t.userId, t.createdAt, t.id),
    index('business_orders_time_idx').on(t.createdAt, t.id),
    // the job: invitations past respond-by, deliveries past deliver-by, approvals due
    index('business_orders_respond_idx')
      .on(t.respondBy)
      .where(sql`${t.state} = 'invited'`),
    index('business_orders_deliver_idx')
      .on(t.deliverBy)
      .where(sql`${t.state} in ('accepted', 'revision_requested')`),
    index('business_orders_settle_idx')
      .on(t.settleOn)
      .where(sql`${t.state} = 'approved'`),
    // content's delete path asks whether a work is locked
    index('business_orders_content_idx')
      .on(t.contentId)
      .where(sql`${t.contentId} is not null`),
    check('business_orders_price_positive', sql`${t.priceFen} > 0`),
    check(
      'business_orders_revisions_range',
      sql`${t.revisionsUsed} >= 0 and ${t.revisionsUsed} <= ${t.revisionsAllowed}`,
    ),
    check('business_orders_keep_days_positive', sql`${t.keepDays} > 0`),
  ],
);

/**
 * Every transition of an order (and its creation): from, to, the action, who (the actor's user id, null for the
 * job), an optional note (a decline reason, a revision note, a cancellation note), when.
 */
export const businessOrderHistory = pgTable(
  'business_order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => businessOrders.id, { onDelete: 'cascade' }),
    fromState: text('from_state').$type<OrderState>(),
    toState: text('to_state').$type<OrderState>().notNull(),
    action: text('action').$type<OrderAction | 'create'>().notNull(),
    /** `author` | `operator` | `system` */
    actorRole: text('actor_role').$type<'author' | 'operator' | 'system'>().notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_order_history_order_idx').on(t.orderId, t.at, t.id)],
);
