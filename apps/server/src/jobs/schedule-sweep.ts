import type { ContentStatus, ContentType } from '@cc/contracts';
import type { Db } from '../db/client.js';
import { publishScheduledAlbum } from '../modules/album/album.service.js';
import { publishScheduledArticle } from '../modules/content/content.service.js';
import { publishScheduledDynamic } from '../modules/dynamic/dynamic.service.js';
import { publishScheduledVideo } from '../modules/video/video.service.js';
import { findDueSchedules } from '../read-models/due-schedules.js';

/** The sweep runs every minute (cron, UTC), and once when the server starts. */
export const SCHEDULE_SWEEP_CRON = '* * * * *';
/** The publisher of each type that can be scheduled: publishes (or rejects) one due work, null when nothing to do. */
const SCHEDULED_PUBLISHERS: Partial<
  Record<ContentType, (db: Db, id: number, now: Date) => Promise<ContentStatus | null>>
> = {
  article: (db, id, now) => publishScheduledArticle(db, id, undefined, now),
  album: (db, id, now) => publishScheduledAlbum(db, id, undefined, now),
  dynamic: (db, id, now) => publishScheduledDynamic(db, id, undefined, now),
  video: (db, id, now) => publishScheduledVideo(db, id, undefined, now),
  smallVideo: (db, id, now) => publishScheduledVideo(db, id, undefined, now),
};

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
      const publish = SCHEDULED_PUBLISHERS[work.type];
      const status = publish ? await publish(db, work.id, now) : null;
      if (status === null) skipped.add(work.id);
      else done += 1;
    }
    if (due.length < PAGE) return done;
  }
}
