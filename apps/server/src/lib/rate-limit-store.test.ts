import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema/index.js';
import { createDbCounter } from '../modules/ratelimit/ratelimit.service.js';
import { useTestApp } from '../test/support.js';
import {
  coalescingCounter,
  type Counter,
  counterStore,
  createRedisCounter,
  hashCounterKey,
  singleWriterCounter,
} from './rate-limit-store.js';

// The shared counters of the request guards (issue #8 item 5): the database by default, Redis with REDIS_URL.

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A Redis client when one answers at REDIS_URL (CI and the dev machine run one), else null and why. */
async function connectRedis(): Promise<{ redis: Redis | null; reason: string }> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return { redis, reason: '' };
  } catch (error) {
    redis.disconnect();
    return { redis: null, reason: (error as Error).message };
  }
}
const { redis, reason } = await connectRedis();
if (!redis) console.warn(`rate-limit-store: Redis tests skipped, ${REDIS_URL} not reachable: ${reason}`);
afterAll(() => redis?.disconnect());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniqueKey = () => `test:${randomBytes(8).toString('hex')}`;

/** What every backend must do; run against the database and against Redis. */
function counterContract(make: () => Counter) {
  it('adds costs within a window and reports the time left', async () => {
    const counter = make();
    const key = uniqueKey();
    expect((await counter.hit(key, 1, 60_000)).total).toBe(1);
    expect((await counter.hit(key, 5 * 1024 * 1024, 60_000)).total).toBe(1 + 5 * 1024 * 1024);
    const state = await counter.hit(key, 1, 60_000);
    expect(state.total).toBe(2 + 5 * 1024 * 1024);
    expect(state.ttlMs).toBeGreaterThan(50_000);
    expect(state.ttlMs).toBeLessThanOrEqual(60_000);
    // Another key is another counter.
    expect((await counter.hit(uniqueKey(), 1, 60_000)).total).toBe(1);
  });

  it('starts a new window once the old one closed', async () => {
    const counter = make();
    const key = uniqueKey();
    await counter.hit(key, 7, 150);
    expect((await counter.hit(key, 1, 150)).total).toBe(8);
    await sleep(250);
    const state = await counter.hit(key, 1, 150);
    expect(state.total).toBe(1);
    expect(state.ttlMs).toBeGreaterThan(0);
  });

  it('counts concurrent hits exactly (one atomic statement each)', async () => {
    const counter = make();
    const key = uniqueKey();
    const states = await Promise.all(Array.from({ length: 25 }, () => counter.hit(key, 2, 60_000)));
    expect(states.map((s) => s.total).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => 2 * (i + 1)),
    );
  });
}

describe('database counter', () => {
  const t = useTestApp();
  counterContract(() => createDbCounter(t.db, t.app.log));

  describe('behind coalescingCounter (PostgreSQL, issue #16)', () => {
    counterContract(() => coalescingCounter(createDbCounter(t.db, t.app.log)));
  });

  describe('behind singleWriterCounter (PGlite, issue #16)', () => {
    counterContract(() =>
      singleWriterCounter(createDbCounter(t.db, t.app.log), { flushMs: 50, onError: () => {} }),
    );

    it('writes the hits it counted to the table within flushMs', async () => {
      const counter = singleWriterCounter(createDbCounter(t.db, t.app.log), {
        flushMs: 50,
        onError: () => {},
      });
      const key = uniqueKey();
      for (let i = 0; i < 5; i++) await counter.hit(key, 1, 60_000);
      await sleep(150);
      const [row] = await t.db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(eq(rateLimits.key, hashCounterKey(key)));
      expect(row?.hits).toBe(5);
    });
  });

  it('stores only the hash of a key', async () => {
    const key = `ip:203.0.113.9:${randomBytes(4).toString('hex')}`;
    await createDbCounter(t.db, t.app.log).hit(key, 1, 60_000);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain(hashCounterKey(key));
    expect(keys.some((k) => k.includes('203.0.113.9'))).toBe(false);
  });
});

