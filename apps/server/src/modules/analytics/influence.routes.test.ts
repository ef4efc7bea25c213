import {
  type EventBatchResult,
  type InfluenceIndex,
  type InfluenceInputs,
  influenceIndex,
  type RankList,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { certificationApplications, videos } from '../../db/schema/index.js';
import { createArticle, createUpload, type TestAuthor } from '../../test/factories.js';
import { body, signedGet, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { computeInfluence, placeBoard, runInfluenceDaily } from './influence.service.js';

// The influence index and the daily rankings (issue #12; docs/api.md "Influence index and rankings"): authors and
// works built here, reader events sent through /open/events on a clock the test sets, the day computed with
// computeInfluence, then places, movement and the author's own place read through the signed routes. The clock is
// in the past, far from the wall clock the job's catch-up at start uses, so the catch-up never sees these days.
const t = useTestApp();
const now = new Date('2026-03-10T04:00:00Z'); // 12:00 in Shanghai, 2026-03-10: yesterday is 03-09
const D1 = '2026-03-08';
const D2 = '2026-03-09';
const opts = () => ({ reportTz: t.config.reportTz });
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

let seq = 0;
const id = () => `inf-${process.pid}-${++seq}-xxxxxxxx`;

async function send(events: Record<string, unknown>[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/open/events',
    headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify({ events: events.map((e) => ({ eventId: id(), ...e })) }),
  });
  const env = JSON.parse(res.body) as { status: number; data: EventBatchResult };
  expect(env.data.rejected).toEqual([]);
  return env.data;
}

async function get<T>(url: string, param: unknown, session: TestSession) {
  const env = body<T>(await signedGet(app, url, param, { session }));
  expect(env.status).toBe(1);
  return env.data;
}

const rank = (board: string, session: TestSession, page = 1, pageSize = 20) =>
  get<RankList>('/api/rank/list', { board, page, pageSize }, session);

/** Noon in Shanghai of `day`. */
const noon = (day: string) => `${day}T04:00:00Z`;

// the scenario: A (certified, car review) with an article on car series and a video; B with an article and one
// work refused by review; C (certified field: motorsport) with an article on car series; D with nothing
let A: TestAuthor;
let B: TestAuthor;
let C: TestAuthor;
let D: TestAuthor;
const w: Record<string, number> = {};

async function scenario() {
  A = await t.signIn({ mediaName: '车评阿尔法', authStatus: 2 });
  B = await t.signIn({ mediaName: '用车贝塔' });
  C = await t.signIn({ mediaName: '赛道西塔', authStatus: 2 });
  D = await t.signIn({ mediaName: '新人德尔塔' });
  const published = (day: string) => ({ status: 'published' as const, publishedAt: new Date(noon(day)) });
  w.a1 = (await createArticle(t.db, A.userId, { ...published('2026-03-01'), carSeriesIds: [1] })).id;
  const v1 = await createArticle(t.db, A.userId, { type: 'video', ...published('2026-03-02') });
  await t.db.insert(videos).values({
    contentId: v1.id,
    use: 'video',
    uploadKey: await createUpload(t.db, A.userId, { duration: 100 }),
  });
  w.v1 = v1.id;
  w.b1 = (await createArticle(t.db, B.userId, published('2026-03-03'))).id;
  await createArticle(t.db, B.userId, { status: 'rejected', updatedAt: new Date(noon('2026-03-05')) });
  // refused long before the window: not counted
  await createArticle(t.db, B.userId, { status: 'rejected', updatedAt: new Date(noon('2026-01-05')) });
  w.c1 = (await createArticle(t.db, C.userId, { ...published('2026-03-04'), carSeriesIds: [2] })).id;
  await t.db.insert(certificationApplications).values({
    userId: C.userId,
    kind: 'person',
    status: 2,
    agreementVersion: 1,
    field: 'motorsport',
  });

  const views = (contentId: number, n: number, day: string, reader = 'r') =>
    Array.from({ length: n }, (_, i) => ({
      type: 'view',
      at: noon(day),
      readerId: `${reader}${i}`,
      contentId,
    }));
  await send([...views(w.a1, 5, D1), ...views(w.b1, 20, D1)]);
  await send([
    ...views(w.a1, 30, D2),
    ...[95_000, 95_000, 1_000, 1_000].map((watchMs, i) => ({
      type: 'play',
      at: noon(D2),
      readerId: `p${i}`,
      contentId: w.v1,
      watchMs,
    })),
    ...[1, 2, 3].map((i) => ({ type: 'like', at: noon(D2), readerId: `l${i}`, contentId: w.a1 })),
    ...[1, 2].map((i) => ({ type: 'follow', at: noon(D2), readerId: `f${i}`, authorId: A.userId })),
    ...views(w.b1, 2, D2),
    { type: 'follow', at: noon(D2), readerId: 'f9', authorId: B.userId },
    ...views(w.c1, 10, D2),
  ]);
}

/** What A's index of D2 is computed from, by hand from the scenario. */
const A_INPUTS: InfluenceInputs = {
  works: 2,
  activeDays: 2,
  reads: 5 + 30 + 4,
  interactions: 3,
  completionRate: 0.5,
  fansTotal: 2,
  fansNet: 2,
  passRate: 1,
};

describe('before the first computation', () => {
  it('answers an empty board and no index, with the time of the answer', async () => {
    const author = await t.signIn();
    const list = await rank('influence', author);
    expect(list).toEqual({
      board: 'influence',
      day: null,
      asOf: now.toISOString(),
      list: [],
      total: 0,
      page: 1,
      pageSize: 20,
      mine: null,
    });
    const index = await get<InfluenceIndex>('/api/influence/index', {}, author);
    expect(index).toEqual({
      asOf: now.toISOString(),
      day: null,
      score: null,
      components: [],
      history: [],
      formulaVersion: 2,
    });
  });
});

describe('a computed day', () => {
  beforeAll(async () => {
    await scenario();
    await computeInfluence(t.db, D1, new Date('2026-03-09T16:10:00Z'), opts());
    await computeInfluence(t.db, D2, new Date('2026-03-10T16:10:00Z'), opts());
  });

  it('ranks every author with data by index, with movement since the day before and the author’s own place', async () => {
    const list = await rank('influence', B);
    expect(list.day).toBe(D2);
    expect(list.asOf).toBe('2026-03-10T16:10:00.000Z');
    // D1: A (reads 5) 174.4, B (reads 20, half refused) 130.2, C (works only) 127.3; D2: A, C, B
    expect(list.list.map((r) => [r.place, r.mediaName, r.movement])).toEqual([
      [1, '车评阿尔法', 0],
      [2, '赛道西塔', 1],
      [3, '用车贝塔', -1],
    ]);
    expect(list.total).toBe(3);
    expect(list.list[0]!.value).toBe(influenceIndex(A_INPUTS).score);
    expect(list.list[0]!.authorId).toBe(A.userId);
    expect(list.list[0]!.avatarUrl).toMatch(/^\/media\/img\/\{0\}x\{0\}\//);
    expect(list.mine).toEqual({ place: 3, value: list.list[2]!.value, movement: -1 });
    // an author without data is on no board
    expect((await rank('influence', D)).mine).toBeNull();
  });

  it('pages a board by place; `mine` is there whatever the page', async () => {
    const page2 = await rank('influence', A, 2, 2);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page2.list.map((r) => r.place)).toEqual([3]);
    expect(page2.mine).toMatchObject({ place: 1, movement: 0 });
  });

  it('answers the author’s index: the stored score and components, the terms from the day’s figures, the history', async () => {
    const index = await get<InfluenceIndex>('/api/influence/index', {}, A);
    const expected = influenceIndex(A_INPUTS);
    expect(index.day).toBe(D2);
    expect(index.asOf).toBe('2026-03-10T16:10:00.000Z');
    expect(index.formulaVersion).toBe(2);
    expect(index.score).toBe(expected.score);
    expect(index.components).toEqual(
      expected.components.map((c) => ({ ...c, terms: c.terms.map((x) => ({ ...x })) })),
    );
    expect(index.components.map((c) => c.key)).toEqual(['creation', 'engagement', 'fans', 'credibility']);
    const terms = Object.fromEntries(index.components.flatMap((c) => c.terms.map((x) => [x.key, x.value])));
    expect(terms).toEqual({ ...A_INPUTS });
    expect(index.history.map((h) => h.day)).toEqual([D1, D2]);
    expect(index.history[1]!.score).toBe(expected.score);
    expect(index.history[0]!.score).toBeLessThan(expected.score);
    // B: one of two reviewed works refused → a pass rate of 0.5, 50 credibility points
    const b = await get<InfluenceIndex>('/api/influence/index', {}, B);
    expect(b.components.find((c) => c.key === 'credibility')).toMatchObject({
      points: 50,
      terms: [{ key: 'passRate', value: 0.5, points: 50, max: 100 }],
    });
    // D has no index on the day
    const d = await get<InfluenceIndex>('/api/influence/index', {}, D);
    expect(d).toMatchObject({ day: D2, score: null, components: [], history: [] });
  });

  it('ranks popular (7-day reads), hot (growth vs the 7-day average), safe, car buying, leaders and video', async () => {
    const popular = await rank('popular', B);
    expect(popular.list.map((r) => [r.mediaName, r.value, r.movement])).toEqual([
      ['车评阿尔法', 39, 1],
      ['用车贝塔', 22, -1],
      ['赛道西塔', 10, null], // not on the board on D1: new
    ]);
    expect(popular.mine).toEqual({ place: 2, value: 22, movement: -1 });

    // hot: (day + 10) ÷ (7-day average + 10) − 1; A 37 on D2 against 5/7 a day; B fell; C from nothing
    const hot = await rank('hot', A);
    expect(hot.list.map((r) => [r.mediaName, r.value])).toEqual([
      ['车评阿尔法', Math.round(((37 + 10) / (5 / 7 + 10) - 1) * 10_000) / 10_000],
      ['赛道西塔', 1],
      ['用车贝塔', Math.round(((2 + 10) / (20 / 7 + 10) - 1) * 10_000) / 10_000],
    ]);

    const safe = await rank('safe', B);
    expect(safe.list.map((r) => [r.mediaName, r.value])).toEqual([
      ['车评阿尔法', 1],
      ['赛道西塔', 1],
      ['用车贝塔', 0.5],
    ]);

    // car buying: A's car-series article (5 + 30 views + 3 likes); C's field is motorsport, B has no car works
    const car = await rank('carBuying', C);
    expect(car.list.map((r) => [r.mediaName, r.value])).toEqual([['车评阿尔法', 38]]);
    expect(car.mine).toBeNull();

    // leaders: certified authors only (A, C)
    const leader = await rank('leader', B);
    expect(leader.list.map((r) => r.mediaName)).toEqual(['车评阿尔法', '赛道西塔']);
    expect(leader.mine).toBeNull();

    // video: plays + completed plays (4 + 2)
    const video = await rank('video', A);
    expect(video.list.map((r) => [r.mediaName, r.value, r.movement])).toEqual([['车评阿尔法', 6, null]]);
    expect(video.mine).toEqual({ place: 1, value: 6, movement: null });
  });

  it('refuses an unknown board with 10007', async () => {
    const env = body(
      await signedGet(app, '/api/rank/list', { board: 'nope', page: 1, pageSize: 20 }, { session: A }),
    );
    expect(env.status).toBe(10007);
    const anonymous = body(await signedGet(app, '/api/rank/list', { board: 'hot', page: 1, pageSize: 20 }));
    expect(anonymous.status).toBe(10002);
  });

  it('recomputing a day replaces its rows (idempotent, late events picked up); the pages show no day after yesterday', async () => {
    const again = await computeInfluence(t.db, D2, new Date('2026-03-10T16:20:00Z'), opts());
    expect(again).toMatchObject({ day: D2, authors: 3 });
    expect(again.boards).toEqual({
      influence: 3,
      hot: 3,
      popular: 3,
      safe: 3,
      carBuying: 1,
      leader: 2,
      video: 1,
    });
    const popular = await rank('popular', A);
    expect(popular.total).toBe(3);
    expect(popular.asOf).toBe('2026-03-10T16:20:00.000Z');
    // two computations of one day at once (the job and a catch-up, two servers) run one after the other
    await Promise.all([
      computeInfluence(t.db, D2, new Date('2026-03-10T16:21:00Z'), opts()),
      computeInfluence(t.db, D2, new Date('2026-03-10T16:22:00Z'), opts()),
    ]);
    expect((await rank('popular', A)).total).toBe(3);

    // 50 late views of C's work on D2: a recomputation puts C first
    await send(
      Array.from({ length: 50 }, (_, i) => ({
        type: 'view',
        at: noon(D2),
        readerId: `late${i}`,
        contentId: w.c1,
      })),
    );
    await computeInfluence(t.db, D2, new Date('2026-03-10T16:30:00Z'), opts());
    const after = await rank('popular', C);
    expect(after.total).toBe(3);
    expect(after.list.map((r) => [r.mediaName, r.value])).toEqual([
      ['赛道西塔', 60],
      ['车评阿尔法', 39],
      ['用车贝塔', 22],
    ]);
    expect(after.mine).toEqual({ place: 1, value: 60, movement: null });

    // today's index exists (computed early by hand): the pages still show yesterday
    await computeInfluence(t.db, '2026-03-10', now, opts());
    expect((await rank('influence', A)).day).toBe(D2);
    expect((await get<InfluenceIndex>('/api/influence/index', {}, A)).day).toBe(D2);
  });

  it('the job computes yesterday, and at start the recent days that have no index', async () => {
    const catchUp = await runInfluenceDaily(t.db, now, opts(), { catchUp: true });
    expect(catchUp.map((r) => r.day)).toEqual([
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(await runInfluenceDaily(t.db, now, opts(), { catchUp: true })).toEqual([]);
    const daily = await runInfluenceDaily(t.db, now, opts(), { catchUp: false });
    expect(daily.map((r) => r.day)).toEqual([D2]);
    expect((await rank('influence', A)).day).toBe(D2);
  });
});

describe('placeBoard (standard competition ranking)', () => {
  it('gives equal values one place and skips the next; the second key breaks ties; equal authors by id', () => {
    const placed = placeBoard([
      { authorId: 5, value: 10, second: 0 },
      { authorId: 2, value: 30, second: 0 },
      { authorId: 9, value: 20, second: 0 },
      { authorId: 3, value: 20, second: 0 },
      { authorId: 4, value: 1, second: 7 },
      { authorId: 1, value: 1, second: 9 },
    ]);
    expect(placed.map((p) => [p.authorId, p.place])).toEqual([
      [2, 1],
      [3, 2],
      [9, 2],
      [5, 4],
      [1, 5],
      [4, 6],
    ]);
  });
});
