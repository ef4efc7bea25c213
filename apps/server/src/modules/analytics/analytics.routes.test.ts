import type {
  DataOverview,
  DataPeers,
  EventBatchResult,
  FansChart,
  FansCount,
  FansPortrait,
  ListData,
  FanItem,
  WorkDetail,
  WorkList,
} from '@cc/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { createArticle, createUpload } from '../../test/factories.js';
import { body, signedGet, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { videos } from '../../db/schema/index.js';
import { rebuildRollups } from './analytics.repo.js';

// API.md §10–§11 (issue #12): reader events in, audience data out. A second app on the same database runs on a
// clock the tests set, so day boundaries in REPORT_TZ (Asia/Shanghai) are exact.
const t = useTestApp();
const now = new Date('2026-11-20T04:00:00Z'); // 12:00 in Shanghai, 2026-11-20
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

let seq = 0;
const id = (prefix = 'ev') => `${prefix}-${process.pid}-${++seq}-xxxxxxxx`;

async function send(events: unknown[], key = DEV_OPEN_SITE_KEY, lang = 'en-US') {
  const res = await app.inject({
    method: 'POST',
    url: '/open/events',
    headers: { 'x-site-key': key, 'content-type': 'application/json', 'accept-language': lang },
    payload: JSON.stringify({ events }),
  });
  return {
    http: res.statusCode,
    env: JSON.parse(res.body) as { status: number; message: string; data: EventBatchResult },
  };
}

async function get<T>(url: string, param: unknown, session: TestSession) {
  return body<T>(await signedGet(app, url, param, { session }));
}

/** A published work of `userId` (an article unless `type`), optionally a video of `duration` seconds. */
async function work(userId: number, type: 'article' | 'video' = 'article', duration = 100) {
  const row = await createArticle(t.db, userId, {
    type,
    status: 'published',
    publishedAt: new Date('2026-11-01T00:00:00Z'),
    title: `${type} 测试作品 ${++seq}`,
  });
  if (type === 'video') {
    const key = await createUpload(t.db, userId, { duration });
    await t.db.insert(videos).values({ contentId: row.id, use: 'video', uploadKey: key });
  }
  return row.id;
}

const at = (iso: string) => new Date(iso).toISOString();

describe('POST /open/events: keys, limits, partial acceptance', () => {
  it('refuses a missing or wrong site key with 10002 (HTTP 401)', async () => {
    const wrong = await send([], 'not-the-key');
    expect(wrong.http).toBe(401);
    expect(wrong.env.status).toBe(10002);
    const res = await app.inject({ method: 'POST', url: '/open/events', payload: { events: [] } });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).status).toBe(10002);
  });

  it('limits each site’s requests per minute (10009 with Retry-After), other sites unaffected', async () => {
    const limited = await buildApp(
      {
        ...t.config,
        openSiteKeys: { limited: 'a-site-with-a-small-budget', other: 'another-site-key-0000' },
        openRequestsPerMinute: 2,
      },
      { handle: t.handle, clock: () => now },
    );
    await limited.ready();
    try {
      const post = (key: string) =>
        limited.inject({
          method: 'POST',
          url: '/open/events',
          headers: { 'x-site-key': key, 'content-type': 'application/json' },
          payload: { events: [] },
        });
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await post('a-site-with-a-small-budget'));
      expect(answers.map((r) => JSON.parse(r.body).status)).toEqual([10007, 10007, 10009]);
      expect(answers[2]!.statusCode).toBe(429);
      expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse((await post('another-site-key-0000')).body).status).toBe(10007);
    } finally {
      await limited.close();
    }
  });

  it('refuses more than 1000 events with 10010 and an empty batch with 10007', async () => {
    const author = await t.signIn();
    const w = await work(author.userId);
    const many = Array.from({ length: 1001 }, () => ({
      eventId: id(),
      type: 'view',
      at: at(now.toISOString()),
      readerId: 'r1',
      contentId: w,
    }));
    const over = await send(many);
    expect(over.http).toBe(413);
    expect(over.env.status).toBe(10010);
    expect(over.env.message).toContain('1000');
    const empty = await send([]);
    expect(empty.env.status).toBe(10007);
  });

  it('refuses a body over 1 MiB with 10010', async () => {
    const big = Array.from({ length: 900 }, () => ({
      eventId: id(),
      type: 'view',
      at: now.toISOString(),
      readerId: 'x'.repeat(64),
      contentId: 1,
      pad: 'y'.repeat(1200),
    }));
    const res = await send(big);
    expect(res.env.status).toBe(10010);
  });

  it('keeps the valid events of a batch and names each rejected one by index and rule', async () => {
    const author = await t.signIn();
    const w = await work(author.userId);
    const v = await work(author.userId, 'video');
    const events = [
      { eventId: id(), type: 'view', at: now.toISOString(), readerId: 'r1', contentId: w },
      { eventId: 'short', type: 'view', at: now.toISOString(), readerId: 'r1', contentId: w },
      { eventId: id(), type: 'view', at: now.toISOString(), readerId: 'r1', contentId: 999_999 },
      { eventId: id(), type: 'view', at: now.toISOString(), readerId: 'r1' },
      {
        eventId: id(),
        type: 'view',
        at: new Date(now.getTime() - 8 * 86_400_000).toISOString(),
        readerId: 'r1',
        contentId: w,
      },
      {
        eventId: id(),
        type: 'view',
        at: new Date(now.getTime() + 6 * 60_000).toISOString(),
        readerId: 'r1',
        contentId: w,
      },
      { eventId: id(), type: 'play', at: now.toISOString(), readerId: 'r1', contentId: w, watchMs: 10 },
      { eventId: id(), type: 'follow', at: now.toISOString(), readerId: 'r1', authorId: 999_999 },
      { eventId: id(), type: 'play', at: now.toISOString(), readerId: 'r1', contentId: String(v) },
      {
        eventId: id(),
        type: 'play',
        at: now.toISOString(),
        readerId: 'r1',
        contentId: String(v),
        watchMs: 5000,
      },
    ];
    const { env } = await send(events);
    expect(env.status).toBe(1);
    expect(env.data.accepted).toBe(2);
    expect(env.data.duplicates).toBe(0);
    expect(env.data.rejected.map((r) => r.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const messages = env.data.rejected.map((r) => r.message);
    expect(messages[0]).toMatch(/^event 1: eventId must be 8-64 characters/);
    expect(messages[1]).toBe('event 2: contentId no such work');
    expect(messages[2]).toMatch(/contentId is required/);
    expect(messages[3]).toMatch(/at must be within the last 7 days/);
    expect(messages[4]).toMatch(/at must be at most 5 minutes ahead/);
    expect(messages[5]).toMatch(/play is for videos/);
    expect(messages[6]).toMatch(/authorId no such author/);
    expect(messages[7]).toMatch(/watchMs is required for play/);
    // in Chinese too
    const zh = await send([events[1]], DEV_OPEN_SITE_KEY, 'zh-CN');
    expect(zh.env.data.rejected[0]!.message).toMatch(/^第 0 条：eventId 必须是 8–64 位/);
  });

  it('refuses watchMs off a play, promotionId off an impression or view, a follow without authorId', async () => {
    const author = await t.signIn();
    const w = await work(author.userId);
    const at = now.toISOString();
    const { env } = await send([
      { eventId: id(), type: 'view', at, readerId: 'r1', contentId: w, watchMs: 10 },
      { eventId: id(), type: 'like', at, readerId: 'r1', contentId: w, promotionId: 7 },
      { eventId: id(), type: 'follow', at, readerId: 'r1', contentId: w },
      { eventId: id(), type: 'view', at, readerId: 'r1', contentId: w, promotionId: '7' },
    ]);
    expect(env.data.accepted).toBe(1);
    expect(env.data.rejected.map((r) => r.message)).toEqual([
      'event 0: watchMs is allowed on play only',
      'event 1: promotionId is allowed on impression and view only',
      'event 2: authorId is required for follow and unfollow',
    ]);
  });

  it('is idempotent by eventId: a repeated batch (and a repeat inside one) changes nothing', async () => {
    const author = await t.signIn();
    const w = await work(author.userId);
    const e1 = { eventId: id(), type: 'view', at: now.toISOString(), readerId: 'r1', contentId: w };
    const e2 = { eventId: id(), type: 'like', at: now.toISOString(), readerId: 'r1', contentId: w };
    const first = await send([e1, e2, e1]);
    expect(first.env.data).toEqual({ accepted: 2, duplicates: 1, rejected: [] });
    const again = await send([e1, e2]);
    expect(again.env.data).toEqual({ accepted: 0, duplicates: 2, rejected: [] });
    const o = await get<DataOverview>('/api/data/overview', { period: 'today' }, author);
    expect(o.data.metrics.views).toBe(1);
    expect(o.data.metrics.likes).toBe(1);
  });
});

