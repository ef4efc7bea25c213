import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { grantCoupon } from './promotion.service.js';

// issue #14 "Coupons and promotion": grantCoupon, the cross-area call task rewards use.
const t = useTestApp();
const expiresAt = new Date('2027-01-01T00:00:00Z');

describe('grantCoupon', () => {
  it('grants an available coupon once per (author, key); a repeat answers the first and grants nothing', async () => {
    const user = await createUser(t.db, t.config);
    const grant = {
      userId: user.id,
      valueFen: 5000,
      minSpendFen: 10000,
      expiresAt,
      source: 'task' as const,
      sourceRef: 'task:3:2026-W47',
      key: 'task:3:2026-W47',
    };
    const first = await t.db.transaction((tx) => grantCoupon(tx, grant));
    expect(first.repeated).toBe(false);
    const again = await t.db.transaction((tx) => grantCoupon(tx, { ...grant, valueFen: 9999 }));
    expect(again).toEqual({ couponId: first.couponId, repeated: true });
    const rows = await t.db.select().from(coupons).where(eq(coupons.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ valueFen: 5000, minSpendFen: 10000, state: 'available', source: 'task' });
    // the same key for another author is another coupon
    const other = await createUser(t.db, t.config);
    const theirs = await t.db.transaction((tx) => grantCoupon(tx, { ...grant, userId: other.id }));
    expect(theirs.repeated).toBe(false);
    expect(theirs.couponId).not.toBe(first.couponId);
  });

  it('refuses a value of 0 or below, a negative minimum spend and an empty key (10007), granting nothing', async () => {
    const user = await createUser(t.db, t.config);
    const base = {
      userId: user.id,
      valueFen: 100,
      minSpendFen: 0,
      expiresAt,
      source: 'operator' as const,
      sourceRef: 'operator:1',
      key: 'k1',
    };
    for (const bad of [
      { valueFen: 0 },
      { valueFen: -5 },
      { valueFen: 1.5 },
      { minSpendFen: -1 },
      { key: '' },
    ]) {
      const err = await t.db
        .transaction((tx) => grantCoupon(tx, { ...base, ...bad }))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(10007);
    }
    expect(await t.db.select().from(coupons).where(eq(coupons.userId, user.id))).toHaveLength(0);
  });
});