describe.skipIf(!redis)('Redis counter', () => {
  counterContract(() => createRedisCounter(redis!, `cc:test:${randomBytes(4).toString('hex')}:`));

  it('keeps its keys with an expiry (no counter outlives its window)', async () => {
    const prefix = `cc:test:${randomBytes(4).toString('hex')}:`;
    const key = uniqueKey();
    await createRedisCounter(redis!, prefix).hit(key, 3, 60_000);
    const ttl = await redis!.pttl(prefix + hashCounterKey(key));
    expect(ttl).toBeGreaterThan(50_000);
  });
});

describe.skipIf(!redis)('request guards on Redis (REDIS_URL)', () => {
  const t = useTestApp({
    redisUrl: REDIS_URL,
    requestLimits: { anonymousPerMinute: 3, authorPerMinute: 3, fileBytesPerMinute: 1 << 30 },
  });

  it('holds the anonymous limit with the counters in Redis, not in the database', async () => {
    const remoteAddress = `192.0.2.${1 + Math.floor(Math.random() * 250)}`;
    const call = () => t.app.inject({ url: '/api/home/userinfo', remoteAddress });
    const statuses = [];
    // Each run's address may have been seen by an earlier run within the minute: count from a clean key.
    await redis!.del(`cc:rl:${hashCounterKey(`ip:${remoteAddress}`)}`);
    for (let i = 0; i < 4; i++) statuses.push((await call()).json<{ status: number }>().status);
    expect(statuses.slice(0, 3)).not.toContain(10009);
    expect(statuses[3]).toBe(10009);
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });
});

describe('counterStore (@fastify/rate-limit store option)', () => {
  /** A counter that records its keys. */
  const recording = () => {
    const keys: string[] = [];
    const counter: Counter = {
      hit: (key) => {
        keys.push(key);
        return Promise.resolve({ total: keys.length, ttlMs: 1000 });
      },
    };
    return { keys, counter };
  };
  const incr = (store: {
    incr: (k: string, cb: (e: Error | null, r?: unknown) => void, w: number) => void;
  }) => new Promise((resolve, reject) => store.incr('ip:1', (e, r) => (e ? reject(e) : resolve(r)), 1000));

  it("answers the library's callback and keeps a route's own limit apart", async () => {
    const { keys, counter } = recording();
    const Store = counterStore(counter, () => {});
    const store = new Store();
    expect(await incr(store)).toEqual({ current: 1, ttl: 1000 });
    await incr(store.child({ routeInfo: { method: 'GET', url: '/media/img/:size/*' } }));
    expect(keys).toEqual(['ip:1', 'GET/media/img/:size/*:ip:1']);
  });

  it('reports and passes on a failed counter', async () => {
    const reported: unknown[] = [];
    const Store = counterStore({ hit: () => Promise.reject(new Error('down')) }, (e) => reported.push(e));
    await expect(incr(new Store())).rejects.toThrow('down');
    expect(reported).toHaveLength(1);
  });
});

/**
 * A store in memory that records its writes and answers after `delayMs` (a database round trip), with one
 * window per key that never closes.
 */
function memoryStore(delayMs = 10) {
  const writes: { key: string; cost: number; windowMs: number }[] = [];
  const totals = new Map<string, number>();
  const store = {
    writes,
    totals,
    /** write number → the error it fails with (0 is the first write) */
    failures: new Map<number, Error>(),
    counter: {
      async hit(key: string, cost: number, windowMs: number) {
        const failure = store.failures.get(writes.length);
        writes.push({ key, cost, windowMs });
        await sleep(delayMs);
        if (failure) throw failure;
        const total = (totals.get(key) ?? 0) + cost;
        totals.set(key, total);
        return { total, ttlMs: 60_000 };
      },
    } satisfies Counter,
  };
  return store;
}

