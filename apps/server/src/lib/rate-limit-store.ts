import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Counters shared by every server of a deployment, for the request guards of plugins/security.ts
 * (issue #8 item 5): a fixed window per key that opens at its first hit and counts requests or bytes.
 * Two backends implement {@link Counter}: the database (modules/ratelimit, the default) and Redis
 * ({@link createRedisCounter}, when REDIS_URL is set). {@link counterStore} adapts either to
 * @fastify/rate-limit's custom `store` option.
 */

/** A counter's window after a hit: its total (requests or bytes) and the milliseconds until it closes. */
export interface CounterState {
  total: number;
  ttlMs: number;
}

/** A shared fixed-window counter. */
export interface Counter {
  /**
   * Adds `cost` to the window of `key`, opening a new window of `windowMs` when none is open.
   * @param cost positive integer: 1 for a request, the byte count for a body
   * @throws whatever the backend throws (the callers fail open and log)
   */
  hit(key: string, cost: number, windowMs: number): Promise<CounterState>;
}

/** sha256 (base64url) of a counter key: no address, author id or upload token is stored in clear. */
export function hashCounterKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** INCRBY, then PEXPIRE when the window is new (or has somehow lost its expiry); one round trip, atomic. */
const REDIS_HIT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;

/**
 * The counters in Redis (REDIS_URL): one Lua call per hit, keys `<prefix><sha256 of the key>` with a PTTL
 * of the window.
 * @param prefix namespace of the keys (default `cc:rl:`)
 */
export function createRedisCounter(redis: Redis, prefix = 'cc:rl:'): Counter {
  return {
    async hit(key, cost, windowMs) {
      const [total, ttl] = (await redis.eval(REDIS_HIT, 1, prefix + hashCounterKey(key), cost, windowMs)) as [
        number,
        number,
      ];
      return { total: Number(total), ttlMs: Number(ttl) };
    },
  };
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The part of @fastify/rate-limit's route options a store's `child` reads. */
interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A class for @fastify/rate-limit's `store` option over a {@link Counter} (cost 1 per request). A route with
 * its own `config.rateLimit` gets a child whose keys are prefixed with the route, as the library's own
 * stores do. A failed counter is reported through `onError` and passed on (the plugin's `skipOnError`
 * decides).
 */
export function counterStore(counter: Counter, onError: (error: unknown) => void, prefix = '') {
  return class CounterStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      counter.hit(prefix + key, 1, timeWindow).then(
        (state) => callback(null, { current: state.total, ttl: state.ttlMs }),
        (error: unknown) => {
          onError(error);
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    /** @param routeOptions the route's merged limit options (the library passes `routeInfo` in them) */
    child(routeOptions: object): CounterStore {
      const info = (routeOptions as RouteLimitOptions).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      const Child = counterStore(counter, onError, `${prefix}${method}${info.url ?? ''}:`);
      return new Child();
    }
  };
}
