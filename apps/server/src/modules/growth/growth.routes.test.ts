import type { Envelope, OpsTask, TaskClaimResult, TaskItem, TaskList } from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  authorDaily,
  authorFansDaily,
  contents,
  coupons,
  growthPoints,
  growthTaskClaims,
  users,
} from '../../db/schema/index.js';
import { createArticle, type TestAuthor } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { DEFAULT_TASKS, getPointsBalance } from './growth.service.js';

// Issue #14 "Tasks" (docs/api.md "Tasks and grades"): the task list with progress from real data, claims once per
// period in one transaction (points or a coupon), every refusal, and the operators' task definitions. A second app
// on the same database runs on a clock the tests move (REPORT_TZ Asia/Shanghai: weeks and months are local).
const t = useTestApp();
let now = new Date('2026-11-25T04:00:00Z'); // Wednesday 12:00 in Shanghai, ISO week 2026-W48
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

const EN = 'en-US';
const ZH = 'zh-CN';

async function get<T>(url: string, param: unknown, a: TestAuthor, lang = EN): Promise<Envelope<T>> {
  return body<T>(await signedGet(app, url, param, { session: a, headers: { 'accept-language': lang } }));
}
async function post<T>(url: string, param: unknown, a: TestAuthor, lang = EN): Promise<Envelope<T>> {
  return body<T>(
    await signedPost(app, url, param, { session: a, json: true, headers: { 'accept-language': lang } }),
  );
}

const list = (a: TestAuthor, lang = EN) => get<TaskList>('/api/task/list', {}, a, lang);
const claim = (a: TestAuthor, taskId: number, lang = EN) =>
  post<TaskClaimResult>('/api/task/claim', { taskId }, a, lang);

/** The author's task of `code` from the list. */
async function task(a: TestAuthor, code: string, lang = EN): Promise<TaskItem> {
  const env = await list(a, lang);
  expect(env.status).toBe(1);
  const found = [...env.data.newcomer, ...env.data.periodic].find((i) => i.code === code);
  if (!found) throw new Error(`no task ${code}`);
  return found;
}

/** A published work of `type` at `publishedAt`. */
const publish = (a: TestAuthor, type: 'article' | 'video' | 'smallVideo' | 'album' | 'dynamic', at: string) =>
  createArticle(t.db, a.userId, { type, status: 'published', publishedAt: new Date(at) });

let codeSeq = 0;
/** An operator's new task (active unless said otherwise); the answer's task. */
async function createTask(op: TestAuthor, over: Record<string, unknown> = {}): Promise<OpsTask> {
  const env = await post<OpsTask>(
    '/api/ops/growth/save_task',
    {
      code: `test_task_${process.pid}_${++codeSeq}`,
      kind: 'weekly',
      metric: 'publish_works',
      target: 2,
      reward: { points: 25 },
      title: { 'zh-CN': '本周发布两个作品', 'en-US': 'Publish two works this week' },
      description: { 'zh-CN': '测试任务', 'en-US': 'a test task' },
      order: 500,
      active: true,
      ...over,
    },
    op,
  );
  expect(env.status, env.message).toBe(1);
  return env.data;
}

