import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Counters shared by every server of a deployment, for the request guards of plugins/security.ts
 * (issue #8 item 5): a fixed window per key that opens at its first hit and counts requests or bytes.
 * Two backends implement {@link Counter}: the database (modules/ratelimit, the default) and Redis
 * ({@link createRedisCounter}, when REDIS_URL is set). In front of them (issue #16): {@link coalescingCounter}
 * for a store several servers share (hits of one key arriving while its previous write is in flight share
 * the next write), {@link singleWriterCounter} for the embedded PGlite, which only its own process writes.
 * {@link counterStore} adapts any of them to @fastify/rate-limit's custom `store` option.
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

/** A hit waiting for its key's next write. */
interface Waiter {
  cost: number;
  windowMs: number;
  resolve(state: CounterState): void;
  reject(error: unknown): void;
}

/**
 * Coalesces the hits of one key (issue #16 "API"): at most ONE write per key is in flight; hits of that key
 * arriving meanwhile wait and then go to the shared counter together, as one hit of their summed cost (one
 * statement, one round trip). Every hit is still in the shared counter before it is answered — nothing is
 * counted only locally, so the limits stay exact across servers — and each hit of a batch gets the total a
 * hit of its own would have got: the batch's total minus the costs of the hits after it in the batch
 * (arrival order). Quiet keys (one hit at a time, the common case) pay nothing: their hit is written at once.
 * A flood of one author (many concurrent requests, many servers' worth of them) costs one write per round
 * trip instead of one per request, and no longer queues up on the row lock of its counter.
 *
 * Hits of a key with a different `windowMs` than the batch's first are left for the next batch. A failed
 * write rejects every hit of its batch with that error (the callers fail open and log).
 * @param counter the shared counter (database or Redis)
 */
export function coalescingCounter(counter: Counter): Counter {
  /** keys with a write in flight → the hits waiting for the next one */
  const waiting = new Map<string, Waiter[]>();

  const write = (key: string, batch: Waiter[]): void => {
    const cost = batch.reduce((sum, w) => sum + w.cost, 0);
    let written: Promise<CounterState>;
    try {
      written = counter.hit(key, cost, batch[0]!.windowMs);
    } catch (error) {
      written = Promise.reject(error);
    }
    written.then(
      (state) => {
        // each hit's total as if the batch had been written one hit at a time, in arrival order
        let after = cost;
        for (const waiter of batch) {
          after -= waiter.cost;
          waiter.resolve({ total: state.total - after, ttlMs: state.ttlMs });
        }
        next(key);
      },
      (error: unknown) => {
        for (const waiter of batch) waiter.reject(error);
        next(key);
      },
    );
  };

  const next = (key: string): void => {
    const queue = waiting.get(key)!;
    if (queue.length === 0) {
      waiting.delete(key);
      return;
    }
    const windowMs = queue[0]!.windowMs;
    let n = 1;
    while (n < queue.length && queue[n]!.windowMs === windowMs) n++;
    write(key, queue.splice(0, n));
  };

  return {
    hit(key, cost, windowMs) {
      return new Promise<CounterState>((resolve, reject) => {
        const waiter = { cost, windowMs, resolve, reject };
        const queue = waiting.get(key);
        if (queue) queue.push(waiter);
        else {
          waiting.set(key, []);
          write(key, [waiter]);
        }
      });
    },
  };
}

/**
 * Counts in memory in front of a store that ONLY THIS PROCESS writes (issue #16 "API"): the embedded default,
 * where PGlite — the database and its `rate_limits` table — lives inside the server process, so no other
 * process can add to a window and the counts held here are the whole truth. The first hit of a key in a
 * window goes to the store (it opens the window, or finds the one a restart left); the window's later hits
 * are counted here, exactly, and written to the store in one hit per key every `flushMs`. A window that
 * closed before its flush is dropped (its hits no longer count). What a crash loses — at most `flushMs` of
 * hits — is less than the UNLOGGED table already loses on a crash (all of it). Never use it in front of a
 * store that several processes share (PostgreSQL, Redis): use {@link coalescingCounter} there.
 * @param opts.flushMs how long local hits wait for their write (ms)
 * @param opts.onError where a failed flush is reported (its hits are not retried)
 * @param opts.now the clock (ms), for tests
 */
export function singleWriterCounter(
  store: Counter,
  opts: { flushMs: number; onError(error: unknown): void; now?: () => number },
): Counter {
  const now = opts.now ?? Date.now;
  interface Window {
    total: number;
    /** when the window closes, on `now`'s clock */
    closesAt: number;
    windowMs: number;
    /** counted here, not yet written */
    pending: number;
  }
  const windows = new Map<string, Window>();
  /** keys whose window is being opened in the store */
  const opening = new Map<string, Promise<unknown>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    timer = undefined;
    const at = now();
    for (const [key, window] of windows) {
      if (at >= window.closesAt) {
        windows.delete(key);
        continue;
      }
      if (window.pending === 0) continue;
      const cost = window.pending;
      window.pending = 0;
      store.hit(key, cost, window.windowMs).catch(opts.onError);
    }
  };

  return {
    async hit(key, cost, windowMs) {
      for (;;) {
        const at = now();
        const window = windows.get(key);
        if (window && at < window.closesAt) {
          window.total += cost;
          window.pending += cost;
          if (!timer) {
            timer = setTimeout(flush, opts.flushMs);
            // pending hits never keep a stopping process alive
            timer.unref?.();
          }
          return { total: window.total, ttlMs: window.closesAt - at };
        }
        const inFlight = opening.get(key);
        if (inFlight) {
          // another hit is opening this key's window: count on it once it is known
          await inFlight.catch(() => {});
          if (opening.get(key) === inFlight) opening.delete(key);
          continue;
        }
        const written = store.hit(key, cost, windowMs);
        opening.set(key, written);
        try {
          const state = await written;
          windows.set(key, { total: state.total, closesAt: now() + state.ttlMs, windowMs, pending: 0 });
          return state;
        } finally {
          if (opening.get(key) === written) opening.delete(key);
        }
      }
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
