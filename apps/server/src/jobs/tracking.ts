import type { AreaJob } from './area-jobs.js';

/** Scheduled jobs of this area (issue #15); see AreaJob. */
export const trackingJobs: AreaJob[] = [];
