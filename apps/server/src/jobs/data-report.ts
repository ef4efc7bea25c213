import type { Db } from '../db/client.js';
import { dueReportWeek, generateWeeklyReports } from '../modules/analytics/report.service.js';

/** The weekly reports are made on Mondays at 09:00 (cron, read in `REPORT_TZ`: pg-boss's `tz` schedule option). */
export const DATA_REPORT_CRON = '0 9 * * 1';

/**
 * One run of the `data-report` job (issue #12 `dataReport`): the reports of the week that ended (Monday–Sunday in
 * `tz`, `dueReportWeek`) for every author with data, each once with its message (`generateWeeklyReports` in
 * modules/analytics/report.service.ts; a second run, or a second server, makes nothing new).
 * @param tz `REPORT_TZ`
 * @param now the clock (tests pass one)
 * @returns the week and how many reports were made
 */
export async function runDataReports(
  db: Db,
  tz: string,
  now = new Date(),
): Promise<{ weekStart: string; authors: number; created: number }> {
  const weekStart = dueReportWeek(now, tz);
  return { weekStart, ...(await generateWeeklyReports(db, weekStart, now)) };
}
