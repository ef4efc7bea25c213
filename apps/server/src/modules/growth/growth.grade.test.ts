import type {
  Envelope,
  GradeAnalysis,
  GradeRightsList,
  MyGrade,
  OpsTask,
  TaskClaimResult,
} from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  authorDaily,
  authorFansDaily,
  creditScores,
  growthDaily,
  growthDays,
  growthGradeHistory,
  growthPoints,
  messages,
  users,
} from '../../db/schema/index.js';
import { DEMO_ACCOUNT, seedDemo } from '../../db/seed.js';
import { growthJobs } from '../../jobs/growth.js';
import { createArticle, type TestAuthor } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { findCredentials } from '../user/user.service.js';
import { getPointsBalance, runGradeDaily } from './growth.service.js';

// Issue #14 "Grades" (docs/api.md "Tasks and grades"): points by the published rules per closed day, the daily job
// (idempotent, catching up missed days), the grade up and down with history and messages, the operator's grade kept
// as a floor, the rights still enforced where they apply, and the grade pages' calls.
const t = useTestApp();
const TZ = 'Asia/Shanghai';
let now = new Date('2026-11-25T04:00:00Z');
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

const EN = 'en-US';
/** Accounts older than every day computed here (the job skips days before an account existed). */
const OLD = new Date('2026-01-01T00:00:00Z');
const author = (fields: Parameters<typeof t.signIn>[0] = {}) => t.signIn({ createdAt: OLD, ...fields });
async function get<T>(url: string, param: unknown, a: TestAuthor, lang = EN): Promise<Envelope<T>> {
  return body<T>(await signedGet(app, url, param, { session: a, headers: { 'accept-language': lang } }));
}
async function post<T>(url: string, param: unknown, a: TestAuthor, lang = EN): Promise<Envelope<T>> {
  return body<T>(
    await signedPost(app, url, param, { session: a, json: true, headers: { 'accept-language': lang } }),
  );
}

/** The instant of `hh:mm` on `day` in Shanghai. */
const at = (day: string, hhmm = '10:00') => new Date(`${day}T${hhmm}:00+08:00`);
/** Runs the daily job at 00:20 the day after `day` for `who` only. */
const runFor = (day: string, ...who: TestAuthor[]) => {
  const next = new Date(at(day, '00:20').getTime() + 86_400_000);
  return runGradeDaily(
    t.db,
    next,
    { reportTz: TZ },
    who.map((w) => w.userId),
  );
};

let op: TestAuthor;
let seq = 0;
/**
 * Gives `a` `points` growth points through a real claim: a newcomer "first article" task of that reward, claimed
 * with a published article (so the grade is re-evaluated as a claim does).
 */
async function grant(a: TestAuthor, points: number): Promise<TaskClaimResult> {
  op ??= await t.signIn({ role: 'operator' });
  const made = await post<OpsTask>(
    '/api/ops/growth/save_task',
    {
      code: `grant_${process.pid}_${++seq}`,
      kind: 'newcomer',
      metric: 'first_article',
      target: 1,
      reward: { points },
      title: { 'zh-CN': '测试奖励', 'en-US': 'test reward' },
      description: { 'zh-CN': '', 'en-US': '' },
      order: 9000,
      active: true,
    },
    op,
  );
  expect(made.status, made.message).toBe(1);
  await createArticle(t.db, a.userId, { status: 'published', publishedAt: new Date('2026-01-05T04:00:00Z') });
  const res = await post<TaskClaimResult>('/api/task/claim', { taskId: made.data.id }, a);
  expect(res.status, res.message).toBe(1);
  return res.data;
}

const gradeOf = async (a: TestAuthor) =>
  (await t.db.select({ grade: users.grade }).from(users).where(eq(users.id, a.userId)))[0]!.grade;
const kinds = async (a: TestAuthor) =>
  (await t.db.select().from(messages).where(eq(messages.userId, a.userId)))
    .filter((m) => m.kind.startsWith('grade'))
    .map((m) => ({ kind: m.kind, params: m.params }));
const history = async (a: TestAuthor) =>
  (
    await t.db
      .select()
      .from(growthGradeHistory)
      .where(eq(growthGradeHistory.userId, a.userId))
      .orderBy(growthGradeHistory.id)
  ).map((h) => ({ from: h.fromGrade, to: h.toGrade, reason: h.reason, points: h.points }));