describe('state rules and day boundaries', () => {
  it('counts only events that change a reader’s state; numbers never go negative', async () => {
    const author = await t.signIn();
    const w = await work(author.userId);
    const ev = (type: string, readerId: string, minute: number, extra: Record<string, unknown> = {}) => ({
      eventId: id(),
      type,
      at: new Date(now.getTime() - 60 * 60_000 + minute * 60_000).toISOString(),
      readerId,
      ...(type === 'follow' || type === 'unfollow' ? { authorId: author.userId } : { contentId: w }),
      ...extra,
    });
    const { env } = await send([
      ev('like', 'a', 1),
      ev('like', 'a', 2), // already liked: nothing
      ev('unlike', 'b', 3), // never liked: nothing
      ev('unfollow', 'c', 4), // not following: nothing
      ev('follow', 'a', 5),
      ev('follow', 'a', 6), // already following
      ev('favorite', 'a', 7),
      ev('unfavorite', 'a', 8),
      ev('favorite', 'b', 9),
    ]);
    expect(env.data.accepted).toBe(9);
    // a later batch: a unlikes (effective), then likes again (effective)
    await send([ev('unlike', 'a', 10), ev('like', 'a', 11), ev('unfollow', 'a', 12), ev('follow', 'b', 13)]);
    const o = await get<DataOverview>('/api/data/overview', { period: 'today' }, author);
    expect(o.data.metrics).toMatchObject({
      likes: 1, // +1, −1, +1
      favorites: 1, // a: +1 −1, b: +1
      fansGained: 2,
      fansLost: 1,
      fansNet: 1,
      fansTotal: 1,
    });
    const count = await get<FansCount>('/api/fans/count', {}, author);
    expect(count.data.total).toBe(1);
  });

  it('buckets by the REPORT_TZ calendar day (Asia/Shanghai: 16:00 UTC is midnight)', async () => {
    const author = await t.signIn();
    const w = await work(author.userId);
    // now = 2026-11-20 12:00 Shanghai; yesterday = 2026-11-19
    await send([
      { eventId: id(), type: 'view', at: '2026-11-18T15:59:59Z', readerId: 'r', contentId: w }, // 11-18 23:59:59
      { eventId: id(), type: 'view', at: '2026-11-18T16:00:00Z', readerId: 'r', contentId: w }, // 11-19 00:00
      { eventId: id(), type: 'view', at: '2026-11-19T15:59:59.999+00:00', readerId: 'r', contentId: w }, // 11-19
      { eventId: id(), type: 'view', at: '2026-11-20T00:00:00+08:00', readerId: 'r', contentId: w }, // 11-20
    ]);
    const y = await get<DataOverview>('/api/data/overview', { period: 'yesterday' }, author);
    expect(y.data.range).toEqual({ start: '2026-11-19', end: '2026-11-19' });
    expect(y.data.metrics.views).toBe(2);
    expect(y.data.previous!.views).toBe(1);
    const today = await get<DataOverview>('/api/data/overview', { period: 'today' }, author);
    expect(today.data.metrics.views).toBe(1);
    const week = await get<DataOverview>('/api/data/overview', { period: '7d' }, author);
    expect(week.data.range).toEqual({ start: '2026-11-13', end: '2026-11-19' });
    expect(week.data.trend.map((d) => d.views)).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(week.data.metrics.views).toBe(3);
  });
});

