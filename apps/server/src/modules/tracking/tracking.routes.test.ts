import {
  DEV_SIGN_SECRET,
  signPayload,
  TRACKING_BATCH_MAX,
  TRACKING_RATE_PER_HOUR,
  WEB_CID,
  WEB_VER,
  type Envelope,
  type TrackingBatchResult,
  type TrackingEventInput,
  type TrackingSettings,
  type TrackingUsage,
} from '@cc/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { readerEvents, trackingEvents } from '../../db/schema/index.js';
import { trackingJobs } from '../../jobs/tracking.js';
import type { TestAuthor } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Issue #15 "Tracking points" (docs/api.md "Tracking points"): batches validated and bounded, idempotent by event id,
// the beacon signed in its body, the opt-out honoured by the server, the retention purge, and the operators' usage
// view computed from the tracking table only (REPORT_TZ Asia/Shanghai days). A second app runs on a clock the tests set.
const t = useTestApp();
let now = new Date('2026-11-24T14:00:00Z'); // 22:00 in Shanghai, day 2026-11-24
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

const EN = 'en-US';
const ZH = 'zh-CN';
let seq = 0;
const nextId = () => `evt-${process.pid}-${++seq}-abcdef`;

/** A page view (or action) event at `at`. */
function ev(over: Partial<TrackingEventInput> = {}): TrackingEventInput {
  return {
    id: nextId(),
    kind: 'page_view',
    pageTitle: 'Content management',
    region: 'content',
    path: '/content',
    at: now.toISOString(),
    ...over,
  };
}
const action = (a: 'publish' | 'upload' | 'export', over: Partial<TrackingEventInput> = {}) =>
  ev({
    kind: 'action',
    action: a,
    contentTitle: 'My work',
    path: '/publish/video',
    region: 'publish',
    ...over,
  });

async function send(a: TestAuthor, events: unknown[], lang = EN): Promise<Envelope<TrackingBatchResult>> {
  return body<TrackingBatchResult>(
    await signedPost(
      app,
      '/api/tracking/batch',
      { events },
      { session: a, headers: { 'accept-language': lang } },
    ),
  );
}
async function usage(a: TestAuthor, from: string, to: string, lang = EN): Promise<Envelope<TrackingUsage>> {
  return body<TrackingUsage>(
    await signedGet(
      app,
      '/api/ops/tracking/usage',
      { from, to },
      { session: a, headers: { 'accept-language': lang } },
    ),
  );
}
async function stored(userId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(trackingEvents)
    .where(eq(trackingEvents.userId, userId));
  return row!.n;
}

/** The beacon's form body: encryptType and the six signed fields, urlencoded (as navigator.sendBeacon sends it). */
function beaconBody(a: TestAuthor | null, payload: unknown, over: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    encryptType: '1',
    ...signPayload(payload, {
      cid: WEB_CID,
      ver: WEB_VER,
      uid: a ? String(a.userId) : '0',
      secret: DEV_SIGN_SECRET,
      nowSeconds: Math.floor(now.getTime() / 1000),
    }),
    ...over,
  };
  return new URLSearchParams(
    Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
}
async function beacon(a: TestAuthor | null, payload: unknown, over: Record<string, string | undefined> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/tracking/beacon',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    cookies: a?.cookies,
    payload: beaconBody(a, payload, over),
  });
  return body<TrackingBatchResult>(res);
}

