/** Names of the background jobs (ARCHITECTURE.md `src/jobs/`). */
export const JOB_NAMES = {
  /** probe a merged video with ffprobe, make its cover; data `{ key }` (issue #3) */
  videoProbe: 'video-probe',
  /** delete uploads untouched for 24 h with their bytes (API.md §7) */
  uploadCleanup: 'upload-cleanup',
  /** publish a scheduled video at its time; data `{ id }` (issue #3 video publishing) */
  videoPublish: 'video-publish',
  /** every minute and at start: publish scheduled works whose time has passed (issue #10) */
  scheduleSweep: 'schedule-sweep',
  /** every minute: the reminder message of live shows starting within 15 minutes (issue #10) */
  liveReminder: 'live-reminder',
  /** hourly: delete expired sessions, stale auth attempts and expired upload tokens (issue #7) */
  authPurge: 'auth-purge',
  /**
   * free an upload a video no longer plays once no other work of its author uses it; data `{ userId, key }`
   * (the client key; issue #8 item 1: a swapped-out file is removed only when nothing references it)
   */
  uploadRelease: 'upload-release',
  /** Mondays 09:00 REPORT_TZ: the weekly data report of every author with data (issue #12 `dataReport`) */
  dataReport: 'data-report',
  /** hourly and at start: event partitions ahead, the retention drop, closed days' readers (issue #12) */
  analyticsMaintenance: 'analytics-maintenance',
  /**
   * 00:10 REPORT_TZ: yesterday's influence index and rankings; data `{ catchUp: true }` (sent at start) fills the
   * recent days without an index (issue #12 `exponent`, `rank`)
   */
  influenceDaily: 'influence-daily',
} as const;
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

/** What modules see of the queue: they enqueue, the jobs module works. */
export interface JobQueue {
  /** @param opts.startAfter run no earlier than this time (scheduled publishing) */
  send(name: JobName, data: Record<string, unknown>, opts?: { startAfter?: Date }): Promise<void>;
}
