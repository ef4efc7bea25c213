import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { AppConfig } from '../config.js';
import type { DbHandle } from '../db/client.js';
import {
  cleanupExpiredUploads,
  type FileServiceDeps,
  releaseUpload,
  runVideoProbe,
} from '../modules/fileservice/fileservice.service.js';
import { publishScheduledVideo } from '../modules/video/video.service.js';
import { AUTH_PURGE_CRON, runAuthPurge } from './auth-purge.js';
import { SCHEDULE_SWEEP_CRON, sweepDueSchedules } from './schedule-sweep.js';
import { LIVE_REMINDER_CRON, runLiveReminders } from './live-reminder.js';
import { DATA_REPORT_CRON, runDataReports } from './data-report.js';
import { ANALYTICS_MAINTENANCE_CRON, runAnalyticsMaintenance } from './analytics-maintenance.js';
import { INFLUENCE_DAILY_CRON, type InfluenceDailyData, runInfluenceJob } from './influence-daily.js';
import { JOB_NAMES, type JobName, type JobQueue } from './queue.js';
import { AREA_JOBS } from './area-jobs.js';
import { sweepOrphanStaging } from './upload-staging-sweep.js';

/**
 * The background queue (ARCHITECTURE.md `src/jobs/`): pg-boss 10 in the application's own database —
 * PGlite in the embedded default, PostgreSQL at scale — through pg-boss's `db` option, so there is one
 * connection pool and no second connection string. On PGlite, SQL without parameters goes through `exec`
 * (pg-boss sends multi-statement migrations that a prepared `query` refuses), SQL with parameters through
 * `query`. Jobs: `video-probe` (after a merge), `upload-cleanup` (hourly, API.md §7 24 h expiry, then the
 * orphan sweep of the S3 staging, issue #16) and `video-publish` (a scheduled video at its time, issue #3),
 * `schedule-sweep` (every minute and at start: scheduled works whose time passed, issue #10), `live-reminder`
 * (every minute: live shows starting within 15 minutes, issue #10), `auth-purge` (hourly, issue #7: expired
 * sessions, stale auth attempts, expired upload tokens) and `upload-release` (the file a video swapped out,
 * once nothing plays it: issue #8 item 1) and `analytics-maintenance` (hourly and at start: event partitions
 * ahead, the retention drop, closed days' distinct readers; issue #12) and `data-report` (Mondays 09:00 REPORT_TZ:
 * the weekly data reports and their messages; issue #12).
 *
 * With several servers (issue #16) every server works every queue, and each job runs once: pg-boss hands a job
 * to one worker (`FOR UPDATE SKIP LOCKED`), a cron is sent once per minute by whichever server holds the cron
 * slot (its `singletonKey` per schedule), and the catch-up runs sent at start are one per window
 * (`sendAtStart`). A job that can meet another run of the same work (the `video-publish` job and the
 * `schedule-sweep`) re-checks the work under its row lock.
 */

/** How often an idle worker asks for work, seconds (pg-boss 10's minimum is 0.5). */
const POLL_SECONDS = 1;
/** Cleanup runs at minute 17 of every hour (cron, UTC). */
export const CLEANUP_CRON = '17 * * * *';

type SqlResult = { rows: unknown[] };

/**
 * Window (seconds) in which the at-start runs of a job sent by several servers are one run (issue #16): N
 * servers starting together (a deploy) queue the catch-up once, not N times in parallel.
 */
export const AT_START_SINGLETON_SECONDS = 300;

/**
 * Queues the catch-up run of `name` a server makes when it starts, at most once per
 * `AT_START_SINGLETON_SECONDS` window across all servers (pg-boss `singletonKey` + `singletonSeconds`: a
 * unique index on the job table drops the later sends of the window, whichever server sends them).
 * @returns the job id, or null when another server already queued this window's run
 */