describe('the task list', () => {
  it('a fresh database has the default newcomer and periodic tasks, with periods and their ends in REPORT_TZ', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn();
    const env = await list(a);
    expect(env.status).toBe(1);
    const codes = (items: TaskItem[]) => items.map((i) => i.code);
    for (const d of DEFAULT_TASKS.filter((d) => d.kind === 'newcomer'))
      expect(codes(env.data.newcomer)).toContain(d.code);
    for (const d of DEFAULT_TASKS.filter((d) => d.kind !== 'newcomer'))
      expect(codes(env.data.periodic)).toContain(d.code);
    const first = env.data.newcomer.find((i) => i.code === 'newcomer_first_article')!;
    expect(first).toMatchObject({
      title: 'Publish your first article',
      target: 1,
      progress: 0,
      done: false,
      claimed: false,
      claimedAt: null,
      reward: { points: 50 },
      period: 'once',
      periodEndsAt: null,
    });
    const weekly = env.data.periodic.find((i) => i.code === 'weekly_publish_works')!;
    // Monday 2026-11-30 00:00 in Shanghai
    expect(weekly).toMatchObject({ period: '2026-W48', periodEndsAt: '2026-11-29T16:00:00.000Z' });
    const monthly = env.data.periodic.find((i) => i.code === 'monthly_fans')!;
    expect(monthly).toMatchObject({
      period: '2026-11',
      periodEndsAt: '2026-11-30T16:00:00.000Z',
      reward: { coupon: { valueFen: 5000, minSpendFen: 10000, validDays: 30 } },
    });
    // the order of the operators' definitions: newcomer tasks by their order
    expect(codes(env.data.newcomer).indexOf('newcomer_first_article')).toBeLessThan(
      codes(env.data.newcomer).indexOf('newcomer_certified'),
    );
    const zh = await task(a, 'newcomer_first_article', ZH);
    expect(zh.title).toBe('发布第一篇文章');
  });

  it('progress comes from published works only: drafts, rejected and deleted works and other periods do not count', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn();
    await createArticle(t.db, a.userId, { status: 'draft' });
    await createArticle(t.db, a.userId, { status: 'rejected' });
    await createArticle(t.db, a.userId, {
      status: 'deleted',
      publishedAt: new Date('2026-11-24T04:00:00Z'),
      deletedAt: new Date(),
    });
    // Sunday 23:30 of the week before in Shanghai: last week
    await publish(a, 'article', '2026-11-22T15:30:00Z');
    // Monday 00:10 in Shanghai: this week
    await publish(a, 'video', '2026-11-22T16:10:00Z');
    await publish(a, 'dynamic', '2026-11-24T02:00:00Z');
    const weekly = await task(a, 'weekly_publish_works');
    expect(weekly).toMatchObject({ progress: 1, target: 3, done: false });
    const monthly = await task(a, 'monthly_publish_works');
    expect(monthly.progress).toBe(2);
    expect(await task(a, 'newcomer_first_article')).toMatchObject({ progress: 1, done: true });
    expect(await task(a, 'newcomer_first_video')).toMatchObject({ progress: 1, done: true });
  });

  it('plays and fans come from the audience rollups of the period', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn();
    await t.db.insert(authorDaily).values([
      { authorId: a.userId, day: '2026-11-22', contentType: 'video', views: 9000, plays: 9000 }, // last week
      { authorId: a.userId, day: '2026-11-23', contentType: 'video', views: 1000, plays: 2500 },
      { authorId: a.userId, day: '2026-11-25', contentType: 'article', views: 1600 },
    ]);
    await t.db.insert(authorFansDaily).values([
      { authorId: a.userId, day: '2026-10-31', gained: 500 }, // last month
      { authorId: a.userId, day: '2026-11-02', gained: 60, lost: 50 },
      { authorId: a.userId, day: '2026-11-25', gained: 45 },
    ]);
    expect(await task(a, 'weekly_plays')).toMatchObject({ progress: 5100, target: 5000, done: true });
    expect(await task(a, 'monthly_fans')).toMatchObject({ progress: 105, target: 100, done: true });
  });

  it('profile completion names the steps still to do', async () => {
    const a = await t.signIn({ mediaName: '车评人小李' });
    expect(await task(a, 'newcomer_profile')).toMatchObject({
      progress: 1,
      target: 2,
      done: false,
      missing: ['avatar'],
    });
    await t.db.update(users).set({ mediaName: a.account }).where(eq(users.id, a.userId));
    expect((await task(a, 'newcomer_profile')).missing).toEqual(['avatar', 'mediaName']);
    await t.db
      .update(users)
      .set({ avatarKey: `u${a.userId}/avatar.png`, mediaName: '车评人小李' })
      .where(eq(users.id, a.userId));
    expect(await task(a, 'newcomer_profile')).toMatchObject({ progress: 2, done: true, missing: [] });
  });
});

