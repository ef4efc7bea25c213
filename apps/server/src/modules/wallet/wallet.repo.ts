import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { walletEntries, wallets } from './wallet.schema.js';

/*
 * SQL of the wallet module (issue #14): only this file touches `wallets` and `wallet_entries`. Writes take the
 * caller's transaction.
 */

export type WalletEntryRow = typeof walletEntries.$inferSelect;

/**
 * The author's wallet row locked until the transaction ends, created (balance 0) when absent: the insert is
 * `ON CONFLICT DO NOTHING` so two first postings in parallel both end up locking the same row.
 * @returns the balance, fen
 */
export async function lockWallet(tx: Db, userId: number): Promise<number> {
  await tx.insert(wallets).values({ userId, balanceFen: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balanceFen: wallets.balanceFen })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .for('update');
  if (!row) throw new Error(`wallet of user ${userId} vanished`);
  return Number(row.balanceFen);
}

/** The author's entry with this idempotency key, or null. */
export async function entryByKey(db: Db, userId: number, key: string): Promise<WalletEntryRow | null> {
  const [row] = await db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.key, key)))
    .limit(1);
  return row ?? null;
}

/** Inserts an entry and sets the wallet's balance to its `balanceAfterFen` (caller holds the lock). */
export async function insertEntry(
  tx: Db,
  row: typeof walletEntries.$inferInsert & { balanceAfterFen: number },
): Promise<WalletEntryRow> {
  const [entry] = await tx.insert(walletEntries).values(row).returning();
  await tx
    .update(wallets)
    .set({ balanceFen: row.balanceAfterFen, updatedAt: sql`now()` })
    .where(eq(wallets.userId, row.userId));
  return entry!;
}

/** The author's balance, fen; 0 without a wallet. */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ balanceFen: wallets.balanceFen })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .limit(1);
  return row ? Number(row.balanceFen) : 0;
}

/** One page of the author's ledger, newest first, and the total count. */
export async function ledgerPage(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: WalletEntryRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, userId)),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}
