import type { CouponState } from '@cc/contracts';
import { and, count, desc, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coupons, promotions } from './promotion.schema.js';

/*
 * SQL of the promotion module (issue #14 "Coupons and promotion"): only this file touches its tables. Writes
 * take the caller's transaction; every write of an action happens in one.
 */

export type CouponRow = typeof coupons.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;

// ---- coupons ----

/** Inserts a coupon, ON CONFLICT (user_id, key) DO NOTHING. @returns the new row, or null for a repeated key */
export async function insertCoupon(tx: Db, row: typeof coupons.$inferInsert): Promise<CouponRow | null> {
  const [inserted] = await tx.insert(coupons).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The author's coupon granted with `key`, or null. */
export async function couponByKey(db: Db, userId: number, key: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.userId, userId), eq(coupons.key, key)))
    .limit(1);
  return row ?? null;
}

/** One coupon by id, or null; `forUpdate` locks the row (the caller's transaction). */
export async function couponById(db: Db, id: number, forUpdate = false): Promise<CouponRow | null> {
  const q = db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Sets a coupon's state (and the promotion it paid, when used). */
export async function setCouponState(
  tx: Db,
  id: number,
  state: CouponState,
  used?: { promotionId: number; at: Date },
): Promise<void> {
  await tx
    .update(coupons)
    .set({ state, promotionId: used?.promotionId ?? null, usedAt: used?.at ?? null })
    .where(eq(coupons.id, id));
}

/**
 * The state a coupon shows at `now`: an `available` coupon past its expiry is `expired` even before the daily
 * job marks it.
 */
export function couponStateAt(row: Pick<CouponRow, 'state' | 'expiresAt'>, now: Date): CouponState {
  return row.state === 'available' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.state;
}

/** The SQL condition of a coupon state at `now` (see `couponStateAt`). */
function couponStateIs(state: CouponState, now: Date): SQL | undefined {
  const at = now.toISOString();
  if (state === 'available') return and(eq(coupons.state, 'available'), gt(coupons.expiresAt, sql`${at}`));
  if (state === 'expired')
    return or(
      eq(coupons.state, 'expired'),
      and(eq(coupons.state, 'available'), lte(coupons.expiresAt, sql`${at}`)),
    );
  return eq(coupons.state, state);
}

/** A page of an author's coupons (optionally in one state at `now`): available soonest-expiring first, else newest. */
export async function listCoupons(
  db: Db,
  userId: number,
  opts: { state?: CouponState; now: Date; page: number; pageSize: number },
): Promise<{ rows: CouponRow[]; total: number }> {
  const where = and(eq(coupons.userId, userId), opts.state ? couponStateIs(opts.state, opts.now) : undefined);
  const order =
    opts.state === 'available'
      ? [coupons.expiresAt, coupons.id]
      : [desc(coupons.createdAt), desc(coupons.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(...order)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Marks every available coupon whose expiry is at or before `now` expired. @returns how many */
export async function expireCoupons(tx: Db, now: Date): Promise<number> {
  const rows = await tx
    .update(coupons)
    .set({ state: 'expired' })
    .where(and(eq(coupons.state, 'available'), lte(coupons.expiresAt, sql`${now.toISOString()}`)))
    .returning({ id: coupons.id });
  return rows.length;
}

// ---- promotions ----

/** Inserts a promotion; ON CONFLICT (the author's key, or the work's running one) DO NOTHING. @returns it or null */
export async function insertPromotion(
  tx: Db,
  row: typeof promotions.$inferInsert,
): Promise<PromotionRow | null> {
  const [inserted] = await tx.insert(promotions).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The author's promotion created with `key`, or null. */
export async function promotionByKey(db: Db, userId: number, key: string): Promise<PromotionRow | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.userId, userId), eq(promotions.key, key)))
    .limit(1);
  return row ?? null;
}

/** One promotion by id, or null; `forUpdate` locks the row. */
export async function promotionById(db: Db, id: number, forUpdate = false): Promise<PromotionRow | null> {
  const q = db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** The running promotion of a work, or null. */
export async function runningPromotionOf(db: Db, contentId: number): Promise<PromotionRow | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.contentId, contentId), eq(promotions.state, 'running')))
    .limit(1);
  return row ?? null;
}

/** Ids of the running promotions, oldest first. */
export async function runningPromotionIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(eq(promotions.state, 'running'))
    .orderBy(promotions.id);
  return rows.map((r) => r.id);
}

/** Changes a promotion's fields (the caller holds its lock). @returns the row as updated */
export async function updatePromotion(
  tx: Db,
  id: number,
  patch: Partial<Omit<typeof promotions.$inferInsert, 'id' | 'userId' | 'contentId' | 'key'>>,
): Promise<PromotionRow> {
  const [row] = await tx.update(promotions).set(patch).where(eq(promotions.id, id)).returning();
  return row!;
}
