import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { maintainAnalytics, type MaintenanceResult } from '../modules/analytics/analytics.service.js';

/**
 * The `analytics-maintenance` job (issue #12): hourly at minute 7 and once at start — the coming days' event
 * partitions, the retention drop (`EVENT_RETENTION_DAYS`), the distinct readers of closed days. The work is
 * the analytics module's (`maintainAnalytics`); this file only schedules it.
 */
export const ANALYTICS_MAINTENANCE_CRON = '7 * * * *';

/**
 * One maintenance run.
 * @param now the clock (tests inject one)
 */
export function runAnalyticsMaintenance(
  db: Db,
  config: Pick<AppConfig, 'reportTz' | 'eventRetentionDays'>,
  now = new Date(),
): Promise<MaintenanceResult> {
  return maintainAnalytics(db, { reportTz: config.reportTz, retentionDays: config.eventRetentionDays }, now);
}
