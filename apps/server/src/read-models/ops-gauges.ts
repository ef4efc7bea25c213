import { max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { influenceDaily } from '../modules/analytics/analytics.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: SELECT only): the gauges `/metrics` reads
 * at scrape time (issue #16 observability, plugins/metrics.ts) — the job queue's depth and the lag of the daily
 * rollup.
 */

/** Jobs waiting per queue: `created` or `retry`, start time passed. */
export interface QueueDepth {
  queue: string;
  waiting: number;
}

/**
 * Jobs ready to run and not yet taken, per pg-boss queue (the `pgboss.job` table pg-boss 10 keeps in the same
 * database; jobs scheduled for later — `start_after` in the future — are not waiting yet).
 * @returns one row per queue with waiting jobs; `[]` when pg-boss has not created its schema
 */
export async function jobQueueDepth(db: Db): Promise<QueueDepth[]> {
  const present = (await db.execute(sql`select to_regclass('pgboss.job') is not null as present`)) as {
    rows: { present: boolean }[];
  };
  if (!present.rows[0]?.present) return [];
  const res = (await db.execute(
    sql`select name as queue, count(*)::int as waiting from pgboss.job
        where state in ('created', 'retry') and start_after <= now() group by name`,
  )) as { rows: QueueDepth[] };
  return res.rows.map((r) => ({ queue: r.queue, waiting: Number(r.waiting) }));
}

/**
 * Seconds from the end of the newest data day that has an influence index (the daily rollup of
 * `influence-daily`, 00:10 `REPORT_TZ`) to `now`. Healthy: under 24 h + the job's 10 minutes; above 26 h the
 * daily rollup is behind. The audience rollups (`work_daily`, `author_daily` …) are written in the ingest
 * transaction itself (issue #12), so they have no lag to report.
 * @param reportTz the IANA zone of a data day (`REPORT_TZ`)
 * @returns seconds, or null when no day has an index yet
 */
export async function influenceRollupLagSeconds(db: Db, reportTz: string, now: Date): Promise<number | null> {
  const [row] = await db.select({ day: max(influenceDaily.day) }).from(influenceDaily);
  if (!row?.day) return null;
  const res = (await db.execute(
    sql`select extract(epoch from (${now.toISOString()}::timestamptz
        - ((${row.day}::date + 1)::timestamp at time zone ${reportTz})))::float8 as lag`,
  )) as { rows: { lag: number }[] };
  return Number(res.rows[0]!.lag);
}
