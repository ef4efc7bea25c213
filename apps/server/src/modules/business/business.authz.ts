import type { AuthzCasesOf } from '../../test/authz-cases.js';
import { createPublishedWork, createTestOrder } from './business.fixtures.js';

const OPS = 'operators only (10005 for authors, tested in business.routes.test.ts)';

/**
 * The business area's rows of the authorization matrix (issue #14; test/authz-cases.ts): every author's call that
 * names an order answers 10006 for another author's order (and deliver_order for another author's work, tested in
 * business.routes.test.ts).
 */
export const businessAuthzCases: AuthzCasesOf = (t) => ({
  matrix: {
    'GET /api/business/order_detail': async (c) => {
      const order = await createTestOrder(t, c.owner.user.id);
      return t.get('/api/business/order_detail', { id: order.id }, c.intruder);
    },
    'POST /api/business/accept_order': async (c) => {
      const order = await createTestOrder(t, c.owner.user.id);
      return t.post('/api/business/accept_order', { id: order.id }, c.intruder, { json: true });
    },
    'POST /api/business/decline_order': async (c) => {
      const order = await createTestOrder(t, c.owner.user.id);
      return t.post('/api/business/decline_order', { id: order.id, reason: '档期冲突' }, c.intruder, {
        json: true,
      });
    },
    'POST /api/business/deliver_order': async (c) => {
      const order = await createTestOrder(t, c.owner.user.id);
      const work = await createPublishedWork(t.db, c.intruder.user.id);
      return t.post('/api/business/deliver_order', { id: order.id, contentId: work.id }, c.intruder, {
        json: true,
      });
    },
    'GET /api/business/deliverable_works': async (c) => {
      const order = await createTestOrder(t, c.owner.user.id);
      return t.get('/api/business/deliverable_works', { id: order.id }, c.intruder);
    },
  },
  notResource: {
    'GET /api/business/order_list': "the caller's own orders",
    'GET /api/business/order_summary': "the caller's own counts, money and limits",
    'POST /api/ops/business/create_order': OPS,
    'GET /api/ops/business/order_list': OPS,
    'GET /api/ops/business/order_detail': OPS,
    'POST /api/ops/business/review_order': OPS,
    'POST /api/ops/business/cancel_order': OPS,
  },
});
