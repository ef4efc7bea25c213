import { purgeExpired } from '../modules/tracking/tracking.service.js';
import type { AreaJob } from './area-jobs.js';

/**
 * Scheduled jobs of the tracking points (issue #15): `tracking-purge` deletes events older than
 * `TRACKING_RETENTION_DAYS` (180) every night at 03:40 REPORT_TZ, and once at start. Safe to repeat.
 */
export const trackingJobs: AreaJob[] = [
  {
    name: 'tracking-purge',
    cron: '40 3 * * *',
    reportTz: true,
    atStart: true,
    run: async (db, now) => ({ purged: await purgeExpired(db, now) }),
  },
];