describe('POST /api/tracking/batch', () => {
  it('stores the events with the spec attributes, once per event id', async () => {
    const a = await t.signIn();
    const events = [ev(), action('publish')];
    const first = await send(a, events);
    expect(first.status, first.message).toBe(1);
    expect(first.data).toEqual({ accepted: 2, duplicates: 0, dropped: 0, optedOut: false });
    // the same batch again (a retry, or the beacon after a fetch): nothing new
    const again = await send(a, events);
    expect(again.data).toEqual({ accepted: 0, duplicates: 2, dropped: 0, optedOut: false });
    // a repeated id inside one batch counts once
    const id = nextId();
    const inBatch = await send(a, [ev({ id }), ev({ id })]);
    expect(inBatch.data).toEqual({ accepted: 1, duplicates: 1, dropped: 0, optedOut: false });
    expect(await stored(a.userId)).toBe(3);
    const rows = await t.db.select().from(trackingEvents).where(eq(trackingEvents.clientId, events[1]!.id));
    expect(rows).toMatchObject([
      {
        userId: a.userId,
        kind: 'action',
        action: 'publish',
        contentTitle: 'My work',
        region: 'publish',
        path: '/publish/video',
        pageTitle: 'Content management',
      },
    ]);
    expect(rows[0]!.occurredAt.toISOString()).toBe(now.toISOString());
    // the same client id from another author is another event
    const b = await t.signIn();
    expect((await send(b, events)).data.accepted).toBe(2);
  });

  it('refuses a bad batch as a whole with the field named, in both languages, and stores nothing', async () => {
    const a = await t.signIn();
    const cases: [unknown[], string][] = [
      [[], 'events'],
      [Array.from({ length: TRACKING_BATCH_MAX + 1 }, () => ev()), 'events'],
      [[ev(), ev({ path: 'content' })], 'events.1.path'],
      [[ev({ path: '/content?token=secret' })], 'events.0.path'],
      [[ev({ pageTitle: 'x'.repeat(121) })], 'events.0.pageTitle'],
      [[ev({ contentTitle: 'y'.repeat(201) })], 'events.0.contentTitle'],
      [[ev({ id: 'short' })], 'events.0.id'],
      [[ev({ region: 'beijing' as never })], 'events.0.region'],
      [[ev({ at: 'yesterday' })], 'events.0.at'],
      [[ev({ kind: 'action' })], 'events.0.action'],
      [[ev({ action: 'publish' })], 'events.0.action'],
      [[{ ...ev(), ip: '1.2.3.4' }], 'events.0'],
    ];
    for (const [events, path] of cases) {
      const env = await send(a, events);
      expect(env.status, path).toBe(10007);
      const fields = (env.data as unknown as { fields: { path: string }[] }).fields;
      expect(
        fields.map((f) => f.path),
        path,
      ).toContain(path);
    }
    const zh = await send(a, [ev({ path: 'content' })], ZH);
    expect(zh.message).toContain('必须是以 / 开头的页面路径');
    const en = await send(a, [ev({ path: 'content' })], EN);
    expect(en.message).toContain('must be a page path starting with /');
    expect(await stored(a.userId)).toBe(0);
  });

  it('drops events too old or ahead, and beyond the hourly rate', async () => {
    const a = await t.signIn();
    const old = new Date(now.getTime() - 49 * 3600_000).toISOString();
    const ahead = new Date(now.getTime() + 10 * 60_000).toISOString();
    const env = await send(a, [ev({ at: old }), ev({ at: ahead }), ev()]);
    expect(env.data).toEqual({ accepted: 1, duplicates: 0, dropped: 2, optedOut: false });
    // fill the hour up to the rate: the rest is dropped
    let sent = 1;
    while (sent < TRACKING_RATE_PER_HOUR) {
      const n = Math.min(TRACKING_BATCH_MAX, TRACKING_RATE_PER_HOUR - sent);
      expect(
        (
          await send(
            a,
            Array.from({ length: n }, () => ev()),
          )
        ).data.accepted,
      ).toBe(n);
      sent += n;
    }
    expect((await send(a, [ev(), ev()])).data).toEqual({
      accepted: 0,
      duplicates: 0,
      dropped: 2,
      optedOut: false,
    });
    expect(await stored(a.userId)).toBe(TRACKING_RATE_PER_HOUR);
    // an hour later there is room again
    const saved = now;
    now = new Date(now.getTime() + 3600_000 + 1000);
    try {
      expect((await send(a, [ev()])).data.accepted).toBe(1);
    } finally {
      now = saved;
    }
  });

  it('drops every event of an author who opted out, on the server, and records again after opting in', async () => {
    const a = await t.signIn();
    const initial = body<TrackingSettings>(
      await signedGet(app, '/api/tracking/settings', {}, { session: a }),
    );
    expect(initial.data).toEqual({ optOut: false, updatedAt: null });
    const saved = body<TrackingSettings>(
      await signedPost(app, '/api/tracking/save_settings', { optOut: true }, { session: a }),
    );
    expect(saved.data).toEqual({ optOut: true, updatedAt: now.toISOString() });
    expect(
      body<TrackingSettings>(await signedGet(app, '/api/tracking/settings', {}, { session: a })).data.optOut,
    ).toBe(true);
    const env = await send(a, [ev(), action('upload')]);
    expect(env.data).toEqual({ accepted: 0, duplicates: 0, dropped: 2, optedOut: true });
    expect((await beacon(a, { events: [ev()] })).data.optedOut).toBe(true);
    expect(await stored(a.userId)).toBe(0);
    await signedPost(app, '/api/tracking/save_settings', { optOut: false }, { session: a });
    expect((await send(a, [ev()])).data.accepted).toBe(1);
    // a bad setting is refused
    const bad = body(await signedPost(app, '/api/tracking/save_settings', { optOut: 'yes' }, { session: a }));
    expect(bad.status).toBe(10007);
  });

  it('needs a session', async () => {
    const env = body(await signedPost(app, '/api/tracking/batch', { events: [ev()] }, { session: null }));
    expect(env.status).toBe(10002);
  });
});

