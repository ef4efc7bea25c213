import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  METRIC_DEFINITIONS,
  METRIC_KEYS,
  type DataOverview,
  type DataPeers,
  type Metrics,
  type WorkDetail,
  type WorkListItem,
} from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { unnamedIconControls } from '../test/a11y';
import { resetPublicConfig } from '../lib/api-client';
import { formatDate } from '../lib/format';
import { setLanguage } from '../lib/i18n';

// The audience data pages (issue #12): /dataOverview, /workData, /stat_param and the home page's key numbers,
// through the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

const AS_OF = '2026-03-05T04:30:00.000Z';
const asOfText = (lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
  (lang === 'zh-CN' ? '数据更新于 ' : 'As of ') + formatDate(AS_OF, 'YYYY-MM-DD HH:mm');

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

const current = metrics({
  impressions: 2_000_000,
  views: 123_456,
  plays: 50,
  watchMs: 2 * 3_600_000 + 30 * 60_000,
  completionRate: 0.4567,
  exitRate3s: 0.1,
  likes: 9999,
  fansNet: -12_345,
  fansTotal: 45_678,
});
const previous = metrics({
  impressions: 2_000_000,
  views: 100_000,
  plays: 0,
  watchMs: 3_600_000,
  completionRate: 0.4,
  exitRate3s: 0.25,
  likes: 10_000,
  fansNet: -10_000,
  fansTotal: 40_000,
});

function overviewFor(period: unknown): DataOverview {
  return {
    asOf: AS_OF,
    range: { start: '2026-02-26', end: '2026-03-04' },
    metrics: current,
    previous: period === 'all' ? null : previous,
    trend: [
      { date: '2026-03-03', ...metrics({ views: 60_000 }) },
      { date: '2026-03-04', ...metrics({ views: 63_456 }) },
    ],
  };
}

const peers: DataPeers = {
  asOf: AS_OF,
  field: 'car_review',
  authors: 37,
  median: metrics({ views: 88_000, completionRate: 0.5 }),
};

function work(id: number, over: Partial<WorkListItem> = {}): WorkListItem {
  return {
    id,
    type: 'video',
    title: `试驾视频 ${id}`,
    publishedAt: '2026-03-01T02:00:00.000Z',
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
    ...over,
  };
}

const workDetail: WorkDetail = {
  asOf: AS_OF,
  work: { id: 7, type: 'video', title: '试驾视频 7', publishedAt: '2026-03-01T02:00:00.000Z' },
  metrics: {
    impressions: 1000,
    views: 456,
    plays: 300,
    watchMs: 90 * 60_000,
    completionRate: 0.35,
    exitRate3s: 0.12,
    likes: 20,
    favorites: 3,
    shares: 2,
    comments: 5,
    barrages: 1,
  },
  trend: [{ date: '2026-03-04', ...metrics({ views: 456 }) }].map(
    ({ fansGained: _g, fansLost: _l, fansNet: _n, fansTotal: _t, ...rest }) => rest,
  ),
  sources: [
    { source: 'search', views: 120 },
    { source: 'recommend', views: 336 },
  ],
};

let api: ReturnType<typeof mockApi>;
let exportCalls: { param: Record<string, unknown> }[];

beforeEach(() => {
  resetPublicConfig();
  exportCalls = [];
  api = mockApi({
    ...shellHandlers(),
    '/api/message/get_message_list': () => ({ list: [], total: 0, page: 1, pageSize: 5 }),
    '/api/notice/get_notice_list': () => ({ list: [], total: 0, page: 1, pageSize: 5 }),
    '/api/data/overview': (p) => overviewFor(p.period),
    '/api/data/peers': () => peers,
    '/api/data/work_list': (p) => ({
      list: [work(7, { views: 123_456, plays: 300, completionRate: 0.35, watchMs: 90 * 60_000 }), work(8)],
      total: 2,
      page: Number(p.page),
      pageSize: Number(p.pageSize),
      asOf: AS_OF,
    }),
    '/api/data/work_detail': () => workDetail,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/data/work_export') {
        exportCalls.push({
          param: JSON.parse(url.searchParams.get('param') ?? '{}') as Record<string, unknown>,
        });
        return new Response('id,title\n7,试驾视频 7\n', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Length': '24',
            'Content-Disposition': `attachment; filename="works.xlsx"; filename*=UTF-8''${encodeURIComponent('作品数据-7d.xlsx')}`,
          },
        });
      }
      return api.fetchMock(input, init);
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);
const lastCall = (path: string) => callsTo(path).at(-1)?.param;
const metricCard = (key: string) => screen.getByTestId(`metric-${key}`);

describe('/dataOverview', () => {
  it('shows every metric with the 万 rule, hours and minutes, percentages, and the change against the previous period', async () => {
    renderRoutes(routes, '/dataOverview');
    await screen.findByTestId('metric-value-views');
    expect(lastCall('/api/data/overview')).toEqual({ period: '7d' });
    for (const key of METRIC_KEYS) expect(screen.getByTestId(`metric-${key}`)).toBeTruthy();
    // names from METRIC_DEFINITIONS
    expect(metricCard('views').textContent).toContain('阅读量');
    const value = (key: string) => screen.getByTestId(`metric-value-${key}`).textContent;
    expect(value('views')).toBe('12.3万');
    expect(value('impressions')).toBe('200.0万');
    expect(value('likes')).toBe('9999');
    expect(value('fansNet')).toBe('-1.2万');
    expect(value('watchMs')).toBe('2小时30分钟');
    expect(value('completionRate')).toBe('45.67%');
    // changes: 123,456 vs 100,000 is +23.5%; plays from 0; rates in percentage points; no change is flat
    const change = (key: string) => screen.getByTestId(`change-${key}`);
    expect(change('views').getAttribute('data-direction')).toBe('up');
    expect(change('views').textContent).toBe('23.5%');
    expect(screen.getByRole('img', { name: '较上一周期 上升 23.5%' })).toBe(change('views'));
    expect(change('views').className).toContain('cc-data-change-good');
    // a fall of the 3-second exit rate is good news, a fall of net followers bad
    expect(change('exitRate3s').className).toContain('cc-data-change-good');
    expect(change('fansNet').className).toContain('cc-data-change-bad');
    expect(change('plays').textContent).toBe('上期为 0');
    expect(change('plays').getAttribute('data-direction')).toBe('up');
    expect(change('completionRate').textContent).toBe('5.67 个百分点');
    expect(change('exitRate3s').textContent).toBe('15.00 个百分点');
    expect(change('exitRate3s').getAttribute('data-direction')).toBe('down');
    expect(change('likes').textContent).toBe('持平'); // 9,999 vs 10,000 rounds to 0.0 % → flat
    expect(change('likes').getAttribute('data-direction')).toBe('flat');
    expect(change('fansNet').getAttribute('data-direction')).toBe('down'); // −12,345 vs −10,000
    expect(change('fansNet').textContent).toBe('23.5%');
    expect(change('impressions').getAttribute('data-direction')).toBe('flat');
    expect(change('comments').getAttribute('data-direction')).toBe('flat'); // 0 vs 0
    // as of, range
    expect(screen.getByTestId('data-as-of').textContent).toBe(asOfText());
    expect(screen.getByTestId('data-range').textContent).toBe('2026-02-26 至 2026-03-04');
  });

  it('the period switch sends the chosen period, and 累计 shows no change', async () => {
    renderRoutes(routes, '/dataOverview');
    await screen.findByTestId('metric-value-views');
    fireEvent.click(screen.getByText('30天'));
    await waitFor(() => expect(lastCall('/api/data/overview')).toEqual({ period: '30d' }));
    await waitFor(() => expect(lastCall('/api/data/peers')).toEqual({ period: '30d' }));
    fireEvent.click(screen.getByText('今天'));
    await waitFor(() => expect(lastCall('/api/data/overview')).toEqual({ period: 'today' }));
    fireEvent.click(screen.getByText('累计'));
    await waitFor(() => expect(lastCall('/api/data/overview')).toEqual({ period: 'all' }));
    await waitFor(() => expect(screen.queryByTestId('change-views')).toBeNull());
    expect(screen.getByText('累计数据没有可对比的上一周期')).toBeTruthy();
  });

  it('reads period and type from the address, and the type filter sends the type', async () => {
    renderRoutes(routes, '/dataOverview?period=90d&type=video');
    await screen.findByTestId('metric-value-views');
    expect(callsTo('/api/data/overview')[0]?.param).toEqual({ period: '90d', type: 'video' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '作品类型' }));
    fireEvent.click(await screen.findByTitle('文章'));
    await waitFor(() => expect(lastCall('/api/data/overview')).toEqual({ period: '90d', type: 'article' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '作品类型' }));
    fireEvent.click(await screen.findByTitle('全部类型'));
    await waitFor(() => expect(lastCall('/api/data/overview')).toEqual({ period: '90d' }));
  });

  it('clicking a metric card draws its trend', async () => {
    renderRoutes(routes, '/dataOverview');
    await screen.findByTestId('metric-value-views');
    expect(metricCard('views').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: '阅读量趋势' })).toBeTruthy();
    fireEvent.click(metricCard('plays'));
    await screen.findByRole('heading', { name: '播放量趋势' });
    expect(metricCard('plays').getAttribute('aria-pressed')).toBe('true');
    expect(metricCard('views').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('img', { name: '播放量每日趋势图' })).toBeTruthy();
  });

  it('compares with the median of authors in the same field', async () => {
    renderRoutes(routes, '/dataOverview');
    const section = await screen.findByTestId('data-peers');
    await within(section).findByTestId('peer-median-views');
    expect(lastCall('/api/data/peers')).toEqual({ period: '7d' });
    expect(within(section).getByTestId('peers-scope').textContent).toBe(
      '领域：车辆评测，共 37 位作者参与比较',
    );
    expect(within(section).getByTestId('peer-median-views').textContent).toBe('8.8万');
    expect(within(section).getByTestId('peer-views').textContent).toContain('高于中位数');
    expect(within(section).getByTestId('peer-completionRate').textContent).toContain('50.00%');
    expect(within(section).getByTestId('peer-completionRate').textContent).toContain('低于中位数');
    expect(within(section).getByTestId('peers-as-of').textContent).toBe(asOfText());
  });

  it('en-US: names, compact counts, "As of"', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/dataOverview');
    await screen.findByTestId('metric-value-views');
    expect(metricCard('views').textContent).toContain('Views');
    expect(screen.getByTestId('metric-value-views').textContent).toBe('123.4K');
    expect(screen.getByTestId('metric-value-fansNet').textContent).toBe('-12.3K');
    expect(screen.getByTestId('metric-value-watchMs').textContent).toBe('2 h 30 min');
    expect(screen.getByTestId('change-completionRate').textContent).toBe('5.67 pp');
    expect(screen.getByTestId('change-plays').textContent).toBe('from 0');
    expect(screen.getByTestId('data-as-of').textContent).toBe(asOfText('en-US'));
  });

  it('an error shows a retry', async () => {
    api = mockApi({
      ...shellHandlers(),
      '/api/data/overview': () => ({
        __envelope: { status: 10500, message: '服务器内部错误', data: null, ercd: 'INTERNAL' },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/dataOverview');
    expect(await screen.findByText('服务器内部错误')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /重试/ }).length).toBeGreaterThan(0);
  });
});

