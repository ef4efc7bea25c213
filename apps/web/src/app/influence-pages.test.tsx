import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { influenceIndex, type InfluenceIndex, type RankList } from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';

// The influence index and the rankings (issue #12): the index page with its score, components, terms and history;
// the seven boards as one page with tabs, the author's own place pinned, movement arrows with words, values in 万,
// the day and the time of the figures — through the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

const AS_OF = '2026-03-10T16:10:00.000Z';
/** The documentation's worked example: 633.7 points. */
const example = influenceIndex({
  works: 12,
  activeDays: 10,
  reads: 50_000,
  interactions: 3_000,
  completionRate: 0.35,
  fansTotal: 8_000,
  fansNet: 600,
  passRate: 12 / 13,
});

let indexReply: InfluenceIndex;
let api: ReturnType<typeof mockApi>;

function rankReply(board: RankList['board'], page: number, pageSize: number): RankList {
  const values: Record<string, number[]> = {
    influence: [812.3, 633.7, 633.7, 120],
    popular: [1_234_567, 56_000, 9_999, 12],
    hot: [3.3867, 1, -0.0667, -0.5],
  };
  const v = values[board] ?? [40, 30, 20, 10];
  return {
    board,
    day: '2026-03-09',
    asOf: AS_OF,
    page,
    pageSize,
    total: 45,
    list:
      page === 1
        ? [
            {
              place: 1,
              authorId: 11,
              mediaName: '车评阿尔法',
              avatarUrl: '/media/img/{0}x{0}/a.png',
              value: v[0]!,
              movement: 2,
            },
            { place: 2, authorId: 12, mediaName: 'Demo Garage', value: v[1]!, movement: -1 },
            { place: 2, authorId: 13, mediaName: '赛道西塔', value: v[2]!, movement: 0 },
            { place: 4, authorId: 14, mediaName: '新人德尔塔', value: v[3]!, movement: null },
          ]
        : [{ place: 21, authorId: 31, mediaName: '第二页作者', value: v[3]!, movement: null }],
    mine: board === 'leader' ? null : { place: 2, value: v[1]!, movement: -1 },
  };
}

