import type { Db } from '../db/client.js';
import { businessJobs } from './business.js';
import { creditJobs } from './credit.js';
import { growthJobs } from './growth.js';
import { promotionJobs } from './promotion.js';
import { activityJobs } from './activity.js';
import { trackingJobs } from './tracking.js';

/**
 * Scheduled jobs of the growth and business areas (issue #14), each declared as data in its area's file and
 * registered by `startJobs` (jobs/index.ts): a pg-boss queue per job, a cron schedule (in `REPORT_TZ` when
 * `reportTz` is set) and, with `atStart`, one run when the server starts (to catch up what came due while it
 * was down). A run must be safe to repeat: pg-boss retries a failed one.
 */
export interface AreaJob {
  /** the queue's name, kebab-case, e.g. `grade-daily` */
  name: string;
  /** five-field cron */
  cron: string;
  /** true: the cron is read in `REPORT_TZ` (else UTC) */
  reportTz?: boolean;
  /** true: also run once at start */
  atStart?: boolean;
  /**
   * One run. @param now the wall clock; @param ctx.reportTz the report time zone
   * @returns a summary for the log (e.g. `{ closed: 3 }`)
   */
  run(db: Db, now: Date, ctx: { reportTz: string }): Promise<Record<string, unknown>>;
}

/** Every area job (issue #14). */
export const AREA_JOBS: readonly AreaJob[] = [
  ...growthJobs,
  ...creditJobs,
  ...businessJobs,
  ...promotionJobs,
  ...trackingJobs,
  ...activityJobs,
];