describe('coalescingCounter (issue #16)', () => {
  it('writes the hits of a key that arrive during its write as ONE write, each answered as if alone', async () => {
    const store = memoryStore();
    const counter = coalescingCounter(store.counter);
    const states = await Promise.all(Array.from({ length: 10 }, () => counter.hit('k', 3, 60_000)));
    // the first hit went at once, the nine that came while it was in flight went together
    expect(store.writes.map((w) => w.cost)).toEqual([3, 27]);
    // in arrival order, each hit's total is the one it would have had on its own
    expect(states.map((s) => s.total)).toEqual(Array.from({ length: 10 }, (_, i) => 3 * (i + 1)));
    expect(store.totals.get('k')).toBe(30);
  });

  it('writes every hit of a quiet key at once, and keeps keys apart', async () => {
    const store = memoryStore(0);
    const counter = coalescingCounter(store.counter);
    for (let i = 0; i < 3; i++) await counter.hit('quiet', 1, 60_000);
    await Promise.all([counter.hit('a', 1, 60_000), counter.hit('b', 1, 60_000)]);
    expect(store.writes.map((w) => w.key)).toEqual(['quiet', 'quiet', 'quiet', 'a', 'b']);
  });

  it('rejects every hit of a failed write, and the hits after it are written', async () => {
    const store = memoryStore();
    // the second write (the batch of the two hits that wait for the first) fails
    store.failures.set(1, new Error('down'));
    const counter = coalescingCounter(store.counter);
    const first = counter.hit('k', 1, 60_000);
    const batch = [counter.hit('k', 1, 60_000), counter.hit('k', 1, 60_000)];
    const settled = await Promise.allSettled(batch);
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await first).total).toBe(1);
    expect(store.writes.map((w) => w.cost)).toEqual([1, 2]);
    expect((await counter.hit('k', 1, 60_000)).total).toBe(2);
  });

  it('never merges hits of different windows', async () => {
    const store = memoryStore();
    const counter = coalescingCounter(store.counter);
    await Promise.all([counter.hit('k', 1, 60_000), counter.hit('k', 1, 1_000), counter.hit('k', 1, 60_000)]);
    expect(store.writes.map((w) => [w.cost, w.windowMs])).toEqual([
      [1, 60_000],
      [1, 1_000],
      [1, 60_000],
    ]);
  });
});

describe('singleWriterCounter (issue #16)', () => {
  it('opens a window in the store, counts the rest here exactly, and writes it once per flush', async () => {
    const store = memoryStore(0);
    const counter = singleWriterCounter(store.counter, { flushMs: 50, onError: () => {} });
    const totals = [];
    for (let i = 0; i < 100; i++) totals.push((await counter.hit('k', 1, 60_000)).total);
    expect(totals).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(store.writes.map((w) => w.cost)).toEqual([1]);
    await sleep(120);
    expect(store.writes.map((w) => w.cost)).toEqual([1, 99]);
    expect(store.totals.get('k')).toBe(100);
  });

  it('lets concurrent first hits wait for the window the first one opens', async () => {
    const store = memoryStore();
    const counter = singleWriterCounter(store.counter, { flushMs: 50, onError: () => {} });
    const states = await Promise.all(Array.from({ length: 5 }, () => counter.hit('k', 2, 60_000)));
    expect(states.map((s) => s.total).sort((a, b) => a - b)).toEqual([2, 4, 6, 8, 10]);
    expect(store.writes).toHaveLength(1);
  });

  it('drops the hits of a window that closed before its flush, and opens the next in the store', async () => {
    let clock = 0;
    const store = memoryStore(0);
    const counter = singleWriterCounter(store.counter, { flushMs: 30, onError: () => {}, now: () => clock });
    await counter.hit('k', 1, 60_000);
    await counter.hit('k', 1, 60_000);
    clock = 60_000;
    await sleep(80);
    expect(store.writes.map((w) => w.cost)).toEqual([1]);
    await counter.hit('k', 1, 60_000);
    expect(store.writes.map((w) => w.cost)).toEqual([1, 1]);
  });

  it('fails a hit that must open its window when the store is down, and reports a failed flush', async () => {
    const store = memoryStore(0);
    const reported: unknown[] = [];
    const counter = singleWriterCounter(store.counter, { flushMs: 30, onError: (e) => reported.push(e) });
    store.failures.set(0, new Error('down'));
    store.failures.set(2, new Error('flush down'));
    await expect(counter.hit('k', 1, 60_000)).rejects.toThrow('down');
    await counter.hit('k', 1, 60_000);
    await counter.hit('k', 1, 60_000);
    await sleep(80);
    expect(store.writes.map((w) => w.cost)).toEqual([1, 1, 1]);
    expect(reported).toEqual([new Error('flush down')]);
  });
});