beforeEach(() => {
  resetPublicConfig();
  indexReply = {
    asOf: AS_OF,
    day: '2026-03-09',
    score: example.score,
    components: example.components,
    history: [
      { day: '2026-03-07', score: 600.5 },
      { day: '2026-03-08', score: 640 },
      { day: '2026-03-09', score: example.score },
    ],
    formulaVersion: 1,
  };
  api = mockApi({
    ...shellHandlers(),
    '/api/influence/index': () => indexReply,
    '/api/rank/list': (p) => rankReply(p.board as RankList['board'], Number(p.page), Number(p.pageSize)),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);

describe('/exponent and /manage/influenceIndex', () => {
  it('shows the score out of 1000 with its day and time, every component and term, and the history', async () => {
    renderRoutes(routes, '/exponent');
    expect((await screen.findByTestId('influence-score')).textContent).toBe('633.7');
    expect(screen.getByText('满分 1000')).toBeTruthy();
    expect(screen.getByText('2026-03-09 的指数')).toBeTruthy();
    expect(screen.getByTestId('as-of').textContent).toMatch(/^数据更新于 2026-03-1[01] \d\d:\d\d$/);

    const components = screen.getByTestId('influence-components');
    expect(within(components).getByTestId('component-creation').textContent).toBe('创作力98.1/ 150');
    expect(within(components).getByTestId('component-credibility').textContent).toBe('可信度92.3/ 100');
    expect(within(components).getByRole('img').getAttribute('aria-label')).toBe(
      '指数构成：创作力 98.1 / 150 分，传播力 304.0 / 500 分，粉丝力 139.3 / 250 分，可信度 92.3 / 100 分',
    );
    // the terms: their names and explanations from the published formula, inputs in 万 and percent
    expect(within(components).getByText('阅读与播放')).toBeTruthy();
    expect(within(components).getByText(/ln\(次数 \+ 1\)，1000 万封顶/)).toBeTruthy();
    expect(
      within(components)
        .getAllByTestId('term-value')
        .map((e) => e.textContent),
    ).toEqual(['12', '10', '5.0万', '3000', '35.00%', '8000', '600', '92.31%']);
    expect(within(components).getAllByTestId('term-points')[2]!.textContent).toBe('188.0 / 280');

    const history = screen.getByTestId('influence-history');
    expect(within(history).getByRole('img').getAttribute('aria-label')).toBe(
      '影响力指数走势，2026-03-07 至 2026-03-09：最新 633.7 分，最高 640.0 分',
    );
    expect(callsTo('/api/influence/index')).toHaveLength(1);
  });

  it('is the same page in the data menu, in English too', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/manage/influenceIndex');
    expect((await screen.findByTestId('influence-score')).textContent).toBe('633.7');
    expect(screen.getByRole('heading', { level: 1, name: 'Influence index' })).toBeTruthy();
    const components = screen.getByTestId('influence-components');
    expect(within(components).getByText('Views and plays')).toBeTruthy();
    expect(within(components).getAllByTestId('term-value')[2]!.textContent).toBe('50K');
  });

  it('says what to do when there is no index yet', async () => {
    indexReply = { ...indexReply, score: null, components: [], history: [] };
    const { router } = renderRoutes(routes, '/exponent');
    expect(await screen.findByText('还没有影响力指数')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去发布作品' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/article'));
  });
});

describe('the rankings', () => {
  it('shows the board with places, movement in arrows and words, the author’s own place pinned, the day and time', async () => {
    renderRoutes(routes, '/rank');
    const list = await screen.findByTestId('rank-list');
    await within(list).findByText('车评阿尔法');
    expect(callsTo('/api/rank/list')[0]?.param).toEqual({ board: 'influence', page: 1, pageSize: 20 });
    expect(screen.getByRole('heading', { level: 1, name: '影响力榜' })).toBeTruthy();
    expect(
      within(list)
        .getAllByTestId('rank-value')
        .map((e) => e.textContent),
    ).toEqual(['812.3', '633.7', '633.7', '120.0']);
    expect(
      within(list)
        .getAllByTestId('rank-movement')
        .map((e) => e.getAttribute('aria-label')),
    ).toEqual(['上升 2 名', '下降 1 名', '排名不变', '新上榜']);
    expect(within(list).getAllByTestId('rank-movement')[3]!.textContent).toBe('新');
    expect(within(list).getByText('共 45 位作者上榜')).toBeTruthy();

    const mine = screen.getByTestId('rank-mine');
    expect(within(mine).getByTestId('rank-mine-place').textContent).toBe('第 2 名');
    expect(within(mine).getByTestId('rank-mine-value').textContent).toBe('影响力指数 633.7');
    expect(within(mine).getByTestId('rank-movement').getAttribute('aria-label')).toBe('下降 1 名');
    expect(within(mine).getByText('2026-03-09 榜单')).toBeTruthy();
    expect(within(mine).getByTestId('as-of').textContent).toMatch(/^数据更新于 2026-03-1[01] \d\d:\d\d$/);
    // the board's definition comes from the published rules
    expect(screen.getByTestId('rank-definition').textContent).toContain('按影响力指数排名');
  });

  it('tabs go to each board’s own page; counts read in 万, growth signed in percent', async () => {
    const { router } = renderRoutes(routes, '/exponent/popularRank');
    const list = await screen.findByTestId('rank-list');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('rank-value')
          .map((e) => e.textContent),
      ).toEqual(['123.4万', '5.6万', '9999', '12']),
    );
    expect(callsTo('/api/rank/list').at(-1)?.param).toMatchObject({ board: 'popular' });
    const tabs = screen.getByTestId('rank-tabs');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((e) => e.textContent),
    ).toEqual(['影响力榜', '购车影响力榜', '领袖榜', '视频榜', '热度榜', '人气榜', '安全榜']);

    fireEvent.click(within(tabs).getByRole('tab', { name: '热度榜' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exponent/hotRank'));
    await waitFor(() => expect(callsTo('/api/rank/list').at(-1)?.param).toMatchObject({ board: 'hot' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('rank-list')).getAllByTestId('rank-value')[0]!.textContent).toBe(
        '+338.67%',
      ),
    );
    expect(within(screen.getByTestId('rank-list')).getAllByTestId('rank-value')[2]!.textContent).toBe(
      '-6.67%',
    );

    fireEvent.click(within(screen.getByTestId('rank-tabs')).getByRole('tab', { name: '领袖榜' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rank/leaderRank'));
    // not on the board: said so, with what to do
    expect(await screen.findByText('你还不在这个榜单上')).toBeTruthy();
  });

  it('pages through a board with the page in the address; in English the values are compact', async () => {
    const { router } = renderRoutes(routes, '/exponent/popularRank');
    const list = await screen.findByTestId('rank-list');
    await within(list).findByText('车评阿尔法');
    fireEvent.click(within(list).getByTitle('2'));
    await waitFor(() =>
      expect(callsTo('/api/rank/list').at(-1)?.param).toEqual({ board: 'popular', page: 2, pageSize: 20 }),
    );
    expect(router.state.location.search).toBe('?page=2');
    expect(await within(list).findByText('第二页作者')).toBeTruthy();

    await act(() => setLanguage('en-US'));
    await act(() => router.navigate('/exponent/popularRank'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('rank-list'))
          .getAllByTestId('rank-value')
          .map((e) => e.textContent),
      ).toEqual(['1.2M', '56K', '9,999', '12']),
    );
    expect(
      within(screen.getByTestId('rank-mine')).getByTestId('rank-movement').getAttribute('aria-label'),
    ).toBe('Down 1');
  });

  it('before the first computation says when boards appear', async () => {
    api = mockApi({
      ...shellHandlers(),
      '/api/rank/list': (p) => ({
        ...rankReply('safe', 1, 20),
        board: p.board as RankList['board'],
        day: null,
        list: [],
        total: 0,
        mine: null,
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/exponent/safeRank');
    expect(await screen.findByText(/榜单每天 00:10 计算前一天的排名/)).toBeTruthy();
  });
});
