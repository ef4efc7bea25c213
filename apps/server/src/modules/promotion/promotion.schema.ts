import type {
  CouponSource,
  CouponState,
  PromotionGoal,
  PromotionState,
  PromotionStopReason,
  PromotionTargeting,
} from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';
import { users } from '../user/user.schema.js';

/*
 * Tables of the promotion module (growth coupons and promotion, issue #14 "Coupons and promotion"; docs/api.md
 * "Coupons and promotion"): only promotion.repo.ts reads and writes them; other modules call
 * promotion.service.ts, read-models may SELECT them. db/schema/index.ts re-exports this file for drizzle-kit.
 * `users` and `contents` are imported for foreign keys only. Money is integer fen.
 */

/**
 * Coupons of an author. `key` is unique per author (a repeated grant grants nothing); `state` moves
 * `available` → `used` (paying `promotion_id`) or `available` → `expired` (the daily job, or found expired when
 * spent). A used coupon is consumed: stopping its promotion early does not give it back (docs/decisions/
 * 0014-coupons-and-promotion.md).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    valueFen: bigint('value_fen', { mode: 'number' }).notNull(),
    minSpendFen: bigint('min_spend_fen', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    source: text('source').$type<CouponSource>().notNull(),
    /** e.g. `task:3:2026-W47`, `operator:5` */
    sourceRef: text('source_ref').notNull(),
    /** an operator's note (shown to the author); null for task rewards */
    note: text('note'),
    key: text('key').notNull(),
    state: text('state').$type<CouponState>().notNull().default('available'),
    /** the promotion it paid (state `used`) */
    promotionId: integer('promotion_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_user_key_uq').on(t.userId, t.key),
    index('coupons_user_state_idx').on(t.userId, t.state, t.expiresAt, t.id),
    index('coupons_available_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'available'`),
  ],
);

/**
 * Promotions of a work (DOU+): paid when created (`coupon_fen` from the coupon + `cash_fen` from the wallet =
 * `budget_fen`), delivered while `running`, charged by the delivery job (`spent_fen` ≤ `budget_fen`), refunded
 * once when it ends (`refunded_fen` ≤ `cash_fen`). At most one running promotion per work.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    goal: text('goal').$type<PromotionGoal>().notNull(),
    hours: integer('hours').notNull(),
    budgetFen: bigint('budget_fen', { mode: 'number' }).notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponFen: bigint('coupon_fen', { mode: 'number' }).notNull().default(0),
    cashFen: bigint('cash_fen', { mode: 'number' }).notNull().default(0),
    /** the price of one promoted view when created, fen (contracts PROMOTION_PRICE_PER_VIEW_FEN) */
    pricePerViewFen: integer('price_per_view_fen').notNull(),
    targeting: jsonb('targeting').$type<PromotionTargeting>().notNull().default({}),
    key: text('key').notNull(),
    state: text('state').$type<PromotionState>().notNull().default('running'),
    stopReason: text('stop_reason').$type<PromotionStopReason>(),
    /** delivery counted by the last tick (read-models/promotion-delivery.ts) */
    impressions: integer('impressions').notNull().default(0),
    views: integer('views').notNull().default(0),
    fans: integer('fans').notNull().default(0),
    spentFen: bigint('spent_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** when the unspent cash was refunded (once) */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    lastTickAt: timestamp('last_tick_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotions_user_key_uq').on(t.userId, t.key),
    uniqueIndex('promotions_running_content_uq')
      .on(t.contentId)
      .where(sql`${t.state} = 'running'`),
    index('promotions_user_state_idx').on(t.userId, t.state, t.createdAt, t.id),
    index('promotions_running_idx')
      .on(t.endsAt)
      .where(sql`${t.state} = 'running'`),
  ],
);
