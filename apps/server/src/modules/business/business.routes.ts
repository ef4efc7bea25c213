import {
  cancelOrderParamSchema,
  createOrderParamSchema,
  declineOrderParamSchema,
  deliverableWorksSchema,
  deliverOrderParamSchema,
  emptyParamSchema,
  idParamSchema,
  opsOrderListParamSchema,
  opsOrderListSchema,
  orderDetailSchema,
  orderListParamSchema,
  orderListSchema,
  orderSummarySchema,
  reviewOrderParamSchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { operatorOf } from '../ops/ops.service.js';
import * as service from './business.service.js';

/**
 * Business orders (issue #14; docs/api.md "Business orders"): the author's calls under `/api/business/` and the
 * operators' under `/api/ops/business/` (10005 for authors). `clock` is the server's time.
 */
export default async function businessRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  const options = { reportTz: config.reportTz };
  const tags = ['business'];
  const operator = (request: FastifyRequest) => operatorOf(db, requireUser(request));

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/business/order_list',
      param: orderListParamSchema,
      summary: "The author's business orders, newest first, by state or `closed`",
      tags,
      data: orderListSchema,
    },
    async (p, request) => service.listOrders(db, requireUser(request).id, p),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/business/order_detail',
      param: idParamSchema,
      summary: 'An order with its brief, milestones, deadlines, revisions left, settle date and history',
      tags,
      data: orderDetailSchema,
    },
    async (p, request) => service.getOrderDetail(db, requireUser(request).id, p.id, clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/business/order_summary',
      param: emptyParamSchema,
      summary: 'hasBussinessTask (spec §3), counts, pending and settled money, limits',
      tags,
      data: orderSummarySchema,
    },
    async (_p, request) => service.orderSummary(db, requireUser(request).id),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/business/accept_order',
      param: idParamSchema,
      summary: 'Accept an invitation before its respond-by (credit and grade limits)',
      tags,
      data: orderDetailSchema,
    },
    async (p, request) => service.acceptOrder(db, requireUser(request).id, p.id, clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/business/decline_order',
      param: declineOrderParamSchema,
      summary: 'Decline an invitation with a reason',
      tags,
      data: orderDetailSchema,
    },
    async (p, request) => service.declineOrder(db, requireUser(request).id, p.id, p.reason, clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/business/deliver_order',
      param: deliverOrderParamSchema,
      summary: 'Deliver one of my published works of a fitting type',
      tags,
      data: orderDetailSchema,
    },
    async (p, request) =>
      service.deliverOrder(db, requireUser(request).id, p.id, p.contentId, clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/business/deliverable_works',
      param: idParamSchema,
      summary: 'My published works that may deliver the order',
      tags,
      data: deliverableWorksSchema,
    },
    async (p, request) => service.deliverableWorks(db, requireUser(request).id, p.id),
  );

  // ---- operators ----

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/business/create_order',
      param: createOrderParamSchema,
      summary: 'Invite an author to an order (operators)',
      tags: ['ops', ...tags],
      data: orderDetailSchema,
    },
    async (p, request) => service.createOrder(db, (await operator(request)).id, p, clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/business/order_list',
      param: opsOrderListParamSchema,
      summary: "Every author's orders, newest first (operators)",
      tags: ['ops', ...tags],
      data: opsOrderListSchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsListOrders(db, p);
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/business/order_detail',
      param: idParamSchema,
      summary: 'Any order with its milestones and history (operators)',
      tags: ['ops', ...tags],
      data: orderDetailSchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsOrderDetail(db, p.id, clock(), options);
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/business/review_order',
      param: reviewOrderParamSchema,
      summary: 'Approve a delivered order or ask for a revision (operators)',
      tags: ['ops', ...tags],
      data: orderDetailSchema,
    },
    async (p, request) => service.reviewOrder(db, (await operator(request)).id, p, clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/business/cancel_order',
      param: cancelOrderParamSchema,
      summary: 'Cancel an order before approval (operators)',
      tags: ['ops', ...tags],
      data: orderDetailSchema,
    },
    async (p, request) =>
      service.cancelOrder(db, (await operator(request)).id, p.id, p.note, clock(), options),
  );
}
