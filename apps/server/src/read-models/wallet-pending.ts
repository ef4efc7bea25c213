import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { businessOrders } from '../modules/business/business.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT only):
 * what business orders will add to an author's wallet (issue #14): approved orders not yet settled and the next
 * settlement day, and what settled orders added in total. `GET /api/wallet/summary` (wallet.service.ts).
 */

/** Pending and settled order money of an author, fen; the next settlement day (`YYYY-MM-DD`) or null. */
export async function readOrderMoney(
  db: Db,
  userId: number,
): Promise<{ pendingFen: number; nextSettleOn: string | null; settledFen: number }> {
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${businessOrders.priceFen}) filter (where ${businessOrders.state} = 'approved'), 0)`,
      settled: sql<string>`coalesce(sum(${businessOrders.priceFen}) filter (where ${businessOrders.state} = 'settled'), 0)`,
      next: sql<
        string | null
      >`min(${businessOrders.settleOn}) filter (where ${businessOrders.state} = 'approved')`,
    })
    .from(businessOrders)
    .where(and(eq(businessOrders.userId, userId)));
  return {
    pendingFen: Number(row?.pending ?? 0),
    settledFen: Number(row?.settled ?? 0),
    nextSettleOn: row?.next ? String(row.next).slice(0, 10) : null,
  };
}
