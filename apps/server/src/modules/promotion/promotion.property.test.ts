import { promotionCreateParamSchema } from '@cc/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { contents, coupons, promotions, walletEntries } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createArticle, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { getWalletBalance, postWalletEntry } from '../wallet/wallet.service.js';
import { createPromotion, grantCoupon, runDelivery, stopPromotion } from './promotion.service.js';

// issue #14 "Spending is idempotent and never goes below zero" / "a property test that no sequence of actions
// makes a balance negative or grants a reward twice": random sequences of coupon grants, promotion creates,
// promoted traffic, delivery ticks, stops and work deletions — keys repeated — never make the wallet negative,
// use a coupon twice, refund more than the cash paid or more than once, or spend more than a budget.
const t = useTestApp();
const MIN = 60_000;
let clock = new Date();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => clock });
  await app.ready();
});
afterAll(() => app.close());

let seq = 0;
/** `n` promoted impressions and views of distinct readers at the clock; every 8th reader then follows. */
async function sendViews(promotionId: number, contentId: number, authorId: number, n: number) {
  if (n === 0) return;
  const at = clock.toISOString();
  const events: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const readerId = `prop-r${++seq}`;
    events.push({
      eventId: `prop-${process.pid}-${seq}-xxxxxxxx`,
      type: i % 3 === 0 ? 'impression' : 'view',
      at,
      readerId,
      contentId,
      promotionId,
    });
    if (i % 8 === 0)
      events.push({ eventId: `prop-${process.pid}-${seq}-follow`, type: 'follow', at, readerId, authorId });
  }
  const res = await app.inject({
    method: 'POST',
    url: '/open/events',
    headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify({ events }),
  });
  expect(res.statusCode).toBe(200);
}

