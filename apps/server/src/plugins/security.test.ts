import { randomBytes } from 'node:crypto';
import { FILESERVICE_PATHS, signPayload, WEB_CID, WEB_VER, DEV_SIGN_SECRET } from '@cc/contracts';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DbHandle, openDb } from '../db/client.js';
import { createUser, uniqueAccount } from '../test/factories.js';
import type { TestSession } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { helmetHeaders } from './security.js';
import { eq } from 'drizzle-orm';
import { uploadShards } from '../modules/fileservice/fileservice.schema.js';
import { scopedUploadKey } from '../modules/fileservice/fileservice.service.js';
import { planUpload, sendShard, sendShards, tokenFor } from '../modules/fileservice/test-support.js';

// Issue #8 items 4 (TRUST_PROXY is a list of proxies) and 5 (limits per author, bytes for the file service,
// counters shared by every server). Each test sends from its own client address (light-my-request's
// `remoteAddress`), so no test sees another's counters.

let nextAddress = 1;
/** A fresh client address (TEST-NET-2), one per test. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

/** A signed request (API.md §2) from `remoteAddress`, as `session` when given. */
function signed(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  param: unknown,
  opts: { remoteAddress: string; session?: TestSession; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const uid = opts.session ? String(opts.session.userId) : '0';
  const fields: Record<string, string> = {
    ...signPayload(param, { cid: WEB_CID, ver: WEB_VER, uid, secret: DEV_SIGN_SECRET }),
  };
  const common = {
    url,
    remoteAddress: opts.remoteAddress,
    cookies: opts.session?.cookies,
    headers: { encrypttype: '1', ...opts.headers },
  };
  if (method === 'GET') return app.inject({ ...common, method, query: fields });
  return app.inject({
    ...common,
    method,
    payload: new URLSearchParams(fields).toString(),
    headers: { ...common.headers, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const statusOf = (res: LightMyRequestResponse) => res.json<{ status: number }>().status;

describe('TRUST_PROXY parsing (issue #8 item 4)', () => {
  it('takes a list of addresses and CIDR ranges, false by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback ' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '1'])('refuses TRUST_PROXY=%s at start with the fix in the message', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY.*list your proxies/);
  });

  it.each(['10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2', '::1/129', '10.0.0/8'])(
    'refuses %s, which is no address or range',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: not an IP address or CIDR/);
    },
  );
});

describe('client address behind proxies (issue #8 item 4)', () => {
  const t = useTestApp(
    {
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      // Every login below uses a new account: only the per-address limit (20) can stop them.
      loginRateLimit: { ...loadConfig({}).loginRateLimit, perIp: 20 },
      requestLimits: { anonymousPerMinute: 10_000, authorPerMinute: 10_000, fileBytesPerMinute: 1 << 30 },
    },
    (app) => app.get('/test/ip', (request) => ({ ip: request.ip })),
  );
  const ipOf = async (remoteAddress: string, xff?: string) =>
    (
      await t.app.inject({
        url: '/test/ip',
        remoteAddress,
        headers: xff ? { 'x-forwarded-for': xff } : {},
      })
    ).json<{ ip: string }>().ip;

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    expect(await ipOf('203.0.113.5', '192.0.2.1')).toBe('203.0.113.5');
    expect(await ipOf('11.0.0.1', '192.0.2.1, 10.0.0.1')).toBe('11.0.0.1');
  });

  it("believes a configured proxy's header", async () => {
    expect(await ipOf('127.0.0.1', '192.0.2.1')).toBe('192.0.2.1');
    expect(await ipOf('10.9.8.7', '192.0.2.2')).toBe('192.0.2.2');
  });

  it('takes the right-most hop that is not a trusted proxy from a chain', async () => {
    // The client may prepend anything; the proxies append what they saw.
    expect(await ipOf('127.0.0.1', '6.6.6.6, 192.0.2.3, 10.1.1.1, 10.2.2.2')).toBe('192.0.2.3');
    expect(await ipOf('10.0.0.1', '6.6.6.6, 192.0.2.4')).toBe('192.0.2.4');
  });

  it('limits 40 failed logins from one untrusted peer however the forged address rotates', async () => {
    const peer = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await signed(
        t.app,
        'POST',
        '/api/passport/login',
        { account: uniqueAccount('nobody'), password: 'wrong-password-1' },
        { remoteAddress: peer, headers: { 'x-forwarded-for': `192.0.2.${i % 250}, 172.16.${i}.1` } },
      );
      statuses.push(statusOf(res));
    }
    // perIp 20: the first 20 are plain failures, the rest are refused for the peer's address.
    expect(statuses.slice(0, 20).every((s) => s === 0)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 10009)).toBe(true);
  });
});

