import { expireCoupons, runDelivery } from '../modules/promotion/promotion.service.js';
import type { AreaJob } from './area-jobs.js';

/**
 * Scheduled jobs of the promotion area (issue #14 "Coupons and promotion"); see AreaJob.
 * - `promotion-delivery` (every minute and at start): charges every running promotion for what it delivered and
 *   ends it when its budget is spent, its time is up or its work is no longer published, refunding the unspent
 *   cash once (`runDelivery`);
 * - `coupon-expiry` (daily at 00:05 REPORT_TZ and at start): available coupons past their expiry become
 *   `expired` (`expireCoupons`).
 * Both are safe to repeat.
 */
export const promotionJobs: AreaJob[] = [
  {
    name: 'promotion-delivery',
    cron: '* * * * *',
    atStart: true,
    run: (db, now, ctx) => runDelivery(db, now, ctx.reportTz),
  },
  {
    name: 'coupon-expiry',
    cron: '5 0 * * *',
    reportTz: true,
    atStart: true,
    run: async (db, now) => ({ expired: await expireCoupons(db, now) }),
  },
];
