import {
  couponDetailSchema,
  couponListParamSchema,
  couponListSchema,
  idParamSchema,
  openPromotionListSchema,
  opsCouponItemSchema,
  opsCouponListParamSchema,
  opsCouponListSchema,
  opsGrantCouponParamSchema,
  promotionCreateParamSchema,
  promotionDetailSchema,
  promotionItemSchema,
  promotionListParamSchema,
  promotionListSchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { envelopeResponses } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { operatorOf } from '../ops/ops.service.js';
import * as service from './promotion.service.js';

/**
 * Growth coupons and promotion (issue #14 "Coupons and promotion"; docs/api.md "Coupons and promotion"): the
 * author's coupons and promotions, the operators' coupon grants, and `GET /open/promotions` for the reader sites
 * (header `x-site-key`, checked by the security plugin like every `/open/` call). `clock` is the server's time.
 */
export default async function promotionRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  const tz = config.reportTz;
  const tags = ['promotion'];

  app.get(
    '/open/promotions',
    {
      schema: {
        summary: 'The promotions a reader site should deliver now (issue #14): header x-site-key',
        tags: ['open'],
        response: envelopeResponses(openPromotionListSchema),
      },
    },
    async () => service.openPromotions(db, clock()),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/promotion/create',
      param: promotionCreateParamSchema,
      summary: 'Promote one of my published works, paid by a coupon and the wallet (idempotent by key)',
      tags,
      data: promotionItemSchema,
    },
    async (p, request) => service.createPromotion(db, requireUser(request).id, p, clock()),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/promotion/stop',
      param: idParamSchema,
      summary: 'Stop a running promotion early: charged for what it delivered, the rest refunded',
      tags,
      data: promotionItemSchema,
    },
    async (p, request) => service.stopPromotion(db, requireUser(request).id, p.id, clock(), tz),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/promotion/list',
      param: promotionListParamSchema,
      summary: 'My promotions with their delivery, spend and cost per view and per new fan',
      tags,
      data: promotionListSchema,
    },
    async (p, request) => service.listPromotions(db, requireUser(request).id, p),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/promotion/detail',
      param: idParamSchema,
      summary: 'One promotion: delivery, promoted vs natural traffic and the hourly series',
      tags,
      data: promotionDetailSchema,
    },
    async (p, request) => service.promotionDetail(db, requireUser(request).id, p.id, clock(), tz),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/promotion/coupon_list',
      param: couponListParamSchema,
      summary: 'My coupons (available, used, expired)',
      tags,
      data: couponListSchema,
    },
    async (p, request) => service.listCoupons(db, requireUser(request).id, p, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/promotion/coupon_detail',
      param: idParamSchema,
      summary: 'One of my coupons and the promotion it paid',
      tags,
      data: couponDetailSchema,
    },
    async (p, request) => service.couponDetail(db, requireUser(request).id, p.id, clock()),
  );

  const operator = (request: FastifyRequest) => operatorOf(db, requireUser(request));

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/promotion/grant_coupon',
      param: opsGrantCouponParamSchema,
      summary: "Grant a coupon to an author's account (operators; idempotent by key)",
      tags: ['ops'],
      data: opsCouponItemSchema,
    },
    async (p, request) => {
      const user = await operator(request);
      return service.opsGrantCoupon(db, user.id, p, clock(), tz);
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/promotion/coupon_list',
      param: opsCouponListParamSchema,
      summary: "Every author's coupons, newest first (operators)",
      tags: ['ops'],
      data: opsCouponListSchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsCouponList(db, p, clock());
    },
  );
}