describe('audience data (API.md §11)', () => {
  let author: Awaited<ReturnType<typeof t.signIn>>;
  let article: number;
  let video: number;
  beforeAll(async () => {
    author = await t.signIn();
    article = await work(author.userId);
    video = await work(author.userId, 'video', 100); // 100 s: complete at ≥ 90,000 ms
    const ts = now.toISOString();
    const plays = [95_000, 100_000, 2_999, 3_000, 50_000].map((watchMs, i) => ({
      eventId: id(),
      type: 'play',
      at: ts,
      readerId: `p${i}`,
      contentId: video,
      watchMs,
      source: i < 3 ? 'search' : 'recommend',
    }));
    const views = Array.from({ length: 3 }, (_, i) => ({
      eventId: id(),
      type: 'view',
      at: ts,
      readerId: `v${i}`,
      contentId: article,
      source: i === 0 ? 'follow' : 'search',
      reader: { gender: 'female', ageBand: '25-30', region: 'CN-SH', device: 'ios' },
    }));
    const impressions = Array.from({ length: 4 }, () => ({
      eventId: id(),
      type: 'impression',
      at: ts,
      readerId: 'i',
      contentId: article,
      source: 'recommend',
    }));
    const follows = ['v0', 'v1'].map((readerId) => ({
      eventId: id(),
      type: 'follow',
      at: ts,
      readerId,
      authorId: author.userId,
    }));
    const { env } = await send([
      ...plays,
      ...views,
      ...impressions,
      ...follows,
      { eventId: id(), type: 'share', at: ts, readerId: 'v0', contentId: article },
    ]);
    expect(env.data.accepted).toBe(15);
  });

  it('overview: counts, completion and 3 s exit rates, the type filter', async () => {
    const o = await get<DataOverview>('/api/data/overview', { period: 'today' }, author);
    expect(o.status).toBe(1);
    expect(o.data.asOf).toBe(now.toISOString());
    expect(o.data.metrics).toEqual({
      impressions: 4,
      views: 3,
      plays: 5,
      watchMs: 95_000 + 100_000 + 2_999 + 3_000 + 50_000,
      completionRate: 0.4,
      exitRate3s: 0.2,
      likes: 0,
      favorites: 0,
      shares: 1,
      comments: 0,
      barrages: 0,
      fansGained: 2,
      fansLost: 0,
      fansNet: 2,
      fansTotal: 2,
    });
    const videosOnly = await get<DataOverview>(
      '/api/data/overview',
      { period: 'today', type: 'video' },
      author,
    );
    expect(videosOnly.data.metrics.views).toBe(0);
    expect(videosOnly.data.metrics.plays).toBe(5);
    const all = await get<DataOverview>('/api/data/overview', { period: 'all' }, author);
    expect(all.data.previous).toBeNull();
    expect(all.data.metrics.plays).toBe(5);
  });

  it('work_list: metrics per work, sorted, searched, paged', async () => {
    const list = await get<WorkList>(
      '/api/data/work_list',
      { period: 'today', sort: 'plays', order: 'desc', page: 1, pageSize: 10 },
      author,
    );
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((w) => w.id)).toEqual([video, article]);
    expect(list.data.list[0]).toMatchObject({ plays: 5, completionRate: 0.4, exitRate3s: 0.2 });
    expect(list.data.list[1]).toMatchObject({ views: 3, impressions: 4, shares: 1 });
    const asc = await get<WorkList>(
      '/api/data/work_list',
      { period: 'today', sort: 'views', order: 'asc', page: 1, pageSize: 1 },
      author,
    );
    expect(asc.data.list.map((w) => w.id)).toEqual([video]);
    expect(asc.data.total).toBe(2);
    const found = await get<WorkList>(
      '/api/data/work_list',
      { period: 'today', keyword: 'VIDEO 测试', page: 1, pageSize: 10 },
      author,
    );
    expect(found.data.list.map((w) => w.id)).toEqual([video]);
  });

  it('work_detail: sources, the retention curve of a video; another author’s work is 10006', async () => {
    const d = await get<WorkDetail>('/api/data/work_detail', { id: video, period: 'today' }, author);
    expect(d.data.metrics.plays).toBe(5);
    expect(d.data.retention).toHaveLength(21);
    expect(d.data.retention![0]).toEqual({ at: 0, share: 1 });
    // at 50 %: plays of 95 s, 100 s, 50 s still watching = 3 / 5
    expect(d.data.retention![10]).toEqual({ at: 0.5, share: 0.6 });
    expect(d.data.retention![20]).toEqual({ at: 1, share: 0.2 });
    const a = await get<WorkDetail>('/api/data/work_detail', { id: article, period: 'today' }, author);
    expect(a.data.retention).toBeUndefined();
    expect(a.data.sources).toEqual([
      { source: 'search', views: 2 },
      { source: 'follow', views: 1 },
    ]);
    const other = await t.signIn();
    const refused = await get('/api/data/work_detail', { id: video, period: 'today' }, other);
    expect(refused.status).toBe(10006);
  });

  it('fans: count, chart, list, portrait', async () => {
    const count = await get<FansCount>('/api/fans/count', {}, author);
    expect(count.data).toMatchObject({ total: 2, gainedYesterday: 0, lostYesterday: 0 });
    const chart = await get<FansChart>('/api/fans/chart', { period: 'today' }, author);
    expect(chart.data).toEqual([{ date: '2026-11-20', gained: 2, lost: 0, net: 2, total: 2 }]);
    const list = await get<ListData<FanItem>>('/api/fans/list', { page: 1, pageSize: 10 }, author);
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((f) => f.readerId).sort()).toEqual(['v0', 'v1']);
    expect(list.data.list[0]).toMatchObject({
      gender: 'female',
      ageBand: '25-30',
      region: 'CN-SH',
      device: 'ios',
    });
    const portrait = await get<FansPortrait>('/api/fans/portrait', {}, author);
    expect(portrait.data.region).toEqual([{ key: 'CN-SH', count: 2 }]);
  });

  it('fans/export: every current fan as CSV and as XLSX with a Content-Disposition', async () => {
    const csv = await signedGet(app, '/api/fans/export', { format: 'csv' }, { session: author });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="fans-2026-11-20\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('读者ID,关注时间,性别,年龄段,地区,设备');
    const xlsx = await signedGet(
      app,
      '/api/fans/export',
      { format: 'xlsx' },
      { session: author, headers: { 'accept-language': 'en-US' } },
    );
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Followers');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Reader ID',
      'Followed at',
      'Gender',
      'Age band',
      'Region',
      'Device',
    ]);
    expect(sheet.actualRowCount).toBe(3);
  });

  it('peers: the median of every author with data when the author has no field', async () => {
    const p = await get<DataPeers>('/api/data/peers', { period: '7d' }, author);
    expect(p.status).toBe(1);
    expect(p.data.field).toBeNull();
    expect(p.data.authors).toBeGreaterThanOrEqual(1);
  });

  it('rebuilding the rollups from the raw events gives the same numbers', async () => {
    const before = await get<DataOverview>('/api/data/overview', { period: 'today' }, author);
    await rebuildRollups(t.db);
    const after = await get<DataOverview>('/api/data/overview', { period: 'today' }, author);
    expect(after.data.metrics).toEqual(before.data.metrics);
  });
});