const setCredit = (a: TestAuthor, score: number) =>
  t.db
    .insert(creditScores)
    .values({ userId: a.userId, score, updatedAt: new Date() })
    .onConflictDoUpdate({ target: creditScores.userId, set: { score } });

describe('points of a closed day by the published rules', () => {
  it('creation per work by type, engagement per 1,000 plays and per new fan, the credit bonus; once per day', async () => {
    const a = await author();
    const day = '2026-11-20';
    for (const type of ['video', 'video', 'article'] as const)
      await createArticle(t.db, a.userId, { type, status: 'published', publishedAt: at(day) });
    // not counted: a dynamic, a draft, a work of the next day, a deleted work
    await createArticle(t.db, a.userId, { type: 'dynamic', status: 'published', publishedAt: at(day) });
    await createArticle(t.db, a.userId, { status: 'draft' });
    await createArticle(t.db, a.userId, { status: 'published', publishedAt: at('2026-11-21', '00:05') });
    await createArticle(t.db, a.userId, {
      status: 'deleted',
      publishedAt: at(day),
      deletedAt: new Date(),
    });
    await t.db.insert(authorDaily).values([
      { authorId: a.userId, day, contentType: 'video', views: 1500, plays: 900 },
      { authorId: a.userId, day, contentType: 'article', views: 100 },
    ]);
    await t.db.insert(authorFansDaily).values({ authorId: a.userId, day, gained: 7, lost: 3 });
    await runFor(day, a);
    const [row] = await t.db.select().from(growthDaily).where(eq(growthDaily.userId, a.userId));
    // creation 2 × 20 + 10 = 50; engagement ⌊2,500 / 1,000⌋ × 5 + 7 × 1 = 17; credit 100 → +2 on an active day
    expect(row).toMatchObject({
      day,
      creation: 50,
      engagement: 17,
      credit: 2,
      works: 3,
      plays: 2500,
      fansGained: 7,
      creditScore: 100,
    });
    const ledger = await t.db
      .select({ key: growthPoints.key, points: growthPoints.points, source: growthPoints.source })
      .from(growthPoints)
      .where(eq(growthPoints.userId, a.userId));
    expect(ledger.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: `day:${day}:creation`, points: 50, source: 'creation' },
      { key: `day:${day}:credit`, points: 2, source: 'credit' },
      { key: `day:${day}:engagement`, points: 17, source: 'engagement' },
    ]);
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 69, ledger: 69 });
    // the job again (a retry, a second server): nothing more
    await runFor(day, a);
    await runFor('2026-11-21', a);
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 69 + 12, ledger: 69 + 12 });
  });

  it('daily caps hold: creation 60, engagement 100', async () => {
    const a = await author();
    const day = '2026-11-18';
    for (let i = 0; i < 5; i += 1)
      await createArticle(t.db, a.userId, { type: 'video', status: 'published', publishedAt: at(day) });
    await t.db
      .insert(authorDaily)
      .values({ authorId: a.userId, day, contentType: 'video', views: 30_000, plays: 20_000 });
    await t.db.insert(authorFansDaily).values({ authorId: a.userId, day, gained: 80 });
    await runFor(day, a);
    const [row] = await t.db.select().from(growthDaily).where(eq(growthDaily.userId, a.userId));
    expect(row).toMatchObject({ creation: 60, engagement: 100, credit: 2 });
  });

  it('credit: no bonus without activity, a penalty every day below 80, points never below zero', async () => {
    const idle = await author();
    await runFor('2026-11-17', idle);
    expect(await t.db.select().from(growthDaily).where(eq(growthDaily.userId, idle.userId))).toEqual([]);
    expect(await getPointsBalance(t.db, idle.userId)).toEqual({ points: 0, ledger: 0 });

    const fair = await author();
    await setCredit(fair, 85);
    await createArticle(t.db, fair.userId, { status: 'published', publishedAt: at('2026-11-17') });
    await runFor('2026-11-17', fair);
    expect(await getPointsBalance(t.db, fair.userId)).toEqual({ points: 10, ledger: 10 });

    const poor = await author();
    await grant(poor, 3);
    await setCredit(poor, 70);
    await runFor('2026-11-17', poor);
    // −5 is due, but only 3 points are left: the balance stops at zero
    expect(await getPointsBalance(t.db, poor.userId)).toEqual({ points: 0, ledger: 0 });
    const [row] = await t.db.select().from(growthDaily).where(eq(growthDaily.userId, poor.userId));
    expect(row).toMatchObject({ creation: 0, engagement: 0, credit: -3, creditScore: 70 });
  });
});

