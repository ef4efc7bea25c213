import { randomBytes } from 'node:crypto';
import { Status } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createUser } from '../test/factories.js';
import { body, login, signedGet } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { planUpload, sendShards, tokenFor } from '../modules/fileservice/test-support.js';
import { METRICS_PATH } from './metrics.js';

// Issue #16 "Observability": /metrics in Prometheus format (scraped here after real requests), a request id on
// every log line of a request and in its answer, and 503 answers before the event loop drowns.

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line `name{labels} value` of a Prometheus scrape, or undefined. */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of scrape.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  const t = useTestApp({ metricsToken: TOKEN });

  const scrape = async () => {
    const res = await t.app.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers only the bearer of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const res = await t.app.inject({
        url: METRICS_PATH,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('cc_http_request_duration_seconds');
    }
  });

  it('counts requests by route pattern (never the raw URL) with their latency, not itself', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/home/userinfo', status_code: '401' };
    const count0 = sample(before, 'cc_http_request_duration_seconds_count', route) ?? 0;
    for (let i = 0; i < 3; i++) await signedGet(t.app, '/api/home/userinfo?x=secret-token', {});
    const after = await scrape();
    expect(sample(after, 'cc_http_request_duration_seconds_count', route)).toBe(count0 + 3);
    // a bucket at least as wide as the slowest call holds all three
    expect(sample(after, 'cc_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      count0 + 3,
    );
    expect(after).not.toContain('secret-token');
    expect(after).not.toContain(`route="${METRICS_PATH}"`);
    await t.app.inject({ url: '/no/such/route/42' });
    expect(await scrape()).toMatch(/cc_http_request_duration_seconds_count\{[^}]*route="unmatched"/);
  });

  it('adds the bytes of stored shards, and reads queue depth, rollup lag, pool and process metrics', async () => {
    const user = await createUser(t.db, t.config);
    const token = await tokenFor(t.db, user.id);
    const bytes = randomBytes(1024 * 1024 + 12_345);
    const plan = planUpload(bytes, { shardSize: 1024 * 1024, use: 'smallVideo' });
    const before = sample(await scrape(), 'cc_upload_bytes_total', { use: 'smallVideo' }) ?? 0;
    await sendShards(t.app, token, plan, [1, 2]);
    // a resent shard is acknowledged again: traffic, counted again
    await sendShards(t.app, token, plan, [2]);
    const after = await scrape();
    expect(sample(after, 'cc_upload_bytes_total', { use: 'smallVideo' })).toBe(
      before + bytes.length + 12_345,
    );

    // a queue no worker takes from: two jobs ready, one for later, one done — two are waiting
    await t.db.execute(sql`select pgboss.create_queue('cc-test-depth', '{}'::json)`);
    await t.db.execute(sql`insert into pgboss.job (name, state, start_after) values
      ('cc-test-depth', 'created', now()), ('cc-test-depth', 'retry', now() - interval '1 minute'),
      ('cc-test-depth', 'created', now() + interval '1 hour'), ('cc-test-depth', 'completed', now())`);
    expect(sample(await scrape(), 'cc_job_queue_depth', { queue: 'cc-test-depth' })).toBe(2);

    expect(sample(after, 'cc_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(after).toContain('# TYPE cc_rollup_lag_seconds gauge');
  });
});

describe('request ids', () => {
  // a second app on the harness's database (its own copy per file, PGlite or PostgreSQL) logs into `lines`
  const t = useTestApp();
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    app = await buildApp(
      { ...t.config, logLevel: 'info' },
      { handle: t.handle, logStream: { write: (line) => void lines.push(line) } },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const linesOf = (id: string) =>
    lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).filter((l) => l.reqId === id);

  it("takes the proxy's X-Request-Id, answers it, and puts it on every log line of the request", async () => {
    const id = `nginx-${randomBytes(8).toString('hex')}`;
    const res = await signedGet(app, '/api/home/userinfo', {}, { headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    // one line per request (issue #16: the second line was ≈ 15 % of a call's CPU), with what both used to say
    const mine = linesOf(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/home/userinfo' },
      res: { statusCode: res.statusCode },
      responseTime: expect.any(Number),
    });
  });

  it('makes a new UUID when the header is missing or malformed (spaces, line breaks, too long)', async () => {
    for (const given of [undefined, 'has space 123', 'x\nforged line', 'a'.repeat(200), 'short']) {
      const res = await app.inject({ url: '/healthz', headers: given ? { 'x-request-id': given } : {} });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(linesOf(id).length).toBeGreaterThan(0);
    }
  });
});

describe('overload answers (@fastify/under-pressure)', () => {
  const t = useTestApp({
    pressure: { maxEventLoopDelayMs: 30, maxEventLoopUtilization: 0, maxDbWaiting: 0, sampleIntervalMs: 20 },
  });

  /** Blocks the event loop for `ms`, then lets one load sample pass. */
  async function overload(ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      // busy: the event loop cannot turn
    }
    await new Promise((r) => setTimeout(r, 25));
  }

  it('answers 503 + Retry-After with SERVER_BUSY in both languages while the event loop lags; health still answers', async () => {
    const user = await createUser(t.db, t.config);
    // the app's own start can lag the loop past 30 ms: sign in once it turns freely
    let session: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 100 && !session; i++) {
      await new Promise((r) => setTimeout(r, 30));
      session = await login(t.app, user.account).catch(() => undefined);
    }
    if (!session) throw new Error('could not sign in');
    let busy: Awaited<ReturnType<typeof signedGet>> | undefined;
    let english: Awaited<ReturnType<typeof signedGet>> | undefined;
    let ready: Awaited<ReturnType<typeof signedGet>> | undefined;
    let live: Awaited<ReturnType<typeof signedGet>> | undefined;
    for (let i = 0; i < 40 && !(busy && english && ready && live); i++) {
      await overload(150);
      const [a, b, c, d] = await Promise.all([
        signedGet(t.app, '/api/home/userinfo', {}, { session }),
        signedGet(t.app, '/api/home/userinfo', {}, { session, headers: { 'accept-language': 'en-US' } }),
        t.app.inject({ url: '/readyz' }),
        t.app.inject({ url: '/healthz' }),
      ]);
      if (a.statusCode === 503) busy = a;
      if (b.statusCode === 503) english = b;
      if (c.statusCode === 503) ready = c;
      if (a.statusCode === 503) live = d;
    }
    expect(busy?.statusCode).toBe(503);
    expect(busy!.headers['retry-after']).toBe('5');
    const env = body(busy!);
    expect(env).toMatchObject({
      status: Status.UNAVAILABLE,
      ercd: 'UNAVAILABLE',
      messageCode: 'SERVER_BUSY',
    });
    expect(env.message).toBe('服务器繁忙，请 5 秒后再试');
    expect(body(english!).message).toBe('the server is busy, try again in 5 s');
    expect(JSON.parse(ready!.body)).toEqual({ status: 'busy' });
    expect(live!.statusCode).toBe(200);

    // once the loop turns freely again, the same call is answered
    let answered = 0;
    for (let i = 0; i < 100 && answered !== 200; i++) {
      await new Promise((r) => setTimeout(r, 30));
      answered = (await signedGet(t.app, '/api/home/userinfo', {}, { session })).statusCode;
    }
    expect(answered).toBe(200);
  });
});
