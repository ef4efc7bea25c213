import { randomUUID } from 'node:crypto';
import type { AuthzCasesOf } from '../../test/authz-cases.js';
import { createArticle } from '../../test/factories.js';
import { testCoupon, testPromotion } from './test-support.js';

/** The promotion area's rows of the authorization matrix (issue #14; test/authz-cases.ts). */
export const promotionAuthzCases: AuthzCasesOf = (t) => ({
  matrix: {
    'POST /api/promotion/create': async (c) => {
      // the owner's published work, paid by the intruder's own coupon: still "no such work of yours"
      const work = await createArticle(t.db, c.owner.userId, {
        status: 'published',
        publishedAt: new Date(),
      });
      const couponId = await testCoupon(t.db, c.intruder.userId, { valueFen: 10_000 });
      return t.post(
        '/api/promotion/create',
        { contentId: work.id, goal: 'views', hours: 6, budgetFen: 10_000, couponId, key: randomUUID() },
        c.intruder,
        { json: true },
      );
    },
    'POST /api/promotion/stop': async (c) =>
      t.post('/api/promotion/stop', { id: await testPromotion(t.db, c.owner.userId) }, c.intruder, {
        json: true,
      }),
    'GET /api/promotion/detail': async (c) =>
      t.get('/api/promotion/detail', { id: await testPromotion(t.db, c.owner.userId) }, c.intruder),
    'GET /api/promotion/coupon_detail': async (c) =>
      t.get('/api/promotion/coupon_detail', { id: await testCoupon(t.db, c.owner.userId) }, c.intruder),
  },
  notResource: {
    'GET /api/promotion/list':
      "own promotions: the filters narrow the caller's own (another's ids match nothing)",
    'GET /api/promotion/coupon_list': "own coupons: the filters narrow the caller's own",
    'POST /api/ops/promotion/grant_coupon': 'operators only (10005 for authors): grants to any account',
    'GET /api/ops/promotion/coupon_list': "operators only (10005 for authors): every author's coupons",
    'GET /open/promotions': 'reader sites (x-site-key): the running promotions are public by design',
  },
});
