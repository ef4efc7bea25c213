import type { Db } from '../db/client.js';
import { publishScheduledArticle } from '../modules/content/content.service.js';
import { publishScheduledVideo } from '../modules/video/video.service.js';
import { findDueSchedules } from '../read-models/due-schedules.js';

/** The sweep runs every minute (cron, UTC), and once when the server starts. */
export const SCHEDULE_SWEEP_CRON = '* * * * *';
/** Works published per page of the sweep. */
const PAGE = 100;

/**
 * Publishes every scheduled work whose time has passed (issue #10 "Scheduling for every type", API.md §13
 * "A scheduled work publishes at its time even when the server was down or restarted in between"). The job
 * queued for each schedule's time does this on time; the sweep catches what it missed: a crash between
 * saving the schedule and queueing its job, a job lost with the queue, a server down at the time. Each work
 * is published (or rejected, with its message) by its type's own publisher in its own transaction, which
 * re-checks the status, so the job and the sweep never publish one work twice.
 * @param now the clock (tests pass one)
 * @returns how many works left `scheduled`
 */
export async function sweepDueSchedules(db: Db, now = new Date()): Promise<number> {
  let done = 0;
  const skipped = new Set<number>();
  for (;;) {
    const due = (await findDueSchedules(db, now, PAGE + skipped.size)).filter((d) => !skipped.has(d.id));
    if (due.length === 0) return done;
    for (const work of due) {
      const status =
        work.type === 'video' || work.type === 'smallVideo'
          ? await publishScheduledVideo(db, work.id, undefined, now)
          : work.type === 'article'
            ? await publishScheduledArticle(db, work.id, undefined, now)
            : null;
      if (status === null) skipped.add(work.id);
      else done += 1;
    }
    if (due.length < PAGE) return done;
  }
}
