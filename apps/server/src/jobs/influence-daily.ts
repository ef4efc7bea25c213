import type { Db } from '../db/client.js';
import { type InfluenceRun, runInfluenceDaily } from '../modules/analytics/influence.service.js';

/**
 * The daily influence index and rankings (issue #12): at 00:10 every day in `REPORT_TZ` (pg-boss 10 schedules take
 * a cron and `{ tz }`), ten minutes after the day closes, so the last minute's events are in.
 */
export const INFLUENCE_DAILY_CRON = '10 0 * * *';

/** What the job carries: `catchUp` (sent once at start) fills the recent days that have no index yet. */
export interface InfluenceDailyData {
  catchUp?: boolean;
}

/**
 * Runs the `influence-daily` job: yesterday's index and boards (replacing what the day had), or with `catchUp` the
 * missing days of the last week (docs/api.md "Influence index and rankings").
 * @param now the wall clock (the day is computed in `reportTz`)
 * @returns the days computed
 */
export function runInfluenceJob(
  db: Db,
  now: Date,
  reportTz: string,
  data: InfluenceDailyData,
): Promise<InfluenceRun[]> {
  return runInfluenceDaily(db, now, { reportTz }, { catchUp: data.catchUp === true });
}
