import { PROMOTION_PRICE_PER_VIEW_FEN } from '@cc/contracts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { createArticle } from '../../test/factories.js';
import { grantCoupon } from './promotion.service.js';
import { promotions } from './promotion.schema.js';

/*
 * Test data of the promotion area (tests only): coupons through `grantCoupon`, promotions straight into the
 * table (a running promotion of a fresh published article, paid by nobody) for tests that need one to exist.
 */

/** A fresh available coupon of `userId` (value 50 yuan, no minimum spend, valid for 30 days). */
export async function testCoupon(
  db: Db,
  userId: number,
  fields: Partial<{ valueFen: number; minSpendFen: number; expiresAt: Date }> = {},
): Promise<number> {
  const { couponId } = await db.transaction((tx) =>
    grantCoupon(tx, {
      userId,
      valueFen: fields.valueFen ?? 5000,
      minSpendFen: fields.minSpendFen ?? 0,
      expiresAt: fields.expiresAt ?? new Date(Date.now() + 30 * 86_400_000),
      source: 'operator',
      sourceRef: 'operator:test',
      key: `test:${randomUUID()}`,
    }),
  );
  return couponId;
}

/** A running promotion of a new published article of `userId` (budget 100 yuan, 24 h from now). @returns its id */
export async function testPromotion(db: Db, userId: number): Promise<number> {
  const work = await createArticle(db, userId, { status: 'published', publishedAt: new Date() });
  const now = new Date();
  const [row] = await db
    .insert(promotions)
    .values({
      userId,
      contentId: work.id,
      goal: 'views',
      hours: 24,
      budgetFen: 10_000,
      couponFen: 10_000,
      cashFen: 0,
      pricePerViewFen: PROMOTION_PRICE_PER_VIEW_FEN,
      key: `test:${randomUUID()}`,
      startsAt: now,
      endsAt: new Date(now.getTime() + 24 * 3_600_000),
    })
    .returning();
  return row!.id;
}
