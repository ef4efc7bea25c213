import type { AppealState, ContentType, CreditReason, MessageRef } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the credit module (Credit score, ledger and appeals (issue #14; docs/api.md "Credit score")): only
 * credit.repo.ts reads and writes them; other modules call credit.service.ts, read-models may SELECT them.
 * db/schema/index.ts re-exports this file for drizzle-kit. `users` is imported for foreign keys only.
 *
 * The score of an author is `credit_scores.score` when the row exists, else 100 (CREDIT_MAX): an author with no
 * ledger has no row. Every change locks the row (`FOR UPDATE`), appends one ledger entry and writes the new
 * score, in one transaction; so the score always equals the replay of the ledger from 100 (each step clamped to
 * 0…100, the clamped delta being what the entry records).
 */

/** The current credit score of an author (0…100), one row per author who has a ledger. */
export const creditScores = pgTable(
  'credit_scores',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('credit_scores_range', sql`${t.score} between 0 and 100`),
    // the weekly recovery reads the authors below the top
    index('credit_scores_below_max_idx')
      .on(t.userId)
      .where(sql`${t.score} < 100`),
  ],
);

/**
 * The ledger: every change of a score, never updated or deleted. `delta` is the change applied (after the
 * 0…100 clamp, so it can be 0 — e.g. a deduction at 0 — and is still recorded), `scoreAfter` the score it left.
 * The work (`contentId`, `contentType`, `contentTitle` at the time) and the rule (`ruleRef`, `slug#section` of
 * the rule centre) name what a deduction was for; `detail` is the review's reason as a catalog message.
 * `contentId` has no foreign key: the entry outlives the work. `key` makes every event idempotent per author.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    scoreAfter: integer('score_after').notNull(),
    reason: text('reason').$type<CreditReason>().notNull(),
    contentId: integer('content_id'),
    contentType: text('content_type').$type<ContentType>(),
    contentTitle: text('content_title'),
    ruleRef: text('rule_ref'),
    detail: jsonb('detail').$type<MessageRef>(),
    /** for `appeal_upheld`: the ledger entry whose points it restores */
    restoresEntryId: integer('restores_entry_id'),
    /** for `operator`: who made the change */
    operatorId: integer('operator_id'),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_ledger_user_key_uq').on(t.userId, t.key),
    index('credit_ledger_user_time_idx').on(t.userId, t.createdAt, t.id),
    check('credit_ledger_score_after_range', sql`${t.scoreAfter} between 0 and 100`),
  ],
);

/**
 * Appeals of deductions: one per ledger entry (`entry_id` unique), `pending` until an operator upholds
 * (the points come back as an `appeal_upheld` entry) or dismisses it.
 */
export const creditAppeals = pgTable(
  'credit_appeals',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => creditLedger.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    state: text('state').$type<AppealState>().notNull(),
    operatorId: integer('operator_id'),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_appeals_entry_uq').on(t.entryId),
    index('credit_appeals_state_time_idx').on(t.state, t.createdAt, t.id),
    index('credit_appeals_user_idx').on(t.userId),
  ],
);