describe('claiming a reward', () => {
  it('a task not done is 10008 naming the progress, in both languages, and grants nothing', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn();
    const first = await task(a, 'newcomer_first_article');
    const en = await claim(a, first.id);
    expect(en).toMatchObject({
      status: 10008,
      message: 'the task “Publish your first article” is not done yet: 0 / 1 articles so far',
    });
    const zh = await claim(a, first.id, ZH);
    expect(zh.message).toBe('任务“发布第一篇文章”尚未完成：当前 0 / 1 篇文章');
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 0, ledger: 0 });
    expect(await task(a, 'newcomer_first_article')).toMatchObject({ claimed: false });
  });

  it('a done task grants its points once; a second claim is 10008 naming when', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn();
    await publish(a, 'article', '2026-11-20T04:00:00Z');
    const first = await task(a, 'newcomer_first_article');
    expect(first).toMatchObject({ done: true, claimed: false });
    const ok = await claim(a, first.id);
    expect(ok).toMatchObject({
      status: 1,
      data: {
        taskId: first.id,
        period: 'once',
        claimedAt: now.toISOString(),
        reward: { points: 50 },
        couponId: null,
        points: 50,
      },
    });
    expect(await task(a, 'newcomer_first_article')).toMatchObject({
      claimed: true,
      claimedAt: now.toISOString(),
    });
    const ledger = await t.db.select().from(growthPoints).where(eq(growthPoints.userId, a.userId));
    expect(ledger).toMatchObject([
      {
        points: 50,
        source: 'task',
        key: `task:${first.id}:once`,
        ref: `task:${first.id}:once`,
        day: '2026-11-25',
      },
    ]);
    now = new Date('2026-12-10T04:00:00Z');
    const again = await claim(a, first.id);
    expect(again).toMatchObject({
      status: 10008,
      message: 'the reward of “Publish your first article” for once was already claimed at 2026-11-25 12:00',
    });
    expect((await claim(a, first.id, ZH)).message).toBe(
      '任务“发布第一篇文章”本期（once）的奖励已于 2026-11-25 12:00 领取',
    );
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 50, ledger: 50 });
  });

  it('an unknown or inactive task is 10006 in both languages', async () => {
    const a = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const unknown = await claim(a, 2_000_000_000);
    expect(unknown).toMatchObject({ status: 10006, message: 'no such task, or it is no longer active' });
    expect((await claim(a, 2_000_000_000, ZH)).message).toBe('任务不存在或已下线');
    const made = await createTask(op, { kind: 'newcomer', metric: 'first_article', target: 1 });
    await publish(a, 'article', '2026-11-20T04:00:00Z');
    const { id: _id, claims: _c, createdAt: _cr, updatedAt: _u, ...definition } = made;
    const off = await post<OpsTask>(
      '/api/ops/growth/save_task',
      { ...definition, id: made.id, active: false },
      op,
    );
    expect(off).toMatchObject({ status: 1, data: { active: false } });
    const env = await list(a);
    expect([...env.data.newcomer, ...env.data.periodic].map((i) => i.id)).not.toContain(made.id);
    expect(await claim(a, made.id)).toMatchObject({ status: 10006 });
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 0, ledger: 0 });
    // a bad id is 10007, not a 5xx
    expect((await claim(a, 0)).status).toBe(10007);
    expect((await post('/api/task/claim', {}, a)).status).toBe(10007);
  });

  it('a periodic task is claimed once per period; the next week starts over', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const made = await createTask(op, { target: 2, reward: { points: 25 } });
    await publish(a, 'article', '2026-11-23T01:00:00Z');
    await publish(a, 'album', '2026-11-24T01:00:00Z');
    expect((await claim(a, made.id)).data).toMatchObject({ period: '2026-W48', points: 25 });
    expect(await claim(a, made.id)).toMatchObject({ status: 10008 });
    // the next week: the progress starts from zero
    now = new Date('2026-12-01T04:00:00Z');
    const next = await task(a, made.code);
    expect(next).toMatchObject({ period: '2026-W49', progress: 0, done: false, claimed: false });
    expect((await claim(a, made.id)).message).toBe(
      'the task “Publish two works this week” is not done yet: 0 / 2 works so far',
    );
    await publish(a, 'smallVideo', '2026-11-30T17:00:00Z');
    await publish(a, 'video', '2026-12-01T01:00:00Z');
    expect((await claim(a, made.id)).data).toMatchObject({ period: '2026-W49', points: 50 });
    const claims = await t.db
      .select({ period: growthTaskClaims.period })
      .from(growthTaskClaims)
      .where(and(eq(growthTaskClaims.userId, a.userId), eq(growthTaskClaims.taskId, made.id)));
    expect(claims.map((c) => c.period).sort()).toEqual(['2026-W48', '2026-W49']);
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 50, ledger: 50 });
  });

  it('a coupon reward is granted through promotion (expiring validDays later), once', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn({ authStatus: 2 });
    const certified = await task(a, 'newcomer_certified');
    expect(certified).toMatchObject({ progress: 1, target: 1, done: true });
    const ok = await claim(a, certified.id);
    expect(ok.status, ok.message).toBe(1);
    expect(ok.data).toMatchObject({ reward: { coupon: { valueFen: 2000 } }, points: 0 });
    const rows = await t.db.select().from(coupons).where(eq(coupons.userId, a.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: ok.data.couponId!,
      valueFen: 2000,
      minSpendFen: 5000,
      source: 'task',
      sourceRef: `task:${certified.id}:once`,
      key: `task:${certified.id}:once`,
      expiresAt: new Date('2026-12-25T04:00:00Z'),
    });
    expect(await claim(a, certified.id)).toMatchObject({ status: 10008 });
    expect(await t.db.select().from(coupons).where(eq(coupons.userId, a.userId))).toHaveLength(1);
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 0, ledger: 0 });
  });

  it('parallel claims grant the reward once: one succeeds, the rest are 10008', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn();
    await publish(a, 'video', '2026-11-21T04:00:00Z');
    const first = await task(a, 'newcomer_first_video');
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(a, first.id)));
    expect(results.filter((r) => r.status === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 10008)).toHaveLength(5);
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 80, ledger: 80 });
    const certifiedAuthor = await t.signIn({ authStatus: 2 });
    const certified = await task(certifiedAuthor, 'newcomer_certified');
    const coupons6 = await Promise.all(Array.from({ length: 6 }, () => claim(certifiedAuthor, certified.id)));
    expect(coupons6.filter((r) => r.status === 1)).toHaveLength(1);
    expect(await t.db.select().from(coupons).where(eq(coupons.userId, certifiedAuthor.userId))).toHaveLength(
      1,
    );
  });

  it('a work deleted after the claim leaves the claim as it was', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const a = await t.signIn();
    const work = await publish(a, 'article', '2026-11-21T04:00:00Z');
    const first = await task(a, 'newcomer_first_article');
    expect((await claim(a, first.id)).status).toBe(1);
    await t.db
      .update(contents)
      .set({ status: 'deleted', deletedAt: new Date() })
      .where(eq(contents.id, work.id));
    expect(await task(a, 'newcomer_first_article')).toMatchObject({
      progress: 0,
      done: false,
      claimed: true,
    });
    expect(await getPointsBalance(t.db, a.userId)).toEqual({ points: 50, ledger: 50 });
  });
});