describe('/workData', () => {
  const header = (name: string) =>
    screen.getAllByRole('columnheader').find((th) => th.textContent?.trim() === name)!;

  it('lists the works with every work metric, formatted, and the as-of time', async () => {
    renderRoutes(routes, '/workData');
    await screen.findByTestId('work-title-7');
    expect(lastCall('/api/data/work_list')).toEqual({
      period: '7d',
      sort: 'publishedAt',
      order: 'desc',
      page: 1,
      pageSize: 20,
    });
    for (const d of METRIC_DEFINITIONS.filter((m) => !m.key.startsWith('fans'))) {
      expect(header(d.name['zh-CN']), d.key).toBeTruthy();
    }
    const row = screen.getByTestId('work-title-7').closest('tr')!;
    expect(row.textContent).toContain('12.3万');
    expect(row.textContent).toContain('35.00%');
    expect(row.textContent).toContain('1小时30分钟');
    expect(screen.getByTestId('data-as-of').textContent).toBe(asOfText());
  });

  it('a click on a column header sorts by it, descending first, then ascending', async () => {
    renderRoutes(routes, '/workData');
    await screen.findByTestId('work-title-7');
    fireEvent.click(header('播放量'));
    await waitFor(() =>
      expect(lastCall('/api/data/work_list')).toMatchObject({ sort: 'plays', order: 'desc', page: 1 }),
    );
    fireEvent.click(header('播放量'));
    await waitFor(() =>
      expect(lastCall('/api/data/work_list')).toMatchObject({ sort: 'plays', order: 'asc' }),
    );
    fireEvent.click(header('完播率'));
    await waitFor(() =>
      expect(lastCall('/api/data/work_list')).toMatchObject({ sort: 'completionRate', order: 'desc' }),
    );
  });

  it('period and keyword go to the call', async () => {
    renderRoutes(routes, '/workData');
    await screen.findByTestId('work-title-7');
    fireEvent.click(screen.getByText('90天'));
    await waitFor(() => expect(lastCall('/api/data/work_list')).toMatchObject({ period: '90d' }));
    const search = screen.getByRole('searchbox', { name: '搜索作品标题' });
    fireEvent.change(search, { target: { value: ' 试驾 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(lastCall('/api/data/work_list')).toMatchObject({ period: '90d', keyword: '试驾' }),
    );
  });

  it('a title opens the work detail: its figures, trend and traffic sources', async () => {
    renderRoutes(routes, '/workData?period=30d');
    fireEvent.click(await screen.findByTestId('work-title-7'));
    const body = await screen.findByTestId('work-detail-body');
    expect(lastCall('/api/data/work_detail')).toEqual({ id: 7, period: '30d' });
    expect(within(body).getByTestId('detail-metric-views').textContent).toContain('456');
    expect(within(body).getByTestId('detail-metric-completionRate').textContent).toContain('35.00%');
    const sources = within(body).getByTestId('detail-sources');
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['推荐336', '搜索120']);
    expect(within(body).getByTestId('detail-as-of').textContent).toBe(asOfText());
  });

  it('export: the menu calls work_export with the format through a signed download, then saves the file', async () => {
    const createObjectURL = vi.fn(() => 'blob:works');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoutes(routes, '/workData?type=video');
    await screen.findByTestId('work-title-7');
    fireEvent.mouseEnter(screen.getByTestId('export-button'));
    fireEvent.click(screen.getByTestId('export-button'));
    fireEvent.click(await screen.findByText('导出 Excel（XLSX）'));
    await waitFor(() => expect(saved).toEqual(['作品数据-7d.xlsx']));
    expect(exportCalls).toEqual([{ param: { period: '7d', type: 'video', format: 'xlsx' } }]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('已导出 作品数据-7d.xlsx')).toBeTruthy();
  });
});

describe('accessibility', () => {
  it.each(['/dataOverview', '/workData'])('%s names every icon-only control', async (path) => {
    const { container } = renderRoutes(routes, path);
    await screen.findAllByTestId('data-as-of');
    expect(unnamedIconControls(container)).toEqual([]);
  });
});

describe('/stat_param', () => {
  it('lists every metric of METRIC_KEYS with its name, definition and events, from METRIC_DEFINITIONS', async () => {
    renderRoutes(routes, '/stat_param');
    await screen.findByTestId('stat-params');
    for (const key of METRIC_KEYS) {
      const d = METRIC_DEFINITIONS.find((m) => m.key === key)!;
      const row = screen.getByTestId(`stat-param-${key}`);
      expect(row.textContent).toContain(d.name['zh-CN']);
      expect(row.textContent).toContain(d.definition['zh-CN']);
      for (const e of d.events) expect(row.textContent).toContain(e);
    }
    expect(screen.getAllByRole('row')).toHaveLength(METRIC_KEYS.length + 1);
  });

  it('in the page language', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/stat_param');
    const row = await screen.findByTestId('stat-param-exitRate3s');
    expect(row.textContent).toContain('3-second exit rate');
    expect(row.textContent).toContain('Plays under 3,000 ms ÷ plays');
    expect(row.textContent).toContain('Rate (shown as a percentage)');
  });
});

describe('home key numbers', () => {
  it('come from data/overview of yesterday with the change, a period switch and the as-of time', async () => {
    renderRoutes(routes, '/');
    const card = await screen.findByTestId('home-data-card');
    await within(card).findByTestId('home-metric-views');
    expect(lastCall('/api/data/overview')).toEqual({ period: 'yesterday' });
    expect(callsTo('/api/home/overview')).toHaveLength(0);
    const numbers = within(card)
      .getAllByTestId('big-number')
      .map((n) => n.textContent);
    expect(numbers).toEqual(['12.3万', '50', '9999', '-1.2万', '4.5万']);
    expect(within(card).getByTestId('change-views').textContent).toBe('23.5%');
    expect(within(card).getByTestId('change-plays').textContent).toBe('上期为 0');
    expect(within(card).getByTestId('data-as-of').textContent).toBe(asOfText());
    fireEvent.click(within(card).getByText('30天'));
    await waitFor(() => expect(lastCall('/api/data/overview')).toEqual({ period: '30d' }));
    expect(within(card).queryByText('累计')).toBeNull();
    // the section links to the overview
    const section = card.closest('section')!;
    expect(within(section).getByRole('link').getAttribute('href')).toBe('/dataOverview');
  });
});