describe('the grade follows the points', () => {
  it('up: 200 points → grade 2 (grade_raised), 1,000 → grade 3 (grade_up); history; programs and short videos open', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await author();
    expect((await get('/api/program/get_user_grade', {}, a)).data).toEqual({ rankResult: 0, grade: 1 });
    await grant(a, 250);
    expect(await gradeOf(a)).toBe(2);
    await grant(a, 800);
    expect(await gradeOf(a)).toBe(3);
    expect(await history(a)).toEqual([
      { from: 1, to: 2, reason: 'points', points: 250 },
      { from: 2, to: 3, reason: 'points', points: 1050 },
    ]);
    expect(await kinds(a)).toEqual([
      { kind: 'grade_raised', params: { grade: 2, count: 2, from: 1, points: 250 } },
      { kind: 'grade_up', params: { grade: 3 } },
    ]);
    expect((await get('/api/program/get_user_grade', {}, a)).data).toEqual({ rankResult: 1, grade: 3 });
    expect((await get('/api/small_video/get_duration_permission', {}, a)).data).toEqual({
      maxDurationSeconds: 300,
    });
    expect((await post('/api/program/save', { title: '我的用车节目', episodeIds: [] }, a)).status).not.toBe(
      10005,
    );
  });

  it('down: a credit penalty below a threshold lowers the grade (grade_down); programs close again', async () => {
    const a = await author();
    await grant(a, 1005);
    expect(await gradeOf(a)).toBe(3);
    await setCredit(a, 50);
    await runFor('2026-11-16', a);
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 985, ledger: 985 });
    expect(await gradeOf(a)).toBe(2);
    expect((await history(a)).at(-1)).toEqual({ from: 3, to: 2, reason: 'points', points: 985 });
    expect((await kinds(a)).at(-1)).toEqual({
      kind: 'grade_down',
      params: { grade: 2, count: 985, from: 3, points: 985 },
    });
    const msg = await get<{ list: { kind: string; title: string; body: string }[] }>(
      '/api/message/get_message_list',
      { pageSize: 10 },
      a,
    );
    expect(msg.data.list.find((m) => m.kind === 'grade_down')).toMatchObject({
      title: 'Creator grade lowered',
      body: 'With 985 growth points your creator grade was lowered to 2. See the grade analysis for how to raise it.',
    });
    expect((await get('/api/program/get_user_grade', {}, a)).data).toEqual({ rankResult: 0, grade: 2 });
    const refused = await post('/api/program/save', { title: '我的用车节目', episodeIds: [] }, a);
    expect(refused.status).toBe(10005);
    expect((await get('/api/small_video/get_duration_permission', {}, a)).data).toEqual({
      maxDurationSeconds: 60,
    });
  });

  it("an operator's grade is a floor: kept above the points, replaced when the operator changes it", async () => {
    const a = await author({ grade: 3 });
    const operator = await t.signIn({ role: 'operator' });
    await runFor('2026-11-15', a);
    expect(await gradeOf(a)).toBe(3);
    const mine = await get<MyGrade>('/api/grade/my', {}, a);
    expect(mine.data).toMatchObject({ grade: 3, pointsGrade: 1, floorGrade: 3, points: 0 });
    expect(await kinds(a)).toEqual([]);
    // the operator raises it: the job keeps the new grade and records who moved it
    const set = await post('/api/ops/user/set_permissions', { account: a.account, grade: 4 }, operator);
    expect(set.status).toBe(1);
    await runFor('2026-11-16', a);
    expect(await gradeOf(a)).toBe(4);
    expect(await history(a)).toEqual([{ from: 3, to: 4, reason: 'operator', points: 0 }]);
    // the operator takes the grant back: the grade falls to what the points reach, without a message
    await post('/api/ops/user/set_permissions', { account: a.account, grade: 1 }, operator);
    await runFor('2026-11-17', a);
    expect(await gradeOf(a)).toBe(1);
    expect((await get<MyGrade>('/api/grade/my', {}, a)).data.floorGrade).toBeNull();
    expect(await kinds(a)).toEqual([]);
    // a floor of 2 and points of grade 3: the points win
    await post('/api/ops/user/set_permissions', { account: a.account, grade: 2 }, operator);
    await grant(a, 1200);
    expect(await gradeOf(a)).toBe(3);
    expect((await history(a)).slice(-2)).toEqual([
      { from: 1, to: 2, reason: 'operator', points: 1200 },
      { from: 2, to: 3, reason: 'points', points: 1200 },
    ]);
  });

  it('the demo author keeps grade 3 after the job (the seeded grade is its floor)', async () => {
    await seedDemo(t.db, t.config);
    const demo = await findCredentials(t.db, DEMO_ACCOUNT);
    // two days after the seed (the account's days start when it was created)
    await runGradeDaily(t.db, new Date(Date.now() + 2 * 86_400_000), { reportTz: TZ }, [demo!.id]);
    const [row] = await t.db.select({ grade: users.grade }).from(users).where(eq(users.id, demo!.id));
    expect(row!.grade).toBeGreaterThanOrEqual(3);
  });
});