const action = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      key: fc.integer({ min: 0, max: 3 }),
      valueFen: fc.integer({ min: 1, max: 8000 }),
      minSpendFen: fc.integer({ min: 0, max: 5000 }),
      validMin: fc.integer({ min: -30, max: 600 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      work: fc.integer({ min: 0, max: 1 }),
      coupon: fc.option(fc.integer({ min: 0, max: 3 })),
      budgetFen: fc.integer({ min: 1000, max: 6000 }),
      hours: fc.constantFrom(6, 12, 24),
      goal: fc.constantFrom('views' as const, 'fans' as const),
      key: fc.integer({ min: 0, max: 4 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('traffic' as const),
      work: fc.integer({ min: 0, max: 1 }),
      n: fc.integer({ min: 0, max: 800 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      advanceMin: fc.integer({ min: 0, max: 300 }),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('stop' as const), key: fc.integer({ min: 0, max: 4 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), work: fc.integer({ min: 0, max: 1 }) }),
  },
);

describe('property: promotions never overspend, double-spend or double-refund', () => {
  it('holds for random sequences of grants, creates, traffic, ticks, stops and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(0) },
          { weight: 4, arbitrary: fc.integer({ min: 1, max: 40_000 }) },
        ),
        fc.array(action, { minLength: 4, maxLength: 24, size: 'medium' }),
        async (funded, actions) => {
          const tz = t.config.reportTz;
          const u = await createUser(t.db, t.config);
          if (funded > 0)
            await t.db.transaction((tx) =>
              postWalletEntry(tx, {
                userId: u.id,
                amountFen: funded,
                kind: 'operator_adjustment',
                ref: 'p',
                key: 'fund',
              }),
            );
          const works = [
            await createArticle(t.db, u.id, { status: 'published', publishedAt: clock }),
            await createArticle(t.db, u.id, { status: 'published', publishedAt: clock }),
          ];
          const couponIds = new Map<number, number>();
          const promotionIds = new Map<number, number>();
          /** expected refusals are AppErrors; anything else fails the property */
          const attempt = async (fn: () => Promise<unknown>) => {
            try {
              return await fn();
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              return null;
            }
          };
          for (const a of actions) {
            if (a.kind === 'grant') {
              const granted = await t.db.transaction((tx) =>
                grantCoupon(tx, {
                  userId: u.id,
                  valueFen: a.valueFen,
                  minSpendFen: a.minSpendFen,
                  expiresAt: new Date(clock.getTime() + a.validMin * MIN),
                  source: 'task',
                  sourceRef: `task:${a.key}`,
                  key: `task:${a.key}`,
                }),
              );
              couponIds.set(a.key, granted.couponId);
            } else if (a.kind === 'create') {
              const couponId = a.coupon === null ? undefined : couponIds.get(a.coupon);
              const param = promotionCreateParamSchema.parse({
                contentId: works[a.work]!.id,
                goal: a.goal,
                hours: a.hours,
                budgetFen: a.budgetFen,
                ...(couponId === undefined ? {} : { couponId }),
                key: `p${a.key}`,
              });
              const made = (await attempt(() => createPromotion(t.db, u.id, param, clock))) as {
                id: number;
              } | null;
              if (made) promotionIds.set(a.key, made.id);
            } else if (a.kind === 'traffic') {
              const [latest] = await t.db
                .select()
                .from(promotions)
                .where(eq(promotions.contentId, works[a.work]!.id))
                .orderBy(desc(promotions.id));
              if (latest) await sendViews(latest.id, latest.contentId, u.id, a.n);
            } else if (a.kind === 'tick') {
              clock = new Date(clock.getTime() + a.advanceMin * MIN);
              await runDelivery(t.db, clock, tz);
              if (a.twice) await runDelivery(t.db, clock, tz);
            } else if (a.kind === 'stop') {
              const id = promotionIds.get(a.key);
              if (id !== undefined) await attempt(() => stopPromotion(t.db, u.id, id, clock, tz));
            } else {
              await t.db
                .update(contents)
                .set({ status: 'deleted', deletedAt: clock })
                .where(eq(contents.id, works[a.work]!.id));
            }
          }
          // everything ends in the end
          clock = new Date(clock.getTime() + 25 * 60 * MIN);
          await runDelivery(t.db, clock, tz);
          await runDelivery(t.db, clock, tz);

          const entries = await t.db.select().from(walletEntries).where(eq(walletEntries.userId, u.id));
          const mine = await t.db.select().from(promotions).where(eq(promotions.userId, u.id));
          const myCoupons = await t.db.select().from(coupons).where(eq(coupons.userId, u.id));
          // the wallet never went negative and is the sum of its ledger
          let running = 0;
          for (const e of [...entries].sort((x, y) => x.id - y.id)) {
            running += e.amountFen;
            expect(running).toBeGreaterThanOrEqual(0);
          }
          expect(await getWalletBalance(t.db, u.id)).toBe(running);
          for (const p of mine) {
            expect(p.state).toBe('ended');
            expect(p.couponFen + p.cashFen).toBe(p.budgetFen);
            expect(p.spentFen).toBeLessThanOrEqual(p.budgetFen);
            expect(p.refundedFen).toBeLessThanOrEqual(p.cashFen);
            expect(p.refundedFen).toBe(Math.max(0, Math.min(p.cashFen, p.budgetFen - p.spentFen)));
            const spends = entries.filter((e) => e.key === `promotion:${p.id}:spend`);
            const refunds = entries.filter((e) => e.key === `promotion:${p.id}:refund`);
            expect(spends.map((e) => e.amountFen)).toEqual(p.cashFen > 0 ? [-p.cashFen] : []);
            expect(refunds.map((e) => e.amountFen)).toEqual(p.refundedFen > 0 ? [p.refundedFen] : []);
          }
          // a coupon pays at most one promotion, and a used coupon names it
          for (const c of myCoupons) {
            const paid = mine.filter((p) => p.couponId === c.id);
            expect(paid.length).toBeLessThanOrEqual(1);
            if (paid.length === 1) expect(c).toMatchObject({ state: 'used', promotionId: paid[0]!.id });
            else expect(c.state).not.toBe('used');
          }
          // the ledger's promotion postings are exactly the promotions' cash and refunds
          const net = mine.reduce((s, p) => s - p.cashFen + p.refundedFen, 0);
          expect(running).toBe(funded + net);
        },
      ),
      { numRuns: 40 },
    );
  });
});