describe('POST /api/tracking/beacon', () => {
  it('stores a batch signed in its form body with the session cookie, idempotent with the batch call', async () => {
    const a = await t.signIn();
    const events = [ev({ path: '/data/overview', region: 'data' })];
    const env = await beacon(a, { events });
    expect(env.status, env.message).toBe(1);
    expect(env.data).toEqual({ accepted: 1, duplicates: 0, dropped: 0, optedOut: false });
    expect((await send(a, events)).data.duplicates).toBe(1);
  });

  it('runs the same checks as a signed call: encryptType, signature, time, session and uid, schema', async () => {
    const a = await t.signIn();
    const payload = { events: [ev()] };
    expect((await beacon(a, payload, { encryptType: undefined })).status).toBe(10003);
    expect((await beacon(a, payload, { sign: 'f'.repeat(32) })).status).toBe(10003);
    expect((await beacon(null, payload)).status).toBe(10002);
    const b = await t.signIn();
    expect((await beacon(a, payload, { uid: String(b.userId) })).status).toBe(10002); // uid must be the session's
    const stale = await app.inject({
      method: 'POST',
      url: '/api/tracking/beacon',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: a.cookies,
      payload: (() => {
        const saved = now;
        now = new Date(now.getTime() - 3600_000);
        try {
          return beaconBody(a, payload);
        } finally {
          now = saved;
        }
      })(),
    });
    expect(body(stale).status).toBe(10004);
    expect((await beacon(a, { events: [ev({ path: 'x' })] })).status).toBe(10007);
    const notForm = await app.inject({
      method: 'POST',
      url: '/api/tracking/beacon',
      headers: { 'content-type': 'text/plain' },
      cookies: a.cookies,
      payload: 'hello',
    });
    expect(body(notForm).status).not.toBe(1);
    expect(notForm.statusCode).toBeLessThan(500);
    expect(await stored(a.userId)).toBe(0);
  });
});

