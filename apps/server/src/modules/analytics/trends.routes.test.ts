import type { CreativeHot, CreativeInterest, TopicEngagement, TopicItem } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { contents } from '../../db/schema/index.js';
import { createArticle } from '../../test/factories.js';
import { body, signedGet, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Creative trends and topic engagement (issue #12 `creativeHot`, `creativeInterest`, `topic`; docs/api.md
// "Creative trends and topics"). A second app on the same database runs on a clock the tests move, and every
// number comes from events sent through /open/events, so the 24 h window and the week boundaries are exact.
// Each describe block uses its own stretch of time, so the platform-wide lists see only its own events.
const t = useTestApp();
let now = new Date('2026-11-20T04:00:00Z');
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

let seq = 0;
const eventId = () => `tr-${process.pid}-${++seq}-xxxxxxxx`;

/** Sends events as the reader site at the app's current clock; every one must be accepted. */
async function send(events: Record<string, unknown>[]) {
  for (let i = 0; i < events.length; i += 1000) {
    const res = await app.inject({
      method: 'POST',
      url: '/open/events',
      headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
      payload: JSON.stringify({
        events: events.slice(i, i + 1000).map((e) => ({ eventId: eventId(), ...e })),
      }),
    });
    const env = JSON.parse(res.body) as { data: { accepted: number; rejected: unknown[] } };
    expect(env.data.rejected).toEqual([]);
  }
}

/** `n` events of `type` on work `contentId` at `at` (distinct readers). */
const many = (n: number, contentId: number, at: string, type = 'view') =>
  Array.from({ length: n }, (_, i) => ({ type, at, readerId: `r${i}`, contentId }));

async function get<T>(url: string, param: unknown, session: TestSession, lang = 'zh-CN') {
  return body<T>(await signedGet(app, url, param, { session, headers: { 'accept-language': lang } }));
}

/** A published work of `userId`. */
async function work(userId: number, title: string, fields: Partial<typeof contents.$inferInsert> = {}) {
  const row = await createArticle(t.db, userId, {
    status: 'published',
    publishedAt: new Date('2026-10-01T00:00:00Z'),
    title,
    ...fields,
  });
  return row.id;
}

describe('GET /api/creative/hot: the last 24 h of every author’s works', () => {
  // window (2026-11-19T04:00Z, 2026-11-20T04:00Z]; hour i covers (start + i h, start + (i + 1) h]
  const NOW = '2026-11-20T04:00:00.000Z';
  const ago = (minutes: number) => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();
  let me: TestSession;
  beforeAll(async () => {
    now = new Date(NOW);
    me = await t.signIn();
    const other = await t.signIn();
    const su7 = await work(me.userId, '小米SU7 Ultra赛道实测', { carSeriesIds: [49002, 1001] });
    const han = await work(me.userId, '比亚迪汉冬季续航实测', { carSeriesIds: [1001] });
    const l9 = await work(other.userId, '理想L9家用体验', { carSeriesIds: [41005] });
    const gone = await work(other.userId, '特斯拉Model Y降价', { carSeriesIds: [71002] });
    await send([
      ...many(3, su7, ago(30)), // hour 23
      { type: 'like', at: ago(90), readerId: 'fan', contentId: su7 }, // hour 22
      { type: 'share', at: NOW, readerId: 'fan', contentId: su7 }, // the window's last instant: hour 23
      ...many(4, han, ago(23 * 60 + 30)), // hour 0
      { type: 'view', at: ago(24 * 60), readerId: 'old', contentId: han }, // the window's start: out
      { type: 'view', at: ago(25 * 60), readerId: 'old', contentId: han }, // out
      ...many(5, han, ago(10), 'impression'), // not engagement
      { type: 'favorite', at: ago(20), readerId: 'f', contentId: han },
      { type: 'unfavorite', at: ago(19), readerId: 'f', contentId: han }, // nets to 0
      ...many(6, l9, ago(11 * 60 + 30)), // hour 12
      { type: 'like', at: ago(5), readerId: 'x', contentId: l9 },
      { type: 'unlike', at: ago(4), readerId: 'x', contentId: l9 },
      { type: 'unlike', at: ago(3), readerId: 'x', contentId: l9 }, // not effective: counts nothing
      ...many(10, gone, ago(60)),
    ]);
    await t.db.update(contents).set({ status: 'deleted' }).where(eq(contents.id, gone));
  });

  it('ranks car series by engagement with their works and an hourly sparkline', async () => {
    const res = await get<CreativeHot>('/api/creative/hot', { kind: 'series' }, me);
    expect(res.status).toBe(1);
    expect(res.data.asOf).toBe(NOW);
    expect(res.data.range).toEqual({ start: '2026-11-19T04:00:00.000Z', end: NOW });
    expect(res.data.list.map((s) => [s.rank, s.label, s.engagement, s.works])).toEqual([
      [1, '比亚迪 汉', 9, 2],
      [2, '理想 L9', 6, 1],
      [3, '小米 SU7 Ultra', 5, 1],
    ]);
    const han = res.data.list[0]!;
    expect(han).toMatchObject({ key: '1001', seriesId: 1001 });
    expect(han.sparkline).toHaveLength(24);
    expect(han.sparkline[0]).toBe(4);
    expect(han.sparkline[22]).toBe(1);
    expect(han.sparkline[23]).toBe(4);
    expect(han.sparkline.reduce((a, b) => a + b, 0)).toBe(9);
    expect(res.data.list[1]!.sparkline[12]).toBe(6);
  });

  it('names series in the request language; keywords come from the titles', async () => {
    const en = await get<CreativeHot>('/api/creative/hot', { kind: 'series' }, me, 'en-US');
    expect(en.data.list.map((s) => s.label)).toEqual(['BYD Han', 'Li Auto L9', 'Xiaomi SU7 Ultra']);
    const kw = await get<CreativeHot>('/api/creative/hot', { kind: 'keyword' }, me);
    expect(kw.data.kind).toBe('keyword');
    expect(kw.data.list[0]).toMatchObject({ rank: 1, key: '实测', label: '实测', engagement: 9, works: 2 });
    expect(kw.data.list[0]!.seriesId).toBeUndefined();
    const keys = kw.data.list.map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['续航', '冬季', '赛道', '理想', '家用']));
    expect(keys).not.toContain('特斯拉'); // the deleted work
    expect(keys.every((k) => [...k].length >= 2)).toBe(true);
  });

  it('moves with the clock: an hour later the oldest hour has left the window', async () => {
    now = new Date(Date.parse(NOW) + 60 * 60_000);
    try {
      const res = await get<CreativeHot>('/api/creative/hot', { kind: 'series' }, me);
      const han = res.data.list.find((s) => s.key === '1001')!;
      expect(han.engagement).toBe(5);
      expect(han.sparkline[21]).toBe(1);
      expect(han.sparkline[22]).toBe(4);
    } finally {
      now = new Date(NOW);
    }
  });

  it('refuses an unknown kind with 10007 and needs a session', async () => {
    const bad = await get('/api/creative/hot', { kind: 'brand' }, me);
    expect(bad.status).toBe(10007);
    const anonymous = body(await signedGet(app, '/api/creative/hot', { kind: 'series' }, {}));
    expect(anonymous.status).toBe(10002);
  });
});

