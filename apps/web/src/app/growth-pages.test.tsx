import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  saveTaskParamSchema,
  taskClaimParamSchema,
  type GradeAnalysis,
  type GradeRightsList,
  type MyGrade,
  type OpsTask,
  type TaskItem,
  type TaskList,
} from '@cc/contracts';
import { routes } from './router';
import { type MockHandlers, mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { unnamedIconControls } from '../test/a11y';

// Tasks and grades (issue #14): the task page (progress, rewards, claims and refusals), the home card, my grade (level,
// points, floor, rights, trend, history), the analysis (components and suggestions by period), the rights table with
// the own level, and the operators' tab of tasks — through the real router with the API stubbed.
vi.setConfig({ testTimeout: 60_000 });

const ENDS_WEEK = '2026-11-29T16:00:00.000Z';
function task(over: Partial<TaskItem> = {}): TaskItem {
  return {
    id: 1,
    code: 'newcomer_first_article',
    kind: 'newcomer',
    metric: 'first_article',
    title: '发布第一篇文章',
    description: '写一篇文章并通过审核发布。',
    target: 1,
    progress: 0,
    done: false,
    claimed: false,
    claimedAt: null,
    reward: { points: 50 },
    period: 'once',
    periodEndsAt: null,
    ...over,
  };
}

let taskReply: TaskList;
let claimReply: MockHandlers['/api/task/claim'];
let api: ReturnType<typeof mockApi>;

function tasks(): TaskList {
  return {
    newcomer: [
      task(),
      task({
        id: 2,
        code: 'newcomer_first_video',
        metric: 'first_video',
        title: '发布第一个视频',
        progress: 1,
        done: true,
        claimed: true,
        claimedAt: '2026-11-20T04:00:00.000Z',
        reward: { points: 80 },
      }),
      task({
        id: 3,
        code: 'newcomer_profile',
        metric: 'profile_complete',
        title: '完善个人资料',
        target: 2,
        progress: 1,
        missing: ['avatar'],
        reward: { points: 30 },
      }),
      task({
        id: 4,
        code: 'newcomer_certified',
        metric: 'certified',
        title: '完成创作者认证',
        progress: 1,
        done: true,
        reward: { coupon: { valueFen: 2000, minSpendFen: 5000, validDays: 30 } },
      }),
    ],
    periodic: [
      task({
        id: 5,
        code: 'weekly_publish_works',
        kind: 'weekly',
        metric: 'publish_works',
        title: '本周发布 3 个作品',
        target: 3,
        progress: 2,
        reward: { points: 60 },
        period: '2026-W48',
        periodEndsAt: ENDS_WEEK,
      }),
      task({
        id: 6,
        code: 'weekly_plays',
        kind: 'weekly',
        metric: 'plays',
        title: '本周作品播放/阅读 5000 次',
        target: 50_000,
        progress: 12_345,
        reward: { points: 40 },
        period: '2026-W48',
        periodEndsAt: ENDS_WEEK,
      }),
    ],
    asOf: '2026-11-25T04:00:00.000Z',
  };
}

const myGrade: MyGrade = {
  grade: 3,
  pointsGrade: 2,
  floorGrade: 3,
  points: 450,
  next: { grade: 4, minPoints: 3000, pointsToGo: 2550 },
  rights: { programs: true, smallVideoMaxSeconds: 300, openBusinessOrders: 3 },
  history: [
    { at: '2026-11-21T16:20:00.000Z', from: 1, to: 2, reason: 'points', points: 230 },
    { at: '2026-11-10T02:00:00.000Z', from: 2, to: 3, reason: 'operator', points: 120 },
  ],
  trend: [
    { day: '2026-11-20', points: 120, total: 120 },
    { day: '2026-11-21', points: 110, total: 230 },
    { day: '2026-11-24', points: 220, total: 450 },
  ],
  computedThrough: '2026-11-24',
};

function analysis(period: GradeAnalysis['period']): GradeAnalysis {
  return {
    period,
    range: { start: period === '7d' ? '2026-11-19' : '2026-10-27', end: '2026-11-25' },
    totals: { creation: 60, engagement: 17, credit: -5, task: 50, total: 122 },
    days: [
      {
        day: '2026-11-24',
        creation: 60,
        engagement: 17,
        credit: -5,
        task: 0,
        total: 72,
        works: 3,
        plays: 2500,
        fansGained: 7,
        creditScore: 75,
      },
      {
        day: '2026-11-25',
        creation: 0,
        engagement: 0,
        credit: 0,
        task: 50,
        total: 50,
        works: null,
        plays: null,
        fansGained: null,
        creditScore: null,
      },
    ],
    grade: 1,
    points: 122,
    next: { grade: 2, minPoints: 200, pointsToGo: 78 },
    suggestions: [
      {
        kind: 'claim',
        text: '领取已完成的任务“发布第一个视频”→ +80 成长值',
        points: 80,
        link: '/task/detail',
      },
      {
        kind: 'publish',
        text: '发布 3 个视频 → +60 成长值（每个 20，每天最多 60）',
        points: 60,
        link: '/videos/video',
      },
      { kind: 'credit', text: '信用分 75：每天 -5 成长值', points: 7, link: '/growUp/creditScore' },
    ],
    computedThrough: '2026-11-24',
  };
}

const rightsReply: GradeRightsList = {
  grade: 2,
  levels: [
    { grade: 1, minPoints: 0, rights: { programs: false, smallVideoMaxSeconds: 60, openBusinessOrders: 1 } },
    {
      grade: 2,
      minPoints: 200,
      rights: { programs: false, smallVideoMaxSeconds: 60, openBusinessOrders: 2 },
    },
    {
      grade: 3,
      minPoints: 1000,
      rights: { programs: true, smallVideoMaxSeconds: 300, openBusinessOrders: 3 },
    },
    {
      grade: 4,
      minPoints: 3000,
      rights: { programs: true, smallVideoMaxSeconds: 300, openBusinessOrders: 5 },
    },
    {
      grade: 5,
      minPoints: 8000,
      rights: { programs: true, smallVideoMaxSeconds: 300, openBusinessOrders: 8 },
    },
    {
      grade: 6,
      minPoints: 20000,
      rights: { programs: true, smallVideoMaxSeconds: 300, openBusinessOrders: 12 },
    },
  ],
  rights: [
    { key: 'programs', enforcedBy: ['POST /api/program/save', 'GET /api/program/get_user_grade'] },
    { key: 'smallVideoMaxSeconds', enforcedBy: ['POST /api/video/publish'] },
    { key: 'openBusinessOrders', enforcedBy: ['POST /api/business/accept_order'] },
  ],
  smallVideoMaxSecondsSet: null,
  pointRules: {
    creation: { perWork: { article: 10, album: 6, video: 20, smallVideo: 8 }, dailyCap: 60 },
    engagement: { per1000Plays: 5, perNewFan: 1, dailyCap: 100 },
    credit: {
      bands: [
        { minScore: 95, points: 2 },
        { minScore: 80, points: 0 },
        { minScore: 60, points: -5 },
        { minScore: 0, points: -20 },
      ],
    },
  },
};

const opsTask: OpsTask = {
  id: 7,
  code: 'weekly_plays',
  kind: 'weekly',
  metric: 'plays',
  target: 5000,
  reward: { points: 40 },
  title: { 'zh-CN': '本周作品播放/阅读 5000 次', 'en-US': '5,000 plays and reads this week' },
  description: { 'zh-CN': '本周内的播放与阅读', 'en-US': 'plays and reads this week' },
  order: 110,
  active: true,
  claims: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
let saveReply: MockHandlers['/api/ops/growth/save_task'];

beforeEach(() => {
  resetPublicConfig();
  taskReply = tasks();
  claimReply = (p) => ({
    taskId: Number(p.taskId),
    period: 'once',
    claimedAt: '2026-11-25T04:00:00.000Z',
    reward: { coupon: { valueFen: 2000, minSpendFen: 5000, validDays: 30 } },
    couponId: 9,
    points: 0,
  });
  saveReply = (p) => ({
    ...opsTask,
    ...(p as Partial<OpsTask>),
    id: Number(p.id ?? 8),
    claims: p.id ? 3 : 0,
  });
  api = mockApi({
    ...shellHandlers(),
    '/api/user_center/get_my_info_by_id': () => ({
      authStatus: 2,
      avator: '/media/img/{0}x{0}/a.png',
      mediaName: 'Op',
      id: 1,
      userIdentityList: [],
      role: 'operator',
    }),
    '/api/task/list': () => taskReply,
    '/api/task/claim': (p, u, i) => claimReply!(p, u, i),
    '/api/grade/my': () => myGrade,
    '/api/grade/analysis': (p) => analysis((p.period as GradeAnalysis['period']) ?? '30d'),
    '/api/grade/rights': () => rightsReply,
    '/api/ops/growth/task_list': () => ({ list: [opsTask], total: 1, page: 1, pageSize: 20 }),
    '/api/ops/growth/save_task': (p, u, i) => saveReply!(p, u, i),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);
const card = (code: string) => screen.getAllByTestId('task-card').find((c) => c.dataset.code === code)!;

describe('/task/detail', () => {
  it('shows every task with its progress in numbers, reward, period and state', async () => {
    renderRoutes(routes, '/task/detail');
    await screen.findByRole('heading', { level: 1, name: '成长任务' });
    const newcomer = await screen.findByTestId('tasks-newcomer');
    expect(within(newcomer).getAllByTestId('task-card')).toHaveLength(4);
    const first = card('newcomer_first_article');
    expect(within(first).getByTestId('task-progress').textContent).toBe('0 / 1 篇文章');
    expect(within(first).getByTestId('task-reward').textContent).toContain('+50 成长值');
    expect(within(first).getByText('进行中')).toBeTruthy();
    expect(within(first).getByRole('link', { name: '去写文章' }).getAttribute('href')).toBe('/article');
    expect(within(first).getByText(/一次性/)).toBeTruthy();
    // claimed: when, no button
    const video = card('newcomer_first_video');
    expect(within(video).getByTestId('task-claimed').textContent).toMatch(/2026-11-20 \d\d:\d\d 领取/);
    expect(within(video).queryByTestId('task-claim')).toBeNull();
    // the profile's missing steps
    expect(within(card('newcomer_profile')).getByText('还差：上传自己的头像')).toBeTruthy();
    // a coupon's value and terms in yuan
    const coupon = card('newcomer_certified');
    expect(within(coupon).getByTestId('task-reward').textContent).toBe(
      ' ¥20.00 推广券推广预算满 ¥50.00 可用 · 领取后 30 天有效',
    );
    // periodic: counts in 万, the week and its end
    const plays = card('weekly_plays');
    expect(within(plays).getByTestId('task-progress').textContent).toBe('1.2万 / 5.0万 次播放/阅读');
    expect(within(plays).getByText(/2026-W48 周 · 截至 2026-11-\d\d \d\d:59/)).toBeTruthy();
    expect(within(plays).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('24');
    expect(unnamedIconControls(document.querySelector('main') ?? document)).toEqual([]);
  });

  it('claims a done task: the claim names the task, the toast the reward, and the list is read again', async () => {
    renderRoutes(routes, '/task/detail');
    await screen.findByTestId('tasks-newcomer');
    const coupon = card('newcomer_certified');
    expect(within(coupon).getByText('可领取')).toBeTruthy();
    expect(coupon.className).toContain('cc-task-claimable');
    const listed = callsTo('/api/task/list').length;
    taskReply = tasks();
    taskReply.newcomer[3] = {
      ...taskReply.newcomer[3]!,
      claimed: true,
      claimedAt: '2026-11-25T04:00:00.000Z',
    };
    fireEvent.click(within(coupon).getByRole('button', { name: '领取：完成创作者认证' }));
    expect(await screen.findByText('已领取：¥20.00 推广券')).toBeTruthy();
    expect(taskClaimParamSchema.parse(callsTo('/api/task/claim')[0]!.param)).toEqual({ taskId: 4 });
    await waitFor(() => expect(callsTo('/api/task/list').length).toBeGreaterThan(listed));
    await waitFor(() => expect(within(card('newcomer_certified')).getByTestId('task-claimed')).toBeTruthy());
  });

  it('shows the server’s refusal of a claim in words', async () => {
    claimReply = () => ({
      __envelope: {
        status: 10008,
        message: '任务“完成创作者认证”本期（once）的奖励已于 2026-11-25 12:00 领取',
        data: null,
        ercd: 'CONFLICT',
      },
    });
    renderRoutes(routes, '/task/detail');
    await screen.findByTestId('tasks-newcomer');
    fireEvent.click(within(card('newcomer_certified')).getByTestId('task-claim'));
    expect(
      await screen.findByText('任务“完成创作者认证”本期（once）的奖励已于 2026-11-25 12:00 领取'),
    ).toBeTruthy();
  });

  it('says what to do when there are no tasks, and reads in English', async () => {
    await act(() => setLanguage('en-US'));
    taskReply = { newcomer: [], periodic: [], asOf: '2026-11-25T04:00:00.000Z' };
    renderRoutes(routes, '/task/detail');
    expect(await screen.findByText('No tasks')).toBeTruthy();
    expect(screen.getByText('The platform has no active tasks right now; check back later.')).toBeTruthy();
  });
});

describe('the home card', () => {
  it('lists rewards waiting first, then the unfinished tasks closest to done; claimed ones are left out', async () => {
    renderRoutes(routes, '/');
    const home = await screen.findByTestId('home-tasks');
    await waitFor(() => expect(within(home).getAllByTestId('home-task')).toHaveLength(4));
    const rows = within(home).getAllByTestId('home-task');
    expect(rows.map((r) => r.querySelector('.cc-home-task-title')!.textContent)).toEqual([
      '完成创作者认证',
      '本周发布 3 个作品',
      '完善个人资料',
      '本周作品播放/阅读 5000 次',
    ]);
    expect(rows[0]!.className).toContain('cc-task-claimable');
    expect(within(home).getByText('1 个奖励待领取')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('home-task-progress').textContent).toBe('2 / 3 个作品');
    const section = screen.getByRole('region', { name: '成长任务' });
    expect(within(section).getByRole('link', { name: '查看更多' }).getAttribute('href')).toBe('/task/detail');
  });
});

describe('/growUp/myGrade', () => {
  it('shows the level, points, the way to the next level, the floor, the rights, the trend and the history', async () => {
    renderRoutes(routes, '/growUp/myGrade');
    expect((await screen.findByTestId('grade-level')).textContent).toBe('Lv3');
    expect(screen.getByTestId('grade-points').textContent).toBe('450 成长值');
    expect(screen.getByTestId('grade-next').textContent).toBe('再获得 2550 成长值升至 4 级');
    expect(screen.getByTestId('grade-floor').textContent).toBe(
      '运营授予的等级：不低于 3 级（按成长值为 2 级）',
    );
    expect(screen.getByTestId('grade-computed').textContent).toBe('成长值已计算至 2026-11-24');
    const rights = screen.getByTestId('grade-rights-now');
    expect(rights.textContent).toContain('节目功能：已开放');
    expect(rights.textContent).toContain('小视频时长上限：300 秒');
    expect(rights.textContent).toContain('同时承接商单：3 个');
    expect(within(screen.getByTestId('grade-trend')).getByRole('img').getAttribute('aria-label')).toBe(
      '成长值走势，2026-11-20 至 2026-11-24：累计 450',
    );
    const changes = screen.getAllByTestId('grade-change').map((e) => e.textContent);
    expect(changes).toEqual(['1 级 → 2 级 按成长值', '2 级 → 3 级 运营调整']);
    expect(screen.getByRole('link', { name: '等级分析' }).getAttribute('href')).toBe('/growUp/gradeAnalysis');
    expect(screen.getByRole('link', { name: '等级权益' }).getAttribute('href')).toBe('/growUp/gradeRights');
    expect(unnamedIconControls(document.querySelector('main') ?? document)).toEqual([]);
  });

  it('reads in English', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/growUp/myGrade');
    expect((await screen.findByTestId('grade-next')).textContent).toBe('2,550 more growth points to grade 4');
    expect(screen.getByTestId('grade-rights-now').textContent).toContain('Longest short video: 300 s');
  });
});

describe('/growUp/gradeAnalysis', () => {
  it('shows the totals by component, the suggestions with their links and the days; the period is chosen', async () => {
    renderRoutes(routes, '/growUp/gradeAnalysis');
    const totals = await screen.findByTestId('analysis-totals');
    expect(within(totals).getByTestId('total-creation').textContent).toBe('创作+60');
    expect(within(totals).getByTestId('total-credit').textContent).toBe('信用-5');
    expect(within(totals).getByTestId('total-total').textContent).toBe('合计+122 成长值');
    expect(screen.getByTestId('analysis-next').textContent).toBe('距 2 级还差 78 成长值');
    const suggestions = screen.getByTestId('analysis-suggestions');
    expect(within(suggestions).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(suggestions)
        .getByRole('link', { name: '去完成：发布 3 个视频 → +60 成长值（每个 20，每天最多 60）' })
        .getAttribute('href'),
    ).toBe('/videos/video');
    const days = screen.getByTestId('analysis-days');
    const dayRows = within(days).getAllByRole('row').slice(1);
    // newest first: today is not counted yet (its task points are), yesterday has its facts
    expect(within(dayRows[0]!).getAllByText('未计算')).toHaveLength(4);
    expect(dayRows[1]!.textContent).toBe('2026-11-24+60+17-50+7232500775');
    expect(callsTo('/api/grade/analysis')[0]!.param).toEqual({ period: '30d' });
    fireEvent.click(screen.getByText('近 7 天'));
    await waitFor(() => expect(callsTo('/api/grade/analysis').at(-1)!.param).toEqual({ period: '7d' }));
  });
});

describe('/growUp/gradeRights', () => {
  it('shows each level’s rights with the own level highlighted, where each is enforced, and the point rules', async () => {
    renderRoutes(routes, '/growUp/gradeRights');
    const table = await screen.findByTestId('rights-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[1]!.className).toContain('cc-rights-mine');
    expect(within(rows[1]!).getByTestId('rights-mine').textContent).toBe('当前等级');
    expect(rows[1]!.textContent).toBe('Lv2当前等级200 未开放 60 秒 2 个');
    expect(rows[2]!.textContent).toBe('Lv31000 开放 300 秒 3 个');
    expect(
      within(screen.getByTestId('rights-enforced')).getByText(/POST \/api\/business\/accept_order/),
    ).toBeTruthy();
    const rules = screen.getByTestId('rights-rules');
    expect(within(rules).getByText('视频 +20')).toBeTruthy();
    expect(within(rules).getByText('信用分 ≥ 0：-20 / 天')).toBeTruthy();
  });
});

describe('/ops/review?tab=tasks', () => {
  it('lists tasks with both languages; creates one through the form; deactivates one', async () => {
    renderRoutes(routes, '/ops/review?tab=tasks');
    const table = await screen.findByTestId('ops-task-table');
    await within(table).findByText('weekly_plays');
    expect(within(table).getByText('5,000 plays and reads this week')).toBeTruthy();
    expect(within(table).getByText('3 次')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /新建任务/ }));
    const form = await screen.findByTestId('task-form');
    fireEvent.change(within(form).getByLabelText('任务代码'), { target: { value: 'weekly_fans_20' } });
    fireEvent.change(within(form).getByLabelText('标题（中文）'), { target: { value: '本周涨粉 20 位' } });
    fireEvent.change(within(form).getByLabelText('标题（英文）'), {
      target: { value: 'Gain 20 fans this week' },
    });
    fireEvent.click(within(form).getByLabelText('推广券'));
    fireEvent.change(await within(form).findByLabelText('券面额（元）'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(callsTo('/api/ops/growth/save_task')).toHaveLength(1));
    const sent = saveTaskParamSchema.parse(callsTo('/api/ops/growth/save_task')[0]!.param);
    expect(sent).toMatchObject({
      code: 'weekly_fans_20',
      kind: 'weekly',
      metric: 'publish_works',
      target: 3,
      reward: { coupon: { valueFen: 1250, minSpendFen: 5000, validDays: 30 } },
      title: { 'zh-CN': '本周涨粉 20 位', 'en-US': 'Gain 20 fans this week' },
      active: true,
    });
    expect(sent.id).toBeUndefined();
    expect(await screen.findByText('任务已保存')).toBeTruthy();

    fireEvent.click(screen.getByTestId('toggle-weekly_plays'));
    await waitFor(() => expect(callsTo('/api/ops/growth/save_task')).toHaveLength(2));
    expect(callsTo('/api/ops/growth/save_task')[1]!.param).toMatchObject({
      id: 7,
      code: 'weekly_plays',
      active: false,
    });
  });

  it('shows a refusal next to its field', async () => {
    saveReply = () => ({
      __envelope: {
        status: 10007,
        message: '任务代码 weekly_plays 已被使用',
        data: {
          fields: [
            { path: 'code', message: '任务代码 weekly_plays 已被使用', code: 'GROWTH_TASK_CODE_TAKEN' },
          ],
        },
        ercd: 'VALIDATION_FAILED',
      },
    });
    renderRoutes(routes, '/ops/review?tab=tasks');
    await screen.findByTestId('ops-task-table');
    fireEvent.click(screen.getByRole('button', { name: /新建任务/ }));
    const form = await screen.findByTestId('task-form');
    fireEvent.change(within(form).getByLabelText('任务代码'), { target: { value: 'weekly_plays' } });
    fireEvent.change(within(form).getByLabelText('标题（中文）'), { target: { value: '重复' } });
    fireEvent.change(within(form).getByLabelText('标题（英文）'), { target: { value: 'dup' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await within(form).findByText('任务代码 weekly_plays 已被使用')).toBeTruthy();
  });

  it('fixes the target of a state metric and offers state metrics to newcomer tasks only', async () => {
    renderRoutes(routes, '/ops/review?tab=tasks');
    await screen.findByTestId('ops-task-table');
    fireEvent.click(screen.getByRole('button', { name: /新建任务/ }));
    const form = await screen.findByTestId('task-form');
    const metric = within(form).getByLabelText('统计项');
    fireEvent.mouseDown(metric);
    await waitFor(() => expect(metric.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.queryByText('通过创作者认证')).toBeNull();
    // Closed before the type is chosen (a mouseDown on an open select closes it), so the next one opens it.
    fireEvent.mouseDown(metric);
    await waitFor(() => expect(metric.getAttribute('aria-expanded')).toBe('false'));
    fireEvent.mouseDown(within(form).getByLabelText('任务类型'));
    fireEvent.click(await screen.findByTitle('新手任务'));
    fireEvent.mouseDown(within(form).getByLabelText('统计项'));
    await waitFor(() =>
      expect(within(form).getByLabelText('统计项').getAttribute('aria-expanded')).toBe('true'),
    );
    fireEvent.click(await screen.findByTitle('完善资料（头像、媒体名称）'));
    const target = () => within(form).getByLabelText<HTMLInputElement>('目标值');
    await waitFor(() => expect(target().disabled).toBe(true));
    expect(target().value).toBe('2');
    expect(within(form).getByText('此统计项的目标固定为 2')).toBeTruthy();
  });
});
