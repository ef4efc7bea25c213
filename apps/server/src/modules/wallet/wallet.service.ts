import {
  fenToYuanText,
  type ListData,
  MsgGroup,
  type WalletAdjustParam,
  type WalletEntry,
  type WalletSummary,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readOrderMoney } from '../../read-models/wallet-pending.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import { findUserForOps } from '../user/user.service.js';
import * as repo from './wallet.repo.js';

/**
 * The earnings wallet (issue #14): settled business orders credit it, promotions are paid from it and refund
 * into it. Balances are integer fen and never below zero. Other modules reach it only through this file.
 */

/** What an entry of the wallet's ledger is for. */
export type WalletEntryKind =
  'order_settlement' | 'promotion_spend' | 'promotion_refund' | 'operator_adjustment';

/** One posting to an author's wallet (amounts in fen; negative debits). */
export interface WalletPosting {
  userId: number;
  /** fen, non-zero; a debit is negative */
  amountFen: number;
  kind: WalletEntryKind;
  /** what it is about, e.g. `order:12`, `promotion:7` (shown in the ledger) */
  ref: string;
  /** idempotency key, unique per author: a posting with a key already posted changes nothing */
  key: string;
}

/**
 * Posts one entry in the caller's transaction: locks the author's wallet row, answers the earlier entry for a
 * repeated `key` (`repeated: true`, nothing posted twice), refuses a debit the balance cannot cover.
 * The key is checked after the lock, so two parallel postings with one key post once (the second waits for the
 * first's transaction and then finds its entry). A repeated key answers the first entry even when its amount
 * differs (the key names the event, the first posting of it wins).
 * @returns the entry's id and the balance after it, fen (for a repeated key: the first entry's id and the
 *   current balance)
 * @throws AppError CONFLICT (10008, WALLET_INSUFFICIENT { balance, amount } in yuan) when the balance would go
 *   below zero; Error for a zero or non-integer amount (a programming error)
 */
export async function postWalletEntry(
  tx: Db,
  posting: WalletPosting,
): Promise<{ entryId: number; balanceFen: number; repeated: boolean }> {
  if (!Number.isSafeInteger(posting.amountFen) || posting.amountFen === 0)
    throw new Error(`postWalletEntry: amountFen must be a non-zero integer, got ${posting.amountFen}`);
  const balance = await repo.lockWallet(tx, posting.userId);
  const earlier = await repo.entryByKey(tx, posting.userId, posting.key);
  if (earlier) return { entryId: earlier.id, balanceFen: balance, repeated: true };
  const after = balance + posting.amountFen;
  if (after < 0)
    throw new AppError('CONFLICT', {
      code: 'WALLET_INSUFFICIENT',
      params: { balance: fenToYuanText(balance), amount: fenToYuanText(Math.abs(posting.amountFen)) },
    });
  const entry = await repo.insertEntry(tx, {
    userId: posting.userId,
    amountFen: posting.amountFen,
    kind: posting.kind,
    ref: posting.ref,
    key: posting.key,
    balanceAfterFen: after,
  });
  return { entryId: entry.id, balanceFen: after, repeated: false };
}

/** The author's balance, fen (0 without a wallet). */
export async function getWalletBalance(db: Db, userId: number): Promise<number> {
  return repo.balanceOf(db, userId);
}

/**
 * `GET /api/wallet/summary`: the balance, what approved orders will add (and the next settlement day) and what
 * settled orders added in total, fen.
 */
export async function walletSummary(db: Db, userId: number): Promise<WalletSummary> {
  const [balanceFen, money] = await Promise.all([repo.balanceOf(db, userId), readOrderMoney(db, userId)]);
  return { balanceFen, ...money };
}

/** `GET /api/wallet/ledger`: the author's entries, newest first; `orderId` for order settlements. */
export async function walletLedger(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<ListData<WalletEntry>> {
  const { rows, total } = await repo.ledgerPage(db, userId, page, pageSize);
  return {
    list: rows.map((r) => {
      const order = r.kind === 'order_settlement' ? /^order:(\d+)$/.exec(r.ref) : null;
      return {
        id: r.id,
        amountFen: r.amountFen,
        kind: r.kind as WalletEntryKind,
        ref: r.ref,
        orderId: order ? Number(order[1]) : null,
        balanceAfterFen: r.balanceAfterFen,
        createdAt: r.createdAt.toISOString(),
      };
    }),
    total,
    page,
    pageSize,
  };
}

/**
 * `POST /api/ops/wallet/adjust` (operators): a manual top-up or correction of the author `account` (kind
 * `operator_adjustment`, the note as its ref), idempotent by `key` per author, never below zero; messages the
 * author (`wallet_adjusted`) when it posts.
 * @throws NOT_FOUND (10006, USER_NOT_FOUND); CONFLICT (10008, WALLET_INSUFFICIENT) for a correction the balance
 *   cannot cover
 */
export async function adjustWallet(
  db: Db,
  param: WalletAdjustParam,
): Promise<{ entryId: number; balanceFen: number; repeated: boolean }> {
  const author = await findUserForOps(db, param.account);
  return db.transaction(async (tx) => {
    const result = await postWalletEntry(tx, {
      userId: author.userId,
      amountFen: param.amountFen,
      kind: 'operator_adjustment',
      ref: param.note,
      key: `adjust:${param.key}`,
    });
    if (!result.repeated)
      await sendSystemMessage(tx, {
        userId: author.userId,
        ...kindMessage(
          'wallet_adjusted',
          {
            amount: fenToYuanText(param.amountFen),
            balance: fenToYuanText(result.balanceFen),
            note: param.note,
          },
          '/businessOrder',
          MsgGroup.BUSINESS,
        ),
      });
    return result;
  });
}
