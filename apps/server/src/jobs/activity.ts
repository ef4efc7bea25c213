import { closeDueActivities } from '../modules/activity/activity.service.js';
import type { AreaJob } from './area-jobs.js';

/**
 * Scheduled jobs of this area (issue #15 "Activities"; see AreaJob): `activity-close` closes entries of every
 * published activity whose entry window has ended, every 5 minutes and once at start. Idempotent: a closed
 * activity is not touched again.
 */
export const activityJobs: AreaJob[] = [
  {
    name: 'activity-close',
    cron: '*/5 * * * *',
    atStart: true,
    async run(db, now) {
      return { closed: await closeDueActivities(db, now) };
    },
  },
];