describe('the daily job', () => {
  it('computes every closed day of the last week it has not finished, once; a repeat does nothing', async () => {
    const a = await author();
    await createArticle(t.db, a.userId, { status: 'published', publishedAt: at('2027-02-03') });
    await createArticle(t.db, a.userId, {
      type: 'video',
      status: 'published',
      publishedAt: at('2027-02-05'),
    });
    const job = growthJobs.find((j) => j.name === 'grade-daily')!;
    expect(job).toMatchObject({ cron: '20 0 * * *', reportTz: true });
    expect(job.atStart).toBeFalsy();
    // the server was down on the 4th, 5th and 6th at 00:20: the run of the 7th catches up the whole week
    const first = await job.run(t.db, at('2027-02-07', '00:20'), { reportTz: TZ });
    expect(first.days).toEqual([
      '2027-01-31',
      '2027-02-01',
      '2027-02-02',
      '2027-02-03',
      '2027-02-04',
      '2027-02-05',
      '2027-02-06',
    ]);
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 12 + 22, ledger: 12 + 22 });
    const again = await job.run(t.db, at('2027-02-07', '01:00'), { reportTz: TZ });
    expect(again.days).toEqual([]);
    const next = await job.run(t.db, at('2027-02-08', '00:20'), { reportTz: TZ });
    expect(next.days).toEqual(['2027-02-07']);
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 34, ledger: 34 });
    const done = await t.db.select().from(growthDays).where(eq(growthDays.day, '2027-02-03'));
    expect(done).toHaveLength(1);
    const days = await t.db
      .select({ day: growthDaily.day })
      .from(growthDaily)
      .where(and(eq(growthDaily.userId, a.userId)));
    expect(days.map((d) => d.day).sort()).toEqual(['2027-02-03', '2027-02-05']);
  });
});