export function sendAtStart(boss: PgBoss, name: string, data: object): Promise<string | null> {
  return boss.send(name, data, { singletonKey: 'at-start', singletonSeconds: AT_START_SINGLETON_SECONDS });
}

/** pg-boss's `db` adapter over the application's own database handle. */
export function pgBossDb(handle: DbHandle): {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
} {
  // drizzle keeps the driver's client as `$client` (PGlite, or node-postgres' Pool).
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (handle.driver === 'pglite') {
    const lite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return { rows: (await lite.query(text, values)).rows };
        const results = await lite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return {
    async executeSql(text, values) {
      return { rows: (await pool.query(text, values)).rows as unknown[] };
    },
  };
}

/**
 * Creates the queue and ties it to the app's life: pg-boss starts (creating its `pgboss` schema if needed)
 * and the workers begin on `onReady`, and stop before the database closes (`preClose`).
 * @param deps what the job handlers need (the file service's dependencies, minus the queue itself)
 * @param config `loginRateLimit.windowMinutes` tells `auth-purge` which attempts are stale
 *   (and `reportTz` is the time zone of the `data-report` schedule, Mondays 09:00)
 * @returns the queue modules send to
 */
export function startJobs(
  app: FastifyInstance,
  handle: DbHandle,
  deps: Omit<FileServiceDeps, 'jobs'>,
  config: Pick<AppConfig, 'loginRateLimit' | 'reportTz' | 'eventRetentionDays'>,
): JobQueue {
  // WARNING: pg-boss's graceful stop can still settle a timed-out job (`fail`) after it resolves, and that
  // late SQL would hit a closed pool as an unhandled rejection. Once stopped, its SQL is dropped: the job
  // stays active in the table and pg-boss expires and retries it on the next start.
  const db = pgBossDb(handle);
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        stopped ? Promise.resolve({ rows: [] }) : db.executeSql(text, values),
    },
    schema: 'pgboss',
    // PGlite is one connection in this process: keep pg-boss's own housekeeping modest.
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  let started = false;
  const queue: JobQueue = {
    async send(name: JobName, data: Record<string, unknown>, opts: { startAfter?: Date } = {}) {
      if (!started) throw new Error('job queue not started');
      await boss.send(name, data, {
        retryLimit: 3,
        retryDelay: 10,
        retryBackoff: true,
        expireInMinutes: 60,
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      });
    },
  };
  const fileDeps: FileServiceDeps = { ...deps, jobs: queue };

  app.addHook('onReady', async () => {
    await boss.start();
    for (const name of Object.values(JOB_NAMES)) await boss.createQueue(name);
    await boss.work<{ key: string }>(
      JOB_NAMES.videoProbe,
      { pollingIntervalSeconds: POLL_SECONDS },
      async (jobs) => {
        for (const job of jobs) await runVideoProbe(fileDeps, job.data.key);
      },
    );
    await boss.work(JOB_NAMES.uploadCleanup, { pollingIntervalSeconds: 30 }, async () => {
      const removed = await cleanupExpiredUploads(fileDeps);
      if (removed.length) app.log.info({ removed: removed.length }, 'expired uploads removed');
      const orphans = await sweepOrphanStaging(handle.db, fileDeps.staging);
      if (orphans.length) app.log.info({ orphans: orphans.length }, 'orphaned upload staging removed');
    });
    await boss.schedule(JOB_NAMES.uploadCleanup, CLEANUP_CRON);
    await boss.work(JOB_NAMES.authPurge, { pollingIntervalSeconds: 30 }, async () => {
      const purged = await runAuthPurge(handle.db, config);
      app.log.info({ purged }, 'expired sign-in rows purged');
    });
    await boss.schedule(JOB_NAMES.authPurge, AUTH_PURGE_CRON);
    await boss.work<{ userId: number; key: string; swappedAt: string }>(
      JOB_NAMES.uploadRelease,
      { pollingIntervalSeconds: POLL_SECONDS },
      async (jobs) => {
        for (const { data } of jobs) {
          await releaseUpload(fileDeps, data.userId, data.key, new Date(data.swappedAt));
        }
      },
    );
    await boss.work<{ id: number }>(
      JOB_NAMES.videoPublish,
      { pollingIntervalSeconds: POLL_SECONDS },
      async (jobs) => {
        for (const job of jobs) await publishScheduledVideo(handle.db, job.data.id);
      },
    );
    await boss.work(JOB_NAMES.scheduleSweep, { pollingIntervalSeconds: 30 }, async () => {
      const published = await sweepDueSchedules(handle.db);
      if (published) app.log.info({ published }, 'scheduled works published by the sweep');
    });
    await boss.schedule(JOB_NAMES.scheduleSweep, SCHEDULE_SWEEP_CRON);
    await boss.work(JOB_NAMES.liveReminder, { pollingIntervalSeconds: 30 }, async () => {
      const sent = await runLiveReminders(handle.db);
      if (sent) app.log.info({ sent }, 'live show reminders sent');
    });
    await boss.schedule(JOB_NAMES.liveReminder, LIVE_REMINDER_CRON);
    await boss.work(JOB_NAMES.dataReport, { pollingIntervalSeconds: 30 }, async () => {
      const made = await runDataReports(handle.db, config.reportTz);
      app.log.info(made, 'weekly data reports made');
    });
    // WARNING: pg-boss sends a cron only within a minute of its time: a Monday 09:00 no server was up for is not
    // caught up (a run at start would, but every test app starts the queue on the wall clock).
    await boss.schedule(JOB_NAMES.dataReport, DATA_REPORT_CRON, {}, { tz: config.reportTz });
    await boss.work(JOB_NAMES.analyticsMaintenance, { pollingIntervalSeconds: 30 }, async () => {
      const done = await runAnalyticsMaintenance(handle.db, config);
      if (done.dropped.length || done.finalisedDays)
        app.log.info(done, 'analytics maintenance: partitions dropped, readers finalised');
    });
    await boss.schedule(JOB_NAMES.analyticsMaintenance, ANALYTICS_MAINTENANCE_CRON);
    await boss.work<InfluenceDailyData>(
      JOB_NAMES.influenceDaily,
      { pollingIntervalSeconds: 30 },
      async (jobs) => {
        for (const job of jobs) {
          const runs = await runInfluenceJob(handle.db, new Date(), config.reportTz, job.data ?? {});
          if (runs.length)
            app.log.info({ days: runs.map((r) => r.day) }, 'influence index and rankings computed');
        }
      },
    );
    await boss.schedule(JOB_NAMES.influenceDaily, INFLUENCE_DAILY_CRON, {}, { tz: config.reportTz });
    // the growth and business areas' jobs (issue #14), declared as data in jobs/area-jobs.ts
    for (const job of AREA_JOBS) {
      await boss.createQueue(job.name);
      await boss.work(job.name, { pollingIntervalSeconds: 30 }, async () => {
        const summary = await job.run(handle.db, new Date(), { reportTz: config.reportTz });
        app.log.info({ job: job.name, ...summary }, 'area job done');
      });
      await boss.schedule(job.name, job.cron, {}, job.reportTz ? { tz: config.reportTz } : {});
    }
    started = true;
    for (const job of AREA_JOBS) if (job.atStart) await sendAtStart(boss, job.name, {});
    await sendAtStart(boss, JOB_NAMES.analyticsMaintenance, {});
    // once at start: recent days without an influence index (the server was down at 00:10)
    await sendAtStart(boss, JOB_NAMES.influenceDaily, { catchUp: true });
    // once at start: what came due while the server was down is published now, not at the next minute
    await sendAtStart(boss, JOB_NAMES.scheduleSweep, {});
  });
  app.addHook('preClose', async () => {
    if (!started) return;
    started = false;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    stopped = true;
  });
  return queue;
}