describe('security headers (issue #8 item 4; computed once, issue #16)', () => {
  const t = useTestApp();

  it("sets helmet's headers on every answer: a call, a refusal, a 404 and a page", async () => {
    const answers = [
      await t.app.inject('/api/config'),
      await t.app.inject('/api/home/userinfo'),
      await t.app.inject('/api/no/such/route'),
      await t.app.inject('/healthz'),
    ];
    for (const res of answers) {
      expect(res.headers, res.raw.req.url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-resource-policy': 'cross-origin',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
        'content-security-policy': expect.stringContaining("frame-ancestors 'self'"),
      });
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('computes them as @fastify/helmet does for the same options', async () => {
    const options = { crossOriginEmbedderPolicy: false, referrerPolicy: { policy: 'same-origin' as const } };
    const headers = await helmetHeaders(options);
    const reference = Fastify();
    await reference.register(helmet, options);
    reference.get('/', async () => 'ok');
    const res = await reference.inject('/');
    await reference.close();
    expect(Object.keys(headers).length).toBeGreaterThan(5);
    for (const [name, value] of Object.entries(headers)) expect(res.headers[name], name).toBe(value);
    expect(headers['referrer-policy']).toBe('same-origin');
  });
});

describe('request guards (issue #8 item 5)', () => {
  const limits = { anonymousPerMinute: 10, authorPerMinute: 8, fileBytesPerMinute: 40 * 1024 * 1024 };
  const t = useTestApp({ requestLimits: limits });

  it('holds the per-address limit for anonymous calls, with Retry-After, per address', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await signed(t.app, 'GET', '/api/home/userinfo', {}, { remoteAddress: address }));
    }
    expect(answers.slice(0, 10).map(statusOf)).not.toContain(10009);
    const refused = answers[10]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 10009, ercd: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still has its budget.
    const other = await signed(t.app, 'GET', '/api/home/userinfo', {}, { remoteAddress: freshAddress() });
    expect(statusOf(other)).not.toBe(10009);
  });

  it('gives each signed-in author behind one address a budget of their own', async () => {
    const office = freshAddress();
    const a = await t.signIn();
    const b = await t.signIn();
    const call = (session: TestSession) =>
      signed(t.app, 'GET', '/api/home/userinfo', {}, { remoteAddress: office, session });
    // 16 calls from one address: more than its anonymous budget (10), within each author's (8).
    for (let i = 0; i < limits.authorPerMinute; i++) {
      expect(statusOf(await call(a))).toBe(1);
      expect(statusOf(await call(b))).toBe(1);
    }
    // The author's own budget is a limit too, and it does not touch the other author's.
    expect(statusOf(await call(a))).toBe(10009);
    expect(statusOf(await call(b))).toBe(10009);
    const c = await t.signIn();
    expect(statusOf(await call(c))).toBe(1);
    // Signed-in calls did not use the address's anonymous budget.
    expect(
      statusOf(await signed(t.app, 'GET', '/api/home/userinfo', {}, { remoteAddress: office })),
    ).not.toBe(10009);
  });

  it('never refuses a long upload for its number of shards (30 shards > every request budget)', async () => {
    const author = await createUser(t.db, t.config);
    const token = await tokenFor(t.db, author.id);
    const plan = planUpload(randomBytes(30 * 1024 * 1024 - 1000));
    expect(plan.shardTotal).toBe(30);
    await sendShards(
      t.app,
      token,
      plan,
      Array.from({ length: plan.shardTotal }, (_, i) => i + 1),
    );
  });

  it('counts the file service in bytes per author, a session and an upload token alike', async () => {
    const author = await t.signIn();
    const token = await tokenFor(t.db, author.userId);
    const big = (withSession: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `${FILESERVICE_PATHS.moreShard}?token=${token}`,
        remoteAddress: freshAddress(),
        payload: Buffer.alloc(15 * 1024 * 1024),
        headers: { 'content-type': 'application/octet-stream' },
        cookies: withSession ? author.cookies : undefined,
      });
    // 15 MiB + 15 MiB fit the 40 MiB budget (the answers are refusals of the body, not of the limit) …
    expect(statusOf(await big(true))).not.toBe(10009);
    expect(statusOf(await big(false))).not.toBe(10009);
    // … the third does not, two requests into a minute, from new addresses, with or without the session.
    const third = await big(false);
    expect(third.json()).toMatchObject({ status: 10009, ercd: 'RATE_LIMITED' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(statusOf(await big(true))).toBe(10009);
  });

  it('charges calls without a body at least 1 MiB, so polling is bounded by the same budget', async () => {
    const author = await t.signIn();
    const poll = () =>
      t.app.inject({
        url: `${FILESERVICE_PATHS.isExistLocalMergeFile}?fileUploadId=nope`,
        remoteAddress: freshAddress(),
        cookies: author.cookies,
      });
    for (let i = 0; i < 40; i++) expect(statusOf(await poll())).not.toBe(10009);
    expect(statusOf(await poll())).toBe(10009);
  });

  it('counts file-service calls with no valid token or session per address, as anonymous requests', async () => {
    const address = freshAddress();
    const forged = () =>
      t.app.inject({
        url: `${FILESERVICE_PATHS.isExistLocalMergeFile}?token=${randomBytes(16).toString('hex')}`,
        remoteAddress: address,
      });
    for (let i = 0; i < limits.anonymousPerMinute; i++) expect(statusOf(await forged())).toBe(10002);
    expect(statusOf(await forged())).toBe(10009);
  });

  describe('a second server on the same database', () => {
    let second: FastifyInstance;
    let secondHandle: DbHandle | undefined;
    beforeAll(async () => {
      // On PostgreSQL a second pool, as a second process would have; PGlite lives in one process.
      if (t.config.databaseUrl) {
        secondHandle = await openDb({ databaseUrl: t.config.databaseUrl, pgliteDir: t.config.pgliteDir });
      }
      second = await buildApp(t.config, { handle: secondHandle ?? t.handle });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await secondHandle?.close();
    });

    // The byte budget is shared too (issue #16): what the other server charged refuses a call here.
    const fill = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'POST',
        url: `${FILESERVICE_PATHS.moreShard}?token=${token}`,
        remoteAddress: freshAddress(),
        payload: Buffer.alloc(15 * 1024 * 1024),
        headers: { 'content-type': 'application/octet-stream' },
      });

    it('shares the byte budget: a shard over it is refused and not stored', async () => {
      const author = await createUser(t.db, t.config);
      const token = await tokenFor(t.db, author.id);
      const plan = planUpload(randomBytes(3 * 1024 * 1024));
      expect(statusOf(await sendShard(t.app, token, plan, 1))).toBe(1);
      // 1 + 15 + 15 MiB fit the 40 MiB budget, the next 15 do not
      expect(statusOf(await fill(second, token))).not.toBe(10009);
      expect(statusOf(await fill(second, token))).not.toBe(10009);
      expect(statusOf(await fill(second, token))).toBe(10009);
      // this server charged only 1 MiB itself
      const refused = await sendShard(t.app, token, plan, 2);
      expect(refused.json()).toMatchObject({ status: 10009, ercd: 'RATE_LIMITED' });
      const stored = await t.db
        .select({ index: uploadShards.shardIndex })
        .from(uploadShards)
        .where(eq(uploadShards.uploadKey, scopedUploadKey(author.id, plan.key)));
      expect(stored.map((r) => r.index)).toEqual([1]);
    });

    it('shares the byte budget: a call without a body is refused once the other server used it', async () => {
      const author = await createUser(t.db, t.config);
      const token = await tokenFor(t.db, author.id);
      const poll = () =>
        t.app.inject({
          url: `${FILESERVICE_PATHS.isExistLocalMergeFile}?token=${token}&fileUploadId=${'a'.repeat(32)}`,
          remoteAddress: freshAddress(),
        });
      expect(statusOf(await poll())).not.toBe(10009);
      for (let i = 0; i < 2; i++) expect(statusOf(await fill(second, token))).not.toBe(10009);
      expect(statusOf(await fill(second, token))).toBe(10009);
      expect(statusOf(await poll())).toBe(10009);
    });

    it('shares the counters', async () => {
      const address = freshAddress();
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        const app = i % 2 === 0 ? t.app : second;
        statuses.push(
          statusOf(await signed(app, 'GET', '/api/home/userinfo', {}, { remoteAddress: address })),
        );
      }
      expect(statuses.slice(0, 10)).not.toContain(10009);
      expect(statuses[10]).toBe(10009);
    });
  });
});
