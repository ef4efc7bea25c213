/** Names of the background jobs (ARCHITECTURE.md `src/jobs/`). */
export const JOB_NAMES = {
  /** probe a merged video with ffprobe, make its cover; data `{ key }` (issue #3) */
  videoProbe: 'video-probe',
  /** delete uploads untouched for 24 h with their bytes (API.md §7) */
  uploadCleanup: 'upload-cleanup',
} as const;
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

/** What modules see of the queue: they enqueue, the jobs module works. */
export interface JobQueue {
  send(name: JobName, data: Record<string, unknown>): Promise<void>;
}
