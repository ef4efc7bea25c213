import {
  MERGE_POLL_INTERVAL_MS,
  MERGE_POLL_MAX_MS,
  MERGE_QUICK_POLL_INTERVAL_MS,
  MERGE_QUICK_POLL_MAX_TRIES,
  type MergeFileStatus,
} from '@cc/contracts';

export interface PollMergeOptions {
  /** one `isExistLocalMergeFile` check; a rejection or null counts as a failed check */
  check: () => Promise<MergeFileStatus | null>;
  /**
   * When the merge was requested, ms since the epoch on `now`'s clock. Given: check every 10 s until
   * 30 minutes after it. Not given (e.g. a reloaded page found the server already merging and nobody
   * kept the time): check every 2 s, at most 10 times. (spec §9)
   */
  startedAt?: number;
  /** the clock, ms (default Date.now) */
  now?: () => number;
  /** a cancellable delay: resolves true after ms, false when cancelled (default setTimeout) */
  wait?: (ms: number) => Promise<boolean>;
}

export type PollMergeResult =
  | { ok: true; status: MergeFileStatus; checks: number }
  | {
      ok: false;
      /** `timeout`: 30 min passed; `tries`: 10 quick checks; `failed`: the server said failed; `stopped`: cancelled */
      reason: 'timeout' | 'tries' | 'failed' | 'stopped';
      checks: number;
    };

const defaultWait = (ms: number) => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms));

/**
 * Polls whether the merged file is ready after a merge request that did not confirm (spec §4 step 4,
 * spec §9, API.md §7 `isExistLocalMergeFile`).
 * - With `startedAt`: a check every MERGE_POLL_INTERVAL_MS (10 s), the first one interval from now, as
 *   long as the check falls at most MERGE_POLL_MAX_MS (30 min) after `startedAt`; when the next one
 *   would fall later → `timeout` (so a merge requested now gets 180 checks, the last at 30:00).
 *   Failed checks (network, error envelope) are tolerated: the deadline bounds them.
 * - Without: a check every MERGE_QUICK_POLL_INTERVAL_MS (2 s), at most MERGE_QUICK_POLL_MAX_TRIES (10);
 *   the 10th that is not `ready` → `tries`.
 * Either way `state: 'ready'` → ok with the status (fileKey, url, duration s, width/height px), and
 * `state: 'failed'` → `failed` at once. Never rejects. The caller turns a failure into
 * 'merge failed, please upload again' (spec §8).
 */
export async function pollMerge(options: PollMergeOptions): Promise<PollMergeResult> {
  const { check, startedAt, now = Date.now, wait = defaultWait } = options;
  const quick = startedAt === undefined;
  const interval = quick ? MERGE_QUICK_POLL_INTERVAL_MS : MERGE_POLL_INTERVAL_MS;
  let checks = 0;
  for (;;) {
    if (quick) {
      if (checks >= MERGE_QUICK_POLL_MAX_TRIES) return { ok: false, reason: 'tries', checks };
    } else if (now() + interval - startedAt > MERGE_POLL_MAX_MS) {
      return { ok: false, reason: 'timeout', checks };
    }
    if (!(await wait(interval))) return { ok: false, reason: 'stopped', checks };
    checks++;
    const status: MergeFileStatus | null = await check().catch(() => null);
    if (status?.state === 'ready') return { ok: true, status, checks };
    if (status?.state === 'failed') return { ok: false, reason: 'failed', checks };
  }
}