describe("operators' task definitions", () => {
  it('authors get 10005 on both calls', async () => {
    const a = await t.signIn();
    expect(await get('/api/ops/growth/task_list', {}, a)).toMatchObject({ status: 10005 });
    expect(
      await post('/api/ops/growth/save_task', { ...DEFAULT_TASKS[0], order: 1, active: true }, a),
    ).toMatchObject({ status: 10005 });
  });

  it('list every task with both languages; create, edit and deactivate; authors see the language they ask for', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const op = await t.signIn({ role: 'operator' });
    const all = await get<{ list: OpsTask[]; total: number }>(
      '/api/ops/growth/task_list',
      { pageSize: 100 },
      op,
    );
    expect(all.status).toBe(1);
    const def = all.data.list.find((x) => x.code === 'weekly_plays')!;
    expect(def).toMatchObject({
      kind: 'weekly',
      metric: 'plays',
      target: 5000,
      title: { 'zh-CN': '本周作品播放/阅读 5000 次', 'en-US': '5,000 plays and reads this week' },
      active: true,
    });
    const made = await createTask(op, {
      kind: 'monthly',
      metric: 'fans_gained',
      target: 10,
      reward: { coupon: { valueFen: 1500, minSpendFen: 0, validDays: 7 } },
      title: { 'zh-CN': '本月涨粉 10 位', 'en-US': 'Gain 10 fans this month' },
    });
    expect(made).toMatchObject({ claims: 0, active: true, order: 500 });
    const a = await t.signIn();
    expect((await task(a, made.code)).title).toBe('Gain 10 fans this month');
    expect((await task(a, made.code, ZH)).title).toBe('本月涨粉 10 位');
    const { id, claims: _c, createdAt: _cr, updatedAt: _u, ...definition } = made;
    const edited = await post<OpsTask>(
      '/api/ops/growth/save_task',
      {
        ...definition,
        id,
        target: 20,
        title: { 'zh-CN': '本月涨粉 20 位', 'en-US': 'Gain 20 fans this month' },
      },
      op,
    );
    expect(edited).toMatchObject({ status: 1, data: { id, target: 20 } });
    expect(await task(a, made.code)).toMatchObject({ target: 20, title: 'Gain 20 fans this month' });
    const inactive = await get<{ list: OpsTask[] }>(
      '/api/ops/growth/task_list',
      { active: false, pageSize: 100 },
      op,
    );
    expect(inactive.data.list.every((x) => !x.active)).toBe(true);
  });

  it('refusals: code taken or changed, state metrics outside newcomer, fixed targets, unknown id, a claimed task’s kind', async () => {
    now = new Date('2026-11-25T04:00:00Z');
    const op = await t.signIn({ role: 'operator' });
    const made = await createTask(op);
    const { id, claims: _c, createdAt: _cr, updatedAt: _u, ...definition } = made;
    const taken = await post('/api/ops/growth/save_task', definition, op);
    expect(taken).toMatchObject({
      status: 10007,
      data: { fields: [{ path: 'code', code: 'GROWTH_TASK_CODE_TAKEN' }] },
    });
    expect(taken.message).toBe(`the task code ${made.code} is taken`);
    const renamed = await post('/api/ops/growth/save_task', { ...definition, id, code: 'another_code' }, op);
    expect(renamed).toMatchObject({
      status: 10007,
      data: { fields: [{ path: 'code', code: 'GROWTH_TASK_CODE_FIXED' }] },
    });
    const badCode = await post('/api/ops/growth/save_task', { ...definition, code: 'Bad Code!' }, op, ZH);
    expect(badCode).toMatchObject({ status: 10007, data: { fields: [{ path: 'code' }] } });
    expect(badCode.message).toBe('任务代码为 2–40 位小写字母、数字或下划线，以字母开头');
    const state = await post(
      '/api/ops/growth/save_task',
      { ...definition, code: 'x_state', metric: 'certified', target: 1 },
      op,
    );
    expect(state).toMatchObject({
      status: 10007,
      message: '“complete the profile” and “get certified” are for newcomer tasks only',
      data: { fields: [{ path: 'metric' }] },
    });
    const fixed = await post(
      '/api/ops/growth/save_task',
      { ...definition, code: 'x_fixed', kind: 'newcomer', metric: 'profile_complete', target: 5 },
      op,
    );
    expect(fixed).toMatchObject({ status: 10007, message: 'this task’s target is always 2' });
    const titleless = await post(
      '/api/ops/growth/save_task',
      { ...definition, code: 'x_title', title: { 'zh-CN': ' ', 'en-US': 'x' } },
      op,
    );
    expect(titleless).toMatchObject({ status: 10007, data: { fields: [{ path: 'title.zh-CN' }] } });
    const negative = await post(
      '/api/ops/growth/save_task',
      { ...definition, code: 'x_neg', reward: { coupon: { valueFen: -1, minSpendFen: 0, validDays: 7 } } },
      op,
    );
    expect(negative.status).toBe(10007);
    expect(await post('/api/ops/growth/save_task', { ...definition, id: 2_000_000_000 }, op)).toMatchObject({
      status: 10006,
    });
    // once claimed, kind and metric are fixed; target and reward may change
    const a = await t.signIn();
    await publish(a, 'article', '2026-11-23T04:00:00Z');
    await publish(a, 'article', '2026-11-24T04:00:00Z');
    expect((await claim(a, id)).status).toBe(1);
    const locked = await post('/api/ops/growth/save_task', { ...definition, id, kind: 'monthly' }, op);
    expect(locked).toMatchObject({
      status: 10008,
      message:
        'the task was claimed 1 times: its kind and metric can no longer change (deactivate it and create a new one)',
    });
    expect(await post('/api/ops/growth/save_task', { ...definition, id, target: 3 }, op)).toMatchObject({
      status: 1,
      data: { target: 3, claims: 1 },
    });
  });
});
