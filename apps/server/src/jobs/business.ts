import { expireDueOrders, settleDueOrders } from '../modules/business/business.service.js';
import type { AreaJob } from './area-jobs.js';

/**
 * Scheduled jobs of the business area (issue #14); see AreaJob. `business-orders`: every 5 minutes and at start,
 * expires orders whose respond-by or deliver-by passed and settles approved orders whose settle-on day (T+3,
 * REPORT_TZ) has come into the wallet — exactly once per order (the state under the row lock and the wallet key
 * `order:<id>`), so a repeated or retried run changes nothing more.
 */
export const businessJobs: AreaJob[] = [
  {
    name: 'business-orders',
    cron: '*/5 * * * *',
    atStart: true,
    async run(db, now, ctx) {
      const expired = await expireDueOrders(db, now, ctx);
      const settled = await settleDueOrders(db, now, ctx);
      return { expired, settled };
    },
  },
];
