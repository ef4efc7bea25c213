import { runGradeDaily } from '../modules/growth/growth.service.js';
import type { AreaJob } from './area-jobs.js';

/**
 * The daily grade job (issue #14 "Grades": "recomputed daily by a job with history"): at 00:20 REPORT_TZ — after
 * the influence index (00:10), when the closed day's events and rollups are in — each author's points of the closed
 * day by POINT_RULES go into the growth ledger and the grade is re-evaluated (history, `users.grade`, a message).
 * Not at start: a run computes every day of the last week it has not finished, so the next 00:20 catches up a day
 * missed while the server was down, and a repeat adds nothing (`runGradeDaily`).
 */
export const GRADE_DAILY_CRON = '20 0 * * *';

/** Scheduled jobs of the growth area (issue #14); see AreaJob. */
export const growthJobs: AreaJob[] = [
  {
    name: 'grade-daily',
    cron: GRADE_DAILY_CRON,
    reportTz: true,
    async run(db, now, ctx) {
      const { days } = await runGradeDaily(db, now, { reportTz: ctx.reportTz });
      return {
        days: days.map((d) => d.day),
        points: days.reduce((a, d) => a + d.points, 0),
        gradesChanged: days.reduce((a, d) => a + d.changed, 0),
      };
    },
  },
];