describe('the grade pages’ calls', () => {
  it('grade/my: the grade, points, next level and points to it, rights now, history and the trend', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await author();
    await grant(a, 300);
    await createArticle(t.db, a.userId, {
      type: 'video',
      status: 'published',
      publishedAt: at('2026-11-23'),
    });
    await runFor('2026-11-23', a);
    const env = await get<MyGrade>('/api/grade/my', {}, a);
    expect(env.status).toBe(1);
    expect(env.data).toMatchObject({
      grade: 2,
      pointsGrade: 2,
      floorGrade: null,
      points: 322,
      next: { grade: 3, minPoints: 1000, pointsToGo: 678 },
      rights: { programs: false, smallVideoMaxSeconds: 60, openBusinessOrders: 2 },
      history: [{ from: 1, to: 2, reason: 'points', points: 300 }],
    });
    expect(env.data.trend).toEqual([
      { day: '2026-11-23', points: 22, total: 22 },
      { day: '2026-11-25', points: 300, total: 322 },
    ]);
  });

  it('grade/analysis: each day by component with its facts, the totals, and concrete suggestions', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await author();
    await createArticle(t.db, a.userId, {
      type: 'video',
      status: 'published',
      publishedAt: at('2026-11-23'),
    });
    await t.db
      .insert(authorDaily)
      .values({ authorId: a.userId, day: '2026-11-23', contentType: 'video', plays: 3400 });
    await runFor('2026-11-23', a);
    const env = await get<GradeAnalysis>('/api/grade/analysis', { period: '7d' }, a);
    expect(env.status).toBe(1);
    expect(env.data.range).toEqual({ start: '2026-11-19', end: '2026-11-25' });
    expect(env.data.days).toHaveLength(7);
    expect(env.data.days.find((d) => d.day === '2026-11-23')).toEqual({
      day: '2026-11-23',
      creation: 20,
      engagement: 15,
      credit: 2,
      task: 0,
      total: 37,
      works: 1,
      plays: 3400,
      fansGained: 0,
      creditScore: 100,
    });
    expect(env.data.totals).toEqual({ creation: 20, engagement: 15, credit: 2, task: 0, total: 37 });
    const texts = env.data.suggestions.map((s) => s.text);
    // the first video is done and not claimed: claim it first
    expect(env.data.suggestions[0]).toMatchObject({ kind: 'claim', points: 80, link: '/task/detail' });
    expect(texts[0]).toBe('claim the finished task “Publish your first video” → +80 growth points');
    expect(texts).toContain(
      '2 more works to finish “Publish 3 works this week” (this week) → +60 growth points',
    );
    // 163 points to grade 2: 3 videos today (the daily cap) bring 60
    expect(texts).toContain('publish 3 videos → +60 growth points (20 each, at most 60 a day)');
    expect(texts).toContain(
      'every 1000 more plays and reads of your works → +5 growth points (your daily average over 7 days: 3400)',
    );
    const zh = await get<GradeAnalysis>('/api/grade/analysis', { period: '7d' }, a, 'zh-CN');
    expect(zh.data.suggestions[0]!.text).toBe('领取已完成的任务“发布第一个视频”→ +80 成长值');
    expect((await get('/api/grade/analysis', { period: '1y' }, a)).status).toBe(10007);
  });

  it('grade/analysis names the credit band when the score costs points', async () => {
    const a = await author();
    await setCredit(a, 75);
    const env = await get<GradeAnalysis>('/api/grade/analysis', {}, a);
    expect(env.data.period).toBe('30d');
    expect(env.data.suggestions.find((s) => s.kind === 'credit')).toMatchObject({
      text: 'credit score 75: -5 growth points a day; keep clean and at 95 each active day earns +2',
      points: 7,
      link: '/growUp/creditScore',
    });
  });

  it('grade/rights: every level with its rights, where each is enforced, and the own grade', async () => {
    const a = await author({ grade: 4, smallVideoMaxSeconds: 120 });
    const env = await get<GradeRightsList>('/api/grade/rights', {}, a);
    expect(env.status).toBe(1);
    expect(env.data.grade).toBe(4);
    expect(env.data.levels.map((l) => [l.grade, l.minPoints])).toEqual([
      [1, 0],
      [2, 200],
      [3, 1000],
      [4, 3000],
      [5, 8000],
      [6, 20000],
    ]);
    expect(env.data.levels[2]!.rights).toEqual({
      programs: true,
      smallVideoMaxSeconds: 300,
      openBusinessOrders: 3,
    });
    expect(env.data.levels[1]!.rights).toEqual({
      programs: false,
      smallVideoMaxSeconds: 60,
      openBusinessOrders: 2,
    });
    expect(env.data.rights.map((r) => r.key)).toEqual([
      'programs',
      'smallVideoMaxSeconds',
      'openBusinessOrders',
    ]);
    expect(env.data.rights[0]!.enforcedBy).toContain('POST /api/program/save');
    expect(env.data.smallVideoMaxSecondsSet).toBe(120);
    expect(env.data.pointRules.creation.perWork).toMatchObject({ video: 20, article: 10 });
  });
});
