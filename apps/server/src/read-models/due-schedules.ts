import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { ContentType } from '@cc/contracts';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';
import { videos } from '../modules/video/video.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT
 * only): the scheduled works whose time has come, for the schedule sweep (jobs/schedule-sweep.ts, issue #10
 * "Scheduling for every type"). Videos and short videos keep their time in `videos.scheduled_at`, articles in
 * `contents.scheduled_at`; the other types join here as they gain scheduling.
 */

/** A scheduled work whose time has passed: its content id and type. */
export interface DueSchedule {
  id: number;
  type: ContentType;
}

/**
 * Works in status `scheduled` whose scheduled time is at or before `now`, oldest time first.
 * @param now the sweep's clock
 * @param limit most rows per call (the sweep calls again while a page comes back full)
 */
export async function findDueSchedules(db: Db, now: Date, limit: number): Promise<DueSchedule[]> {
  const at = sql<Date>`coalesce(${videos.scheduledAt}, ${contents.scheduledAt})`;
  return db
    .select({ id: contents.id, type: contents.type })
    .from(contents)
    .leftJoin(videos, eq(videos.contentId, contents.id))
    .where(and(eq(contents.status, 'scheduled'), lte(at, sql`${now.toISOString()}::timestamptz`)))
    .orderBy(asc(at), asc(contents.id))
    .limit(limit);
}