describe('GET /api/creative/interest: the last 7 complete days against the 7 before', () => {
  // now 2026-12-20 12:00 Shanghai: this week 12-13…12-19, the week before 12-06…12-12
  const NOW = '2026-12-20T04:00:00.000Z';
  const day = (d: string) => `${d}T04:00:00.000Z`; // noon in Shanghai
  let me: TestSession;
  beforeAll(async () => {
    me = await t.signIn();
    const w = async (title: string, series: number) => work(me.userId, title, { carSeriesIds: [series] });
    const model3 = await w('Model3 长测报告', 71001); // 10 → 60: +500 %
    const modelS = await w('首发体验 Model S', 71004); // 0 → 55: new
    const modelX = await w('底盘解析 Model X', 71005); // 10 → 49: under the threshold
    const l6 = await w('保值分析 L6', 41002); // 100 → 80: falling
    const l7 = await w('智驾对比 L7', 41003); // 10 → 50: +400 %, at the threshold
    now = new Date('2026-12-12T00:00:00Z'); // events may be at most 7 days old
    await send([
      ...many(10, model3, day('2026-12-08')),
      ...many(10, modelX, day('2026-12-08')),
      ...many(100, l6, day('2026-12-08')),
      ...many(10, l7, day('2026-12-08')),
      ...many(3, l7, '2026-12-05T15:59:59Z'), // Saturday 12-05 23:59:59 in Shanghai: before both weeks
    ]);
    now = new Date(NOW);
    await send([
      ...many(50, model3, day('2026-12-15')),
      ...many(10, model3, '2026-12-19T15:59:59Z'), // Saturday 12-19 23:59:59: the last second of the week
      ...many(7, model3, '2026-12-19T16:00:00Z'), // today: not a complete day
      ...many(55, modelS, day('2026-12-15')),
      ...many(49, modelX, day('2026-12-15')),
      ...many(80, l6, day('2026-12-15')),
      ...many(50, l7, day('2026-12-15')),
    ]);
  });

  it('lists rising series over the threshold: new first, then by growth rate', async () => {
    const res = await get<CreativeInterest>('/api/creative/interest', { kind: 'series' }, me);
    expect(res.status).toBe(1);
    expect(res.data).toMatchObject({
      asOf: NOW,
      range: { start: '2026-12-13', end: '2026-12-19' },
      previousRange: { start: '2026-12-06', end: '2026-12-12' },
      minEngagement: 50,
    });
    expect(res.data.list.map((s) => [s.rank, s.label, s.engagement, s.previous, s.growthRate])).toEqual([
      [1, '特斯拉 Model S', 55, 0, null],
      [2, '特斯拉 Model 3', 60, 10, 5],
      [3, '理想 L7', 50, 10, 4],
    ]);
    const model3 = res.data.list[1]!;
    expect(model3.works).toBe(1);
    expect(model3.sparkline).toHaveLength(14);
    // 12-06 … 12-19: 12-08 is index 2, 12-15 index 9, 12-19 index 13
    expect(model3.sparkline).toEqual([0, 0, 10, 0, 0, 0, 0, 0, 0, 50, 0, 0, 0, 10]);
  });

  it('works for keywords of titles too', async () => {
    const res = await get<CreativeInterest>('/api/creative/interest', { kind: 'keyword' }, me);
    const first = res.data.list.find((s) => s.key === '首发');
    expect(first).toMatchObject({ engagement: 55, previous: 0, growthRate: null, works: 1 });
    expect(res.data.list.find((s) => s.key === '保值')).toBeUndefined(); // falling
    expect(res.data.list.find((s) => s.key === '底盘')).toBeUndefined(); // under the threshold
  });
});

