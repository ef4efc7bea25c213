import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema/index.js';
import { createDbCounter } from '../modules/ratelimit/ratelimit.service.js';
import { useTestApp } from '../test/support.js';
import { type Counter, counterStore, createRedisCounter, hashCounterKey } from './rate-limit-store.js';

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
