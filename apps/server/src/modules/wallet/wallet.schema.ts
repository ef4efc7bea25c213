import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the wallet module (the earnings wallet, issue #14; docs/api.md "Business orders"): only
 * wallet.repo.ts reads and writes them; other modules call wallet.service.ts, read-models may SELECT them.
 * db/schema/index.ts re-exports this file for drizzle-kit. `users` is imported for foreign keys only.
 *
 * Money is integer fen (`bigint` columns read as JS numbers: far below 2^53).
 */

/**
 * One wallet per author: the balance, fen. The CHECK makes a negative balance impossible whatever the code
 * does; `wallet.service.ts` locks this row (`FOR UPDATE`) for every posting so two postings never interleave.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_non_negative', sql`${t.balanceFen} >= 0`)],
);

/**
 * The wallet's ledger: every posting, signed fen (credits positive, debits negative), what it is for (`kind`,
 * `ref` e.g. `order:12`) and the balance after it. `key` is the idempotency key, unique per author: a posting
 * with a key already posted changes nothing (wallet.service.ts answers the first entry).
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** WalletEntryKind: order_settlement | promotion_spend | promotion_refund | operator_adjustment */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    key: text('key').notNull(),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_entries_user_key_uq').on(t.userId, t.key),
    index('wallet_entries_user_time_idx').on(t.userId, t.createdAt, t.id),
    check('wallet_entries_amount_non_zero', sql`${t.amountFen} <> 0`),
    check('wallet_entries_balance_non_negative', sql`${t.balanceAfterFen} >= 0`),
  ],
);