describe('GET /api/ops/tracking/usage', () => {
  it('is for operators only (10005), in both languages', async () => {
    const a = await t.signIn();
    const en = await usage(a, '2026-11-20', '2026-11-24', EN);
    expect(en.status).toBe(10005);
    const zh = await usage(a, '2026-11-20', '2026-11-24', ZH);
    expect(zh.status).toBe(10005);
    expect(zh.message).not.toBe(en.message);
  });

  it('refuses a reversed or too long period', async () => {
    const op = await t.signIn({ role: 'operator' });
    expect((await usage(op, '2026-11-24', '2026-11-20')).status).toBe(10007);
    const long = await usage(op, '2026-01-01', '2026-11-24', ZH);
    expect(long.status).toBe(10007);
    expect(long.message).toContain('92');
    expect((await usage(op, '2026-11-1', '2026-11-24')).status).toBe(10007);
    const one = body(
      await signedGet(app, '/api/ops/tracking/usage', { from: '2026-11-01' }, { session: op }),
    );
    expect(one.status).toBe(10007);
  });

  it('counts what was sent: active authors per REPORT_TZ day, the upload → publish funnel, top pages, actions', async () => {
    const op = await t.signIn({ role: 'operator' });
    // a period no other test writes to: 2026-10-01..03 in Shanghai
    const saved = now;
    const at = (iso: string) => new Date(iso).toISOString();
    try {
      // each batch is sent a little after its events (events over 48 h old are dropped)
      now = new Date('2026-10-01T03:00:00Z');
      const [a, b, c] = [await t.signIn(), await t.signIn(), await t.signIn()];
      const readersBefore = (await t.db.select({ n: count() }).from(readerEvents))[0]!.n;
      // 2026-09-30T16:30Z is 2026-10-01 00:30 in Shanghai (UTC it is still Sep 30)
      await send(a, [
        ev({ at: at('2026-09-30T16:30:00Z'), path: '/home', region: 'home', pageTitle: 'Home' }),
        action('upload', { at: at('2026-09-30T16:40:00Z') }),
        action('publish', { at: at('2026-10-01T02:00:00Z') }),
      ]);
      now = new Date('2026-10-02T04:00:00Z');
      // b uploads but never publishes after the upload (a publish BEFORE the upload does not count)
      await send(b, [
        action('publish', { at: at('2026-10-01T01:00:00Z') }),
        action('upload', { at: at('2026-10-02T03:00:00Z') }),
        ev({ at: at('2026-10-02T03:01:00Z'), path: '/home', region: 'home', pageTitle: 'Home' }),
      ]);
      now = new Date('2026-10-03T12:00:00Z');
      // c only browses, on day 3; an export too
      await send(c, [
        ev({ at: at('2026-10-03T01:00:00Z') }),
        ev({ at: at('2026-10-03T01:05:00Z'), path: '/home', region: 'home', pageTitle: 'Home' }),
        action('export', { at: at('2026-10-03T01:10:00Z'), path: '/design/editor', region: 'editor' }),
      ]);
      // opted-out author: nothing counted
      const d = await t.signIn();
      await signedPost(app, '/api/tracking/save_settings', { optOut: true }, { session: d });
      await send(d, [action('upload'), action('publish')]);

      const env = await usage(op, '2026-10-01', '2026-10-03');
      expect(env.status, env.message).toBe(1);
      expect(env.data).toEqual({
        from: '2026-10-01',
        to: '2026-10-03',
        timeZone: 'Asia/Shanghai',
        activeAuthors: [
          { day: '2026-10-01', authors: 2 },
          { day: '2026-10-02', authors: 1 },
          { day: '2026-10-03', authors: 1 },
        ],
        totalAuthors: 3,
        funnel: { uploaded: 2, published: 1 },
        topPages: [
          { path: '/home', pageTitle: 'Home', views: 3, authors: 3 },
          { path: '/content', pageTitle: 'Content management', views: 1, authors: 1 },
        ],
        actions: [
          { action: 'export', count: 1, authors: 1 },
          { action: 'publish', count: 2, authors: 2 },
          { action: 'upload', count: 2, authors: 2 },
        ],
      });
      // without a period: the last 14 days up to today in REPORT_TZ (2026-10-03T12:00Z is 20:00 on 10-03 there;
      // at 2026-10-03T17:00Z it is already 10-04)
      const dflt = body<TrackingUsage>(await signedGet(app, '/api/ops/tracking/usage', {}, { session: op }));
      expect([dflt.data.from, dflt.data.to, dflt.data.activeAuthors.length]).toEqual([
        '2026-09-20',
        '2026-10-03',
        14,
      ]);
      expect(dflt.data.totalAuthors).toBe(3);
      now = new Date('2026-10-03T17:00:00Z');
      const next = body<TrackingUsage>(await signedGet(app, '/api/ops/tracking/usage', {}, { session: op }));
      expect([next.data.from, next.data.to]).toEqual(['2026-09-21', '2026-10-04']);
      // a day with nothing is a 0, not missing
      const empty = await usage(op, '2026-09-28', '2026-09-29');
      expect(empty.data.activeAuthors).toEqual([
        { day: '2026-09-28', authors: 0 },
        { day: '2026-09-29', authors: 0 },
      ]);
      // tracking never writes reader events (API.md §10)
      expect((await t.db.select({ n: count() }).from(readerEvents))[0]!.n).toBe(readersBefore);
    } finally {
      now = saved;
    }
  });
});

describe('tracking-purge job', () => {
  it('deletes events older than 180 days and keeps the rest; safe to repeat', async () => {
    const a = await t.signIn();
    const saved = now;
    try {
      now = new Date('2026-03-01T00:00:00Z');
      await send(a, [ev()]);
      now = new Date('2026-08-20T00:00:00Z');
      await send(a, [ev()]);
    } finally {
      now = saved;
    }
    const job = trackingJobs.find((j) => j.name === 'tracking-purge')!;
    // 2026-09-01 minus 180 days = 2026-03-05: the March event goes, the August one stays
    const result = await job.run(t.db, new Date('2026-09-01T00:00:00Z'), { reportTz: 'Asia/Shanghai' });
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect(await stored(a.userId)).toBe(1);
    await job.run(t.db, new Date('2026-09-01T00:00:00Z'), { reportTz: 'Asia/Shanghai' });
    expect(await stored(a.userId)).toBe(1);
  });
});
