import { recoverCleanWeek } from '../modules/credit/credit.service.js';
import type { AreaJob } from './area-jobs.js';

/**
 * Scheduled jobs of the credit area (issue #14 "recovery per clean week by a job"); see AreaJob.
 * `credit-clean-week`: Mondays 00:30 REPORT_TZ, +1 to every author below 100 without a standing deduction since the
 * start of the week just closed (`recoverCleanWeek`); keyed by the week, so a retry, a second run or the catch-up
 * run at start gives nothing twice.
 */
export const creditJobs: AreaJob[] = [
  {
    name: 'credit-clean-week',
    cron: '30 0 * * 1',
    reportTz: true,
    atStart: true,
    run: (db, now, ctx) => recoverCleanWeek(db, now, ctx.reportTz),
  },
];
