import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  activityJoinParamSchema,
  activityListParamSchema,
  idParamSchema,
  opsActivityDisqualifyParamSchema,
  opsActivityListParamSchema,
  opsActivitySaveParamSchema,
  type ActivityDetail,
  type ActivityEntry,
  type ActivityItem,
  type OpsActivity,
  type OpsActivityDetail,
} from '@cc/contracts';
import type { z } from 'zod';
import { routes } from './router';
import { type MockHandlers, mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import zhCN from '../lib/i18n/locales/zh-CN';
import enUS from '../lib/i18n/locales/en-US';

// Issue #15 "Activities": the author's list (phases, joined), the activity page (rules, prizes, score rule, my
// entries with their numbers, ranking, join and withdraw) and the operators' tab on /ops/review — through the
// real router with the API stubbed by the contract's types, every call's param checked against its schema.
vi.setConfig({ testTimeout: 30_000 });

const A = zhCN.activity;
const E = enUS.activity;
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

const page = <T,>(list: T[], p: Record<string, unknown>) => ({
  list,
  total: list.length,
  page: Number(p.page ?? 1),
  pageSize: Number(p.pageSize ?? 20),
});

function item(over: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: 3,
    title: '春季用车故事征集',
    coverUrl: null,
    state: 'published',
    phase: 'open',
    startsAt: '2030-03-01T02:00:00.000Z',
    endsAt: '2030-03-20T02:00:00.000Z',
    resultsAt: '2030-03-25T02:00:00.000Z',
    topic: { id: 2, name: '用车故事' },
    workTypes: ['article', 'video'],
    entryCount: 2,
    myEntryCount: 1,
    ...over,
  };
}

function entry(over: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 11,
    contentId: 40,
    contentTitle: '我的第一台车',
    contentType: 'article',
    authorName: 'Demo Garage',
    state: 'entered',
    reason: null,
    enteredAt: '2030-03-02T02:00:00.000Z',
    numbers: { views: 1234, likes: 56, comments: 7, fans: 3, score: 1234 + 168 + 35 + 30 },
    rank: 1,
    prize: '车模一台',
    ...over,
  };
}

function detail(over: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    ...item(),
    rules: '分享你与爱车的故事。\n原创作品。',
    prizes: [{ fromRank: 1, toRank: 1, text: '车模一台' }],
    scoreWeights: { views: 1, likes: 3, comments: 5, fans: 10 },
    final: false,
    myEntries: [entry()],
    ranking: [
      entry(),
      entry({
        id: 12,
        contentId: 41,
        contentTitle: '冬季保养',
        authorName: '车评小王',
        rank: 2,
        prize: null,
        numbers: { views: 9, likes: 0, comments: 0, fans: 0, score: 9 },
      }),
    ],
    ...over,
  };
}

function opsActivity(over: Partial<OpsActivity> = {}): OpsActivity {
  return {
    id: 3,
    state: 'closed',
    titleZh: '春季用车故事征集',
    titleEn: 'Spring car stories',
    rulesZh: '分享',
    rulesEn: 'Share',
    startsAt: '2030-03-01T02:00:00.000Z',
    endsAt: '2030-03-20T02:00:00.000Z',
    resultsAt: '2030-03-25T02:00:00.000Z',
    topicId: null,
    workTypes: ['article'],
    prizes: [],
    coverUrl: null,
    entryCount: 2,
    announcedAt: null,
    createdAt: '2030-02-20T02:00:00.000Z',
    ...over,
  };
}

const PARAM_SCHEMAS: Record<string, z.ZodType> = {
  '/api/activity/list': activityListParamSchema,
  '/api/activity/detail': idParamSchema,
  '/api/activity/eligible_works': idParamSchema,
  '/api/activity/join': activityJoinParamSchema,
  '/api/activity/withdraw': idParamSchema,
  '/api/ops/activity/list': opsActivityListParamSchema,
  '/api/ops/activity/detail': idParamSchema,
  '/api/ops/activity/save': opsActivitySaveParamSchema,
  '/api/ops/activity/publish': idParamSchema,
  '/api/ops/activity/announce': idParamSchema,
  '/api/ops/activity/disqualify': opsActivityDisqualifyParamSchema,
};

function start(extra: MockHandlers = {}, role: 'author' | 'operator' = 'author') {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/user_center/get_my_info_by_id': () => ({
      authStatus: 2,
      avator: '/media/img/{0}x{0}/a.png',
      mediaName: 'Demo Garage',
      id: 1,
      userIdentityList: [],
      role,
    }),
    '/api/activity/list': (p) =>
      page(
        [
          item(),
          item({ id: 4, title: '夏日自驾', phase: 'upcoming', myEntryCount: 0, entryCount: 0, topic: null }),
        ].filter((x) => (!p.phase || x.phase === p.phase) && (!p.joined || x.myEntryCount > 0)),
        p,
      ),
    '/api/activity/detail': () => detail(),
    '/api/activity/eligible_works': () => [
      { id: 50, title: '长途自驾记', type: 'article', publishedAt: '2030-03-01T02:00:00.000Z' },
    ],
    '/api/activity/join': () => entry({ id: 13, contentId: 50 }),
    '/api/activity/withdraw': (p) => ({ id: Number(p.id) }),
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return api;
}

