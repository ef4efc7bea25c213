import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  CreativeHot,
  CreativeInterest,
  DataReport,
  Metrics,
  TopicEngagement,
  TopicItem,
} from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { contentItem, shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { formatDate } from '../lib/format';
import { setLanguage } from '../lib/i18n';

// Creative trends, topic engagement and weekly reports (issue #12): /creativeHot, /creativeInterest, the /topic page's
// engagement and /dataReport (list and ?week= detail), through the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

const AS_OF = '2026-11-20T04:00:00.000Z';
const hours = (at: Record<number, number>) => Array.from({ length: 24 }, (_, i) => at[i] ?? 0);

const hotSeries: CreativeHot = {
  asOf: AS_OF,
  kind: 'series',
  range: { start: '2026-11-19T04:00:00.000Z', end: AS_OF },
  list: [
    {
      rank: 1,
      key: '1001',
      label: '比亚迪 汉',
      seriesId: 1001,
      engagement: 123_456,
      works: 12,
      sparkline: hours({ 3: 100, 23: 123_356 }),
    },
    {
      rank: 2,
      key: '41005',
      label: '理想 L9',
      seriesId: 41005,
      engagement: 9999,
      works: 3,
      sparkline: hours({ 12: 9999 }),
    },
  ],
};
const hotKeywords: CreativeHot = {
  ...hotSeries,
  kind: 'keyword',
  list: [{ rank: 1, key: '续航', label: '续航', engagement: 42, works: 2, sparkline: hours({ 1: 42 }) }],
};

const interest: CreativeInterest = {
  asOf: AS_OF,
  kind: 'series',
  range: { start: '2026-11-13', end: '2026-11-19' },
  previousRange: { start: '2026-11-06', end: '2026-11-12' },
  minEngagement: 50,
  list: [
    {
      rank: 1,
      key: '71004',
      label: '特斯拉 Model S',
      seriesId: 71004,
      engagement: 55,
      previous: 0,
      growthRate: null,
      works: 1,
      sparkline: new Array<number>(14).fill(0),
    },
    {
      rank: 2,
      key: '71001',
      label: '特斯拉 Model 3',
      seriesId: 71001,
      engagement: 60_000,
      previous: 10_000,
      growthRate: 5,
      works: 4,
      sparkline: new Array<number>(14).fill(1),
    },
  ],
};

const topics: TopicItem[] = [
  { id: 1, name: '新车上市', description: '新车发布', myWorkCount: 0 },
  { id: 4, name: '新能源', description: '纯电与插混', myWorkCount: 2 },
];
const week = [
  '2026-11-13',
  '2026-11-14',
  '2026-11-15',
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
];
const topicEngagement: TopicEngagement = {
  asOf: AS_OF,
  period: '7d',
  range: { start: '2026-11-13', end: '2026-11-19' },
  list: [
    {
      id: 4,
      name: '新能源',
      description: '纯电与插混',
      works: 15_000,
      myWorks: 2,
      engagement: 25_000,
      previous: 20_000,
      myEngagement: 20,
      trend: week.map((date, i) => ({ date, engagement: i === 6 ? 25_000 : 0 })),
      topWorks: [
        { id: 9, type: 'article', title: '冬季纯电续航实测', engagement: 20, mine: true },
        { id: 31, type: 'video', title: '别人的新能源视频', engagement: 5, mine: false },
      ],
    },
    {
      id: 1,
      name: '新车上市',
      description: '新车发布',
      works: 1,
      myWorks: 0,
      engagement: 0,
      previous: 0,
      myEngagement: 0,
      trend: week.map((date) => ({ date, engagement: 0 })),
      topWorks: [],
    },
  ],
};

function metrics(over: Partial<Metrics> = {}): Metrics {
  return {
    impressions: 0,
    views: 0,
    plays: 0,
    watchMs: 0,
    completionRate: 0,
    exitRate3s: 0,
    likes: 0,
    favorites: 0,
    shares: 0,
    comments: 0,
    barrages: 0,
    fansGained: 0,
    fansLost: 0,
    fansNet: 0,
    fansTotal: 0,
    ...over,
  };
}
const days = [
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
];
const report: DataReport = {
  weekStart: '2026-11-16',
  weekEnd: '2026-11-22',
  createdAt: '2026-11-23T01:00:00.000Z',
  version: 1,
  metrics: metrics({
    views: 38,
    likes: 1,
    shares: 1,
    fansGained: 2,
    fansLost: 1,
    fansNet: 1,
    fansTotal: 12_345,
  }),
  previous: metrics({ views: 19, fansGained: 1, fansNet: 1, fansTotal: 12_344 }),
  engagement: 40,
  previousEngagement: 0,
  days: days.map((date, i) => ({
    date,
    engagement: [1, 5, 20, 0, 8, 5, 1][i]!,
    views: 0,
    plays: 0,
    fansNet: 0,
  })),
  bestDay: { date: '2026-11-18', engagement: 20 },
  topWorks: [
    {
      id: 2,
      type: 'article',
      title: '周报作品二',
      engagement: 21,
      views: 21,
      plays: 0,
      likes: 0,
      favorites: 0,
      shares: 0,
    },
    {
      id: 3,
      type: 'video',
      title: '周报作品三',
      engagement: 9,
      views: 9,
      plays: 0,
      likes: 0,
      favorites: 0,
      shares: 0,
    },
  ],
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/creative/hot': (p) => (p.kind === 'keyword' ? hotKeywords : hotSeries),
    '/api/creative/interest': (p) =>
      p.kind === 'keyword' ? { ...interest, kind: 'keyword', list: [] } : interest,
    '/api/topic/list': () => topics,
    '/api/topic/engagement': (p) => ({
      ...topicEngagement,
      period: (p.period as TopicEngagement['period']) ?? '7d',
    }),
    '/api/content/list': (p) => {
      const list = Number(p.topicId) === 4 ? [contentItem({ id: 9, title: '冬季纯电续航实测' })] : [];
      return { list, total: list.length, page: 1, pageSize: 20 };
    },
    '/api/data/report_list': (p) => ({
      list: [
        {
          weekStart: '2026-11-16',
          weekEnd: '2026-11-22',
          createdAt: report.createdAt,
          engagement: 123_456,
          views: 38,
          fansNet: -3,
        },
        {
          weekStart: '2026-11-09',
          weekEnd: '2026-11-15',
          createdAt: '2026-11-16T01:00:00.000Z',
          engagement: 12,
          views: 12,
          fansNet: 1,
        },
      ],
      total: 2,
      page: Number(p.page),
      pageSize: Number(p.pageSize),
    }),
    '/api/data/report_detail': (p) =>
      p.weekStart === report.weekStart
        ? report
        : { __envelope: { status: 10006, message: '这一周没有数据周报', data: null, ercd: 'NOT_FOUND' } },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);

describe('/creativeHot', () => {
  it('ranks series with engagement in 万, works, an hourly sparkline and the as-of time; switches to keywords', async () => {
    const { router } = renderRoutes(routes, '/creativeHot');
    const han = await screen.findByTestId('trend-1001');
    expect(callsTo('/api/creative/hot').at(-1)!.param).toEqual({ kind: 'series' });
    expect(han.textContent).toContain('比亚迪 汉');
    expect(within(han).getByTestId('engagement').textContent).toBe('12.3万');
    expect(within(han).getByTestId('engagement').getAttribute('title')).toBe('123456');
    expect(han.textContent).toContain('12');
    // the sparkline's text alternative names its total and peak hour
    const chart = within(han).getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('比亚迪 汉最近 24 小时每小时互动量：共 12.3万');
    expect(chart.getAttribute('aria-label')).toContain(formatDate('2026-11-20T04:00:00.000Z', 'MM-DD HH:mm'));
    expect(within(screen.getByTestId('trend-41005')).getByTestId('engagement').textContent).toBe('9999');
    expect(screen.getByTestId('trends-as-of').textContent).toBe(
      `数据更新于 ${formatDate(AS_OF, 'YYYY-MM-DD HH:mm')}`,
    );
    expect(screen.getByTestId('trends-window').textContent).toContain('统计时段');
    fireEvent.click(within(screen.getByTestId('trends-kind')).getByText('关键词'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=keyword'));
    expect(await screen.findByTestId('trend-续航')).toBeTruthy();
    expect(callsTo('/api/creative/hot').at(-1)!.param).toEqual({ kind: 'keyword' });
    expect(screen.getByTestId('trends-to-interest').getAttribute('href')).toBe(
      '/creativeInterest?kind=keyword',
    );
  });

  it('in English: the compact form of numbers and the page title', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/creativeHot');
    const han = await screen.findByTestId('trend-1001');
    expect(within(han).getByTestId('engagement').textContent).toBe('123.4K');
    expect(screen.getByText('Trending topics', { selector: 'h1' })).toBeTruthy();
  });

  it('empty and failing answers', async () => {
    api = mockApi({
      ...shellHandlers(),
      '/api/creative/hot': (p) =>
        p.kind === 'keyword'
          ? { __envelope: { status: 10500, message: '服务器异常', data: null, ercd: 'INTERNAL' } }
          : { ...hotSeries, list: [] },
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/creativeHot');
    expect(await screen.findByText('最近 24 小时还没有读者互动，稍后再来看看')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('trends-kind')).getByText('关键词'));
    expect(await screen.findByRole('button', { name: /重试/ })).toBeTruthy();
  });
});

describe('/creativeInterest', () => {
  it('lists rising entries with growth badges, both weeks, the threshold and the window', async () => {
    renderRoutes(routes, '/creativeInterest');
    const modelS = await screen.findByTestId('trend-71004');
    expect(within(modelS).getByTestId('growth').textContent).toBe('新上榜');
    const model3 = screen.getByTestId('trend-71001');
    expect(within(model3).getByTestId('growth').textContent).toBe('+500.0%');
    expect(within(model3).getByTestId('growth').getAttribute('title')).toBe('较前 7 天增长 +500.0%');
    expect(within(model3).getByTestId('engagement').textContent).toBe('6.0万');
    expect(within(model3).getByTestId('previous').textContent).toBe('1.0万');
    expect(screen.getByTestId('trends-threshold').textContent).toContain('不少于 50');
    expect(screen.getByTestId('trends-window').textContent).toBe(
      '2026-11-13 至 2026-11-19，对比 2026-11-06 至 2026-11-12',
    );
  });

  it('keywords with nothing rising: says so and points at the hot list', async () => {
    renderRoutes(routes, '/creativeInterest?kind=keyword');
    expect(await screen.findByText('最近 7 天没有上升的车系或关键词，去看看当前的创作热点吧')).toBeTruthy();
    expect(callsTo('/api/creative/interest').at(-1)!.param).toEqual({ kind: 'keyword' });
  });
});

describe('/topic engagement', () => {
  it('ranks topics by engagement with works of every author and mine; choosing one shows its top works', async () => {
    const { router } = renderRoutes(routes, '/topic');
    const ev = await screen.findByTestId('topic-engagement-4');
    expect(callsTo('/api/topic/engagement').at(-1)!.param).toEqual({ period: '7d' });
    const rows = within(screen.getByTestId('topic-engagement-table')).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('新能源'); // most engaged first
    expect(ev.textContent).toContain('1.5万'); // works of every author
    expect(within(ev).getByTestId('engagement').textContent).toBe('2.5万');
    expect(within(ev).getByTestId('topic-change').getAttribute('aria-label')).toBe('较上一周期上升 25%');
    expect(
      within(screen.getByTestId('topic-engagement-1')).getByTestId('topic-change').getAttribute('aria-label'),
    ).toBe('与上一周期持平');
    fireEvent.click(within(ev).getByRole('button', { name: '查看话题“新能源”' }));
    await waitFor(() => expect(router.state.location.search).toContain('id=4'));
    const top = await screen.findByTestId('topic-top-works');
    expect(within(top).getByTestId('topic-top-work-9').textContent).toContain('我的');
    expect(within(top).getByTestId('topic-top-work-31').textContent).toContain('别人的新能源视频');
    expect(within(top).getByTestId('topic-top-work-31').textContent).not.toContain('我的');
    fireEvent.click(within(screen.getByTestId('topic-period')).getByText('30天'));
    await waitFor(() => expect(callsTo('/api/topic/engagement').at(-1)!.param).toEqual({ period: '30d' }));
    expect(router.state.location.search).toContain('period=30d');
  });
});

describe('/dataReport', () => {
  it('lists the reports newest first with their headline numbers; opening one shows it at ?week=', async () => {
    const { router } = renderRoutes(routes, '/dataReport');
    const row = await screen.findByTestId('report-2026-11-16');
    expect(row.textContent).toContain('2026-11-16 至 2026-11-22');
    expect(row.textContent).toContain('12.3万');
    expect(row.textContent).toContain('-3');
    fireEvent.click(within(row).getByRole('button', { name: '查看 2026-11-16 至 2026-11-22 的周报' }));
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-11-16'));
    const detail = await screen.findByTestId('report-figures');
    expect(callsTo('/api/data/report_detail').at(-1)!.param).toEqual({ weekStart: '2026-11-16' });
    const views = within(detail).getByTestId('figure-views');
    expect(views.textContent).toContain('阅读量');
    expect(within(views).getByTestId('figure-value').textContent).toBe('38');
    expect(within(views).getByTestId('report-change').getAttribute('aria-label')).toBe('较上周上升 100%');
    expect(views.textContent).toContain('上周 19');
    expect(
      within(within(detail).getByTestId('figure-engagement'))
        .getByTestId('report-change')
        .getAttribute('aria-label'),
    ).toBe('上周为 0');
    expect(
      within(within(detail).getByTestId('figure-fansTotal')).getByTestId('figure-value').textContent,
    ).toBe('1.2万');
    expect(screen.getByTestId('report-best-day').textContent).toContain('2026-11-18');
    expect(screen.getByTestId('report-best-day').textContent).toContain('互动量 20');
    expect(screen.getByTestId('report-fans').textContent).toContain('新增 2，取关 1，净增 1');
    expect(screen.getByRole('img', { name: '2026-11-16 至 2026-11-22 每日互动量与净增粉丝' })).toBeTruthy();
    const works = screen.getByTestId('report-top-works');
    expect(
      within(works)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('周报作品二'), expect.stringContaining('周报作品三')]);
    fireEvent.click(screen.getByTestId('report-back'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('report-list')).toBeTruthy();
  });

  it('the message’s link opens a report directly; a week without one says so; in English too', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/dataReport?week=2026-11-09');
    expect(await screen.findByText('There is no weekly report for this week')).toBeTruthy();
    expect(screen.getByText(/Weekly report · 2026-11-09 to 2026-11-15/)).toBeTruthy();
  });

  it('a week that is not a Monday shows the list', async () => {
    renderRoutes(routes, '/dataReport?week=2026-11-17');
    expect(await screen.findByTestId('report-list')).toBeTruthy();
    expect(callsTo('/api/data/report_detail')).toEqual([]);
  });
});