describe('GET /api/topic/engagement: topics with their works and engagement', () => {
  const NOW = '2026-12-20T04:00:00.000Z';
  let me: TestSession;
  let other: TestSession;
  let ev: TopicItem;
  let launch: TopicItem;
  let ids: Record<string, number>;
  beforeAll(async () => {
    now = new Date(NOW);
    me = await t.signIn();
    other = await t.signIn();
    const topics = (await get<TopicItem[]>('/api/topic/list', {}, me)).data;
    ev = topics.find((x) => x.name === '新能源')!;
    launch = topics[0]!;
    ids = {
      mine: await work(me.userId, '我的新能源话题作品', { topicId: ev.id }),
      myDraft: await work(me.userId, '我的新能源草稿', { topicId: ev.id, status: 'draft' }),
      theirs: await work(other.userId, '他的新能源话题作品', { topicId: ev.id }),
      launch: await work(other.userId, '他的新车上市作品', { topicId: launch.id }),
      launchDraft: await work(other.userId, '他的新车草稿', { topicId: launch.id, status: 'draft' }),
    };
    now = new Date('2026-12-13T00:00:00Z');
    await send(many(8, ids.theirs!, '2026-12-10T04:00:00Z'));
    now = new Date(NOW);
    await send([
      ...many(20, ids.mine!, '2026-12-18T04:00:00Z'),
      ...many(5, ids.theirs!, '2026-12-19T04:00:00Z'),
      ...many(30, ids.launch!, '2026-12-18T04:00:00Z'),
      ...many(100, ids.launchDraft!, '2026-12-18T04:00:00Z'),
    ]);
  });

  it('every topic, most engaged first, with works of every author and the author’s own', async () => {
    const res = await get<TopicEngagement>('/api/topic/engagement', {}, me);
    expect(res.status).toBe(1);
    expect(res.data).toMatchObject({
      asOf: NOW,
      period: '7d',
      range: { start: '2026-12-13', end: '2026-12-19' },
    });
    const [first, second, ...rest] = res.data.list;
    expect(first).toMatchObject({
      id: launch.id,
      name: launch.name,
      works: 1, // published only
      myWorks: 0,
      engagement: 130,
      previous: 0,
      myEngagement: 0,
    });
    // another author's draft is counted, never named
    expect(first!.topWorks).toEqual([
      { id: ids.launch, type: 'article', title: '他的新车上市作品', engagement: 30, mine: false },
    ]);
    expect(second).toMatchObject({
      id: ev.id,
      works: 2,
      myWorks: 2, // with my draft, as topic/list counts
      engagement: 25,
      previous: 8,
      myEngagement: 20,
    });
    expect(second!.topWorks.map((w) => [w.id, w.engagement, w.mine])).toEqual([
      [ids.mine, 20, true],
      [ids.theirs, 5, false],
    ]);
    expect(second!.trend.map((d) => d.date)).toEqual([
      '2026-12-13',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
      '2026-12-17',
      '2026-12-18',
      '2026-12-19',
    ]);
    expect(second!.trend.map((d) => d.engagement)).toEqual([0, 0, 0, 0, 0, 20, 5]);
    expect(rest.every((x) => x.engagement === 0)).toBe(true);
    expect(res.data.list).toHaveLength((await get<TopicItem[]>('/api/topic/list', {}, me)).data.length);
  });

  it('one topic by id, in English; an unknown id is 10006; another period', async () => {
    const one = await get<TopicEngagement>('/api/topic/engagement', { id: ev.id }, me, 'en-US');
    expect(one.data.list.map((x) => [x.name, x.engagement])).toEqual([['New energy', 25]]);
    const none = await get('/api/topic/engagement', { id: 999_999 }, me);
    expect(none.status).toBe(10006);
    const yesterday = await get<TopicEngagement>(
      '/api/topic/engagement',
      { period: 'yesterday', id: ev.id },
      me,
    );
    expect(yesterday.data.range).toEqual({ start: '2026-12-19', end: '2026-12-19' });
    expect(yesterday.data.list[0]).toMatchObject({ engagement: 5, previous: 20, myEngagement: 0 });
    // the other author sees the same totals, and their own share
    const theirs = await get<TopicEngagement>('/api/topic/engagement', { id: ev.id }, other);
    expect(theirs.data.list[0]).toMatchObject({ engagement: 25, myEngagement: 5, myWorks: 1 });
    expect(theirs.data.list[0]!.topWorks.map((w) => w.mine)).toEqual([false, true]);
  });
});
