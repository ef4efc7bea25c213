import type { OrderState } from '@cc/contracts';
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businessOrderHistory, businessOrders } from './business.schema.js';

/*
 * SQL of the business module (issue #14): only this file touches `business_orders` and `business_order_history`.
 * Writes take the caller's transaction. Lists with the work's and the author's names are read-models
 * (read-models/business-orders.ts).
 */

export type OrderRow = typeof businessOrders.$inferSelect;
export type NewOrderRow = typeof businessOrders.$inferInsert;
export type OrderHistoryRow = typeof businessOrderHistory.$inferSelect;

/** Inserts an order. @returns the new row */
export async function insertOrder(tx: Db, row: NewOrderRow): Promise<OrderRow> {
  const [inserted] = await tx.insert(businessOrders).values(row).returning();
  return inserted!;
}

/** The order locked until the transaction ends (`FOR UPDATE`), or null. */
export async function orderForUpdate(tx: Db, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(businessOrders).where(eq(businessOrders.id, id)).for('update');
  return row ?? null;
}

/** The order by id, or null. */
export async function orderById(db: Db, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(businessOrders).where(eq(businessOrders.id, id)).limit(1);
  return row ?? null;
}

/** Changes an order's fields (the caller holds its lock). @returns the row as updated */
export async function updateOrder(tx: Db, id: number, patch: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await tx
    .update(businessOrders)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(businessOrders.id, id))
    .returning();
  return row!;
}

/** Appends one line to an order's history. */
export async function insertHistory(tx: Db, row: typeof businessOrderHistory.$inferInsert): Promise<void> {
  await tx.insert(businessOrderHistory).values(row);
}

/** An order's history, oldest first. */
export async function historyOf(db: Db, orderId: number): Promise<OrderHistoryRow[]> {
  return db
    .select()
    .from(businessOrderHistory)
    .where(eq(businessOrderHistory.orderId, orderId))
    .orderBy(asc(businessOrderHistory.at), asc(businessOrderHistory.id));
}

/**
 * Serialises the accepts of one author until the transaction ends (a transaction-level advisory lock), so two
 * accepts in parallel cannot both pass the limit of orders at once.
 */
export async function lockAuthorOrders(tx: Db, userId: number): Promise<void> {
  // namespace 14 (issue #14), key the author
  await tx.execute(sql`select pg_advisory_xact_lock(14, ${userId})`);
}

/** The author's orders per state. */
export async function countByState(db: Db, userId: number): Promise<Map<OrderState, number>> {
  const rows = await db
    .select({ state: businessOrders.state, n: sql<number>`count(*)::int` })
    .from(businessOrders)
    .where(eq(businessOrders.userId, userId))
    .groupBy(businessOrders.state);
  return new Map(rows.map((r) => [r.state, r.n]));
}

/** The sum of the prices of the author's orders in `states`, fen. */
export async function sumPrice(db: Db, userId: number, states: readonly OrderState[]): Promise<number> {
  const [row] = await db
    .select({ fen: sql<string>`coalesce(sum(${businessOrders.priceFen}), 0)` })
    .from(businessOrders)
    .where(and(eq(businessOrders.userId, userId), inArray(businessOrders.state, [...states])));
  return Number(row?.fen ?? 0);
}

/** Ids of orders whose current deadline passed by `now`: invitations past respond-by, deliveries past deliver-by. */
export async function dueExpiries(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: businessOrders.id })
    .from(businessOrders)
    .where(
      sql`(${businessOrders.state} = 'invited' and ${businessOrders.respondBy} <= ${now.toISOString()})
        or (${businessOrders.state} in ('accepted', 'revision_requested') and ${businessOrders.deliverBy} <= ${now.toISOString()})`,
    )
    .orderBy(asc(businessOrders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Ids of approved orders whose settlement day is `today` or earlier (`YYYY-MM-DD`). */
export async function dueSettlements(db: Db, today: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: businessOrders.id })
    .from(businessOrders)
    .where(and(eq(businessOrders.state, 'approved'), lte(businessOrders.settleOn, today)))
    .orderBy(asc(businessOrders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Another order of the author that holds `contentId` as its delivered work (delivered, in revision, approved or
 * settled), or null.
 */
export async function orderHoldingWork(
  db: Db,
  userId: number,
  contentId: number,
  exceptOrderId: number,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(businessOrders)
    .where(
      and(
        eq(businessOrders.userId, userId),
        eq(businessOrders.contentId, contentId),
        ne(businessOrders.id, exceptOrderId),
        inArray(businessOrders.state, ['delivered', 'revision_requested', 'approved', 'settled']),
      ),
    )
    .limit(1);
  return row ?? null;
}
