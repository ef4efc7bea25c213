import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type Counter, hashCounterKey } from '../../lib/rate-limit-store.js';
import { hit, purgeExpired } from './ratelimit.repo.js';

/** Closed windows are purged at most this often per process (ms). */
export const PURGE_INTERVAL_MS = 60_000;
/** Rows deleted by one purge: a short statement, never a long lock. */
export const PURGE_BATCH_ROWS = 5_000;

/**
 * The request-limit counters in the application's database (issue #8 item 5; the default when REDIS_URL is
 * unset): every server on the same database shares them. One upsert per hit (`rate_limits`, keyed by the
 * sha256 of the key); at most once a minute a hit also starts a purge of up to 5,000 closed windows in the
 * background (its failure is logged, never thrown).
 * @param log where a failed purge is reported
 */
export function createDbCounter(db: Db, log: FastifyBaseLogger): Counter {
  let nextPurge = Date.now() + PURGE_INTERVAL_MS;
  return {
    async hit(key, cost, windowMs) {
      if (Date.now() >= nextPurge) {
        nextPurge = Date.now() + PURGE_INTERVAL_MS;
        purgeExpired(db, PURGE_BATCH_ROWS).catch((error: unknown) =>
          log.warn({ err: error }, 'rate_limits purge failed'),
        );
      }
      return hit(db, hashCounterKey(key), cost, windowMs);
    },
  };
}