function expectValidParams(api: ReturnType<typeof mockApi>) {
  for (const c of api.calls) {
    const schema = PARAM_SCHEMAS[c.path];
    if (schema) expect(schema.safeParse(c.param).success, `${c.path} ${JSON.stringify(c.param)}`).toBe(true);
  }
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('/activity', () => {
  it('lists activities with phase, window and counts; a phase and "joined" narrow the list', async () => {
    const api = start();
    renderRoutes(routes, '/activity');
    expect(await screen.findByText('春季用车故事征集')).toBeTruthy();
    expect(screen.getByText('夏日自驾')).toBeTruthy();
    expect(screen.getByText('话题：用车故事')).toBeTruthy();
    fireEvent.click(screen.getAllByText(A.phases.upcoming)[0]!);
    await waitFor(() => expect(screen.queryByText('春季用车故事征集')).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/activity/list' && c.param.phase === 'upcoming')).toBe(true);
    fireEvent.click(screen.getAllByText(A.phases.all)[0]!);
    fireEvent.click(screen.getByLabelText(A.joinedOnly));
    await waitFor(() => expect(screen.queryByText('夏日自驾')).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/activity/list' && c.param.joined === 'true')).toBe(true);
    expectValidParams(api);
  });

  it('says so when there is none (en-US)', async () => {
    await setLanguage('en-US');
    start({ '/api/activity/list': (p) => page([], p) });
    renderRoutes(routes, '/activity');
    expect(await screen.findByText(E.empty)).toBeTruthy();
  });
});

describe('/activity/detail', () => {
  it('shows rules, prizes, the score rule, my entries with their numbers and the ranking', async () => {
    const api = start();
    renderRoutes(routes, '/activity/detail?id=3');
    expect(await screen.findByTestId('activity-title')).toBeTruthy();
    expect(screen.getByTestId('activity-rules').textContent).toContain('原创作品。');
    expect(screen.getByTestId('activity-prizes').textContent).toContain('车模一台');
    expect(screen.getByTestId('activity-score-rule').textContent).toBe(
      '得分 = 阅读 × 1 + 点赞 × 3 + 评论 × 5 + 新增粉丝 × 10，只计报名时间内的数据；同分时先报名者在前。',
    );
    const mine = screen.getByTestId('my-entries');
    expect(within(mine).getByTestId('entry-11-views').textContent).toBe('1234');
    expect(within(mine).getByTestId('entry-11-score').textContent).toBe('1467');
    expect(within(mine).getByTestId('entry-11-fans').textContent).toBe('3');
    const ranking = screen.getByTestId('activity-ranking');
    expect(within(ranking).getByText('冬季保养')).toBeTruthy();
    expect(within(ranking).getByText('车评小王')).toBeTruthy();
    expectValidParams(api);
  });

  it('join: pick an eligible work and send it; withdraw sends the entry id', async () => {
    const api = start();
    renderRoutes(routes, '/activity/detail?id=3');
    fireEvent.click(await screen.findByTestId('activity-join'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('长途自驾记'));
    fireEvent.click(within(dialog).getByRole('button', { name: spaced(A.detail.join) }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/activity/join')?.param).toEqual({ id: 3, contentId: 50 }),
    );
    fireEvent.click(
      within(screen.getByTestId('my-entries')).getByRole('button', { name: spaced(A.detail.withdraw) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: spaced(zhCN.common.confirm) }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/activity/withdraw')?.param).toEqual({ id: 11 }),
    );
    expectValidParams(api);
  });

  it('a refusal to join is shown in the server’s words', async () => {
    start({
      '/api/activity/join': () => ({
        __envelope: { status: 10008, message: '这个作品已参加本活动', data: null, ercd: 'CONFLICT' },
      }),
    });
    renderRoutes(routes, '/activity/detail?id=3');
    fireEvent.click(await screen.findByTestId('activity-join'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('长途自驾记'));
    fireEvent.click(within(dialog).getByRole('button', { name: spaced(A.detail.join) }));
    expect(await screen.findByText('这个作品已参加本活动')).toBeTruthy();
  });

  it('announced: the final ranking, a disqualified entry with its reason, no join (en-US)', async () => {
    await setLanguage('en-US');
    start({
      '/api/activity/detail': () =>
        detail({
          title: 'Spring car stories',
          phase: 'ended',
          state: 'announced',
          final: true,
          myEntries: [entry({ state: 'disqualified', reason: 'bought views', rank: null, prize: null })],
        }),
    });
    renderRoutes(routes, '/activity/detail?id=3');
    expect(await screen.findByText(E.detail.finalNotice)).toBeTruthy();
    expect(screen.getByText('Disqualified: bought views')).toBeTruthy();
    expect(screen.getByText(E.detail.rankingFinal)).toBeTruthy();
    expect(screen.queryByTestId('activity-join')).toBeNull();
  });

  it('a missing or unknown id says so with a way back', async () => {
    start({
      '/api/activity/detail': () => ({
        __envelope: { status: 10006, message: 'no such activity', data: null, ercd: 'NOT_FOUND' },
      }),
    });
    renderRoutes(routes, '/activity/detail?id=99');
    expect(await screen.findByText(A.detail.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: A.detail.back })).toBeTruthy();
  });
});

describe('/ops/review?tab=activities (operators)', () => {
  function startOps(extra: MockHandlers = {}) {
    return start(
      {
        '/api/ops/activity/list': (p) =>
          page(
            [
              opsActivity(),
              opsActivity({ id: 5, state: 'draft', titleZh: '夏日自驾', titleEn: 'Summer drives' }),
            ],
            p,
          ),
        '/api/ops/activity/detail': (): OpsActivityDetail => ({
          ...opsActivity(),
          entries: [entry(), entry({ id: 12, contentTitle: '冬季保养', rank: 2, prize: null })],
        }),
        '/api/ops/activity/publish': () => opsActivity({ id: 5, state: 'published' }),
        '/api/ops/activity/announce': (): OpsActivityDetail => ({
          ...opsActivity({ state: 'announced' }),
          entries: [],
        }),
        '/api/ops/activity/disqualify': () => entry({ id: 12, state: 'disqualified', reason: '刷量' }),
        '/api/ops/activity/save': () => opsActivity({ id: 6, state: 'draft' }),
        '/api/topic/list': () => [],
        ...extra,
      },
      'operator',
    );
  }

  it('lists activities with both titles; publish a draft, announce a closed one, disqualify an entry with a reason', async () => {
    const api = startOps();
    renderRoutes(routes, '/ops/review?tab=activities');
    expect(await screen.findByText('Spring car stories')).toBeTruthy();
    fireEvent.click(screen.getByTestId('publish-5'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/activity/publish')?.param).toEqual({ id: 5 }),
    );
    fireEvent.click(screen.getByTestId('announce-3'));
    fireEvent.click(await screen.findByRole('button', { name: spaced(zhCN.common.confirm) }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/activity/announce')?.param).toEqual({ id: 3 }),
    );
    fireEvent.click(screen.getByTestId('entries-3'));
    fireEvent.click(await screen.findByTestId('disqualify-12'));
    const reason = await screen.findByLabelText(A.ops.reason);
    fireEvent.change(reason, { target: { value: '刷量' } });
    const dialogs = await screen.findAllByRole('dialog');
    const modal = dialogs.find((d) => within(d).queryByLabelText(A.ops.reason))!;
    fireEvent.click(within(modal).getByRole('button', { name: spaced(A.ops.disqualify) }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/activity/disqualify')?.param).toEqual({
        id: 12,
        reason: '刷量',
      }),
    );
    expectValidParams(api);
  });

  it('the create form sends both languages and the window; a server field refusal shows at its field', async () => {
    const api = startOps({
      '/api/ops/activity/save': () => ({
        __envelope: {
          status: 10007,
          message: '请填写活动规则',
          data: { fields: [{ path: 'rulesEn', code: 'ACTIVITY_RULES_REQUIRED', message: '请填写活动规则' }] },
          ercd: 'VALIDATION_FAILED',
        },
      }),
    });
    renderRoutes(routes, '/ops/review?tab=activities');
    fireEvent.click(await screen.findByTestId('activity-new'));
    const form = await screen.findByTestId('activity-form');
    fireEvent.change(within(form).getByLabelText(A.ops.form.titleZh), { target: { value: '秋季征文' } });
    fireEvent.change(within(form).getByLabelText(A.ops.form.titleEn), {
      target: { value: 'Autumn stories' },
    });
    fireEvent.change(within(form).getByLabelText(A.ops.form.rulesZh), { target: { value: '原创' } });
    fireEvent.change(within(form).getByLabelText(A.ops.form.rulesEn), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: spaced(zhCN.common.save) }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/ops/activity/save')).toBe(true));
    const sent = api.calls.find((c) => c.path === '/api/ops/activity/save')!.param;
    expect(sent).toMatchObject({
      titleZh: '秋季征文',
      titleEn: 'Autumn stories',
      workTypes: ['article', 'video'],
    });
    expect(await within(form).findByText('请填写活动规则')).toBeTruthy();
    expectValidParams(api);
  });
});
