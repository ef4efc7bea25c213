import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FanItem, FansChart, FansPortrait } from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';

// Fans management (issue #12): totals with their time, the chart's period switch, the list's labels in the page's
// language, the portrait and the export with its progress — through the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

const AS_OF = '2026-03-05T02:00:00.000Z';

const fans: FanItem[] = [
  {
    readerId: 'reader-001',
    followedAt: '2026-03-04T08:00:00.000Z',
    gender: 'male',
    ageBand: '18-24',
    region: 'CN-GD',
    device: 'ios',
  },
  {
    readerId: 'reader-002',
    followedAt: '2026-03-03T08:00:00.000Z',
    gender: 'female',
    ageBand: '>50',
    region: 'CN-NM',
    device: 'h5',
  },
  {
    readerId: 'reader-003',
    followedAt: '2026-03-02T08:00:00.000Z',
    gender: 'unknown',
    ageBand: 'unknown',
    region: null,
    device: null,
  },
];

const portrait: FansPortrait = {
  asOf: AS_OF,
  gender: [
    { key: 'male', count: 180 },
    { key: 'female', count: 90 },
    { key: 'unknown', count: 30 },
  ],
  ageBand: [
    { key: '25-30', count: 100 },
    { key: '<18', count: 20 },
    { key: 'unknown', count: 180 },
  ],
  region: [
    { key: 'CN-BJ', count: 80 },
    { key: 'CN-GD', count: 120 },
    { key: 'CN-XZ', count: 0 },
    { key: 'CN-HK', count: 5 },
  ],
  device: [
    { key: 'android', count: 200 },
    { key: 'pc', count: 100 },
  ],
};

function chartRows(period: string): FansChart {
  const days = period === '7d' ? 7 : period === '30d' ? 30 : 3;
  return Array.from({ length: days }, (_, i) => ({
    date: `2026-01-${String(i + 1).padStart(2, '0')}`,
    gained: 10,
    lost: 2,
    net: 8,
    total: 1000 + 8 * (i + 1),
  }));
}

let api: ReturnType<typeof mockApi>;
/** What the export answers: a file streamed in two chunks the test releases, or a refusal. */
let exportReply: () => Response;
let exportParams: Record<string, unknown>[];

beforeEach(() => {
  resetPublicConfig();
  exportParams = [];
  api = mockApi({
    ...shellHandlers(),
    '/api/fans/count': () => ({ total: 123_456, gainedYesterday: 12, lostYesterday: 3, asOf: AS_OF }),
    '/api/fans/chart': (p) => chartRows(String(p.period)),
    '/api/fans/list': (p) => ({
      list: Number(p.page) === 1 ? fans : [],
      total: 45,
      page: Number(p.page),
      pageSize: Number(p.pageSize),
      asOf: AS_OF,
    }),
    '/api/fans/portrait': () => portrait,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/fans/export') {
        exportParams.push(JSON.parse(url.searchParams.get('param') ?? '{}') as Record<string, unknown>);
        return exportReply();
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

describe('/manage/fansManage/fans', () => {
  it('shows the totals in 万 with the time they were counted', async () => {
    renderRoutes(routes, '/manage/fansManage/fans');
    const total = await screen.findByTestId('fans-count-total');
    expect(within(total).getByTestId('big-number').textContent).toBe('12.3万');
    expect(
      within(screen.getByTestId('fans-count-gainedYesterday')).getByTestId('big-number').textContent,
    ).toBe('12');
    expect(screen.getByTestId('fans-count-lostYesterday').textContent).toContain('昨日取关');
    const card = total.closest('section')!;
    expect(within(card).getByTestId('as-of').textContent).toMatch(/^数据更新于 2026-03-05 \d\d:\d\d$/);
  });

  it('the period switch asks the chart for that period and keeps it in the address', async () => {
    const { router } = renderRoutes(routes, '/manage/fansManage/fans');
    const chart = await screen.findByTestId('fans-chart');
    await waitFor(() => expect(callsTo('/api/fans/chart').map((c) => c.param)).toEqual([{ period: '7d' }]));
    // the chart's text alternative: the period's sums and the total at its end
    expect((await within(chart).findByRole('img')).getAttribute('aria-label')).toBe(
      '粉丝变化图，2026-01-01 至 2026-01-07：新增 70，取关 14，净增 56，期末粉丝 1056',
    );

    fireEvent.click(within(chart).getByRole('radio', { name: '30天' }));
    await waitFor(() => expect(callsTo('/api/fans/chart').at(-1)?.param).toEqual({ period: '30d' }));
    expect(router.state.location.search).toBe('?period=30d');
    await waitFor(() =>
      expect(within(chart).getByRole('img').getAttribute('aria-label')).toContain('2026-01-01 至 2026-01-30'),
    );

    fireEvent.click(within(chart).getByRole('radio', { name: '累计' }));
    await waitFor(() => expect(callsTo('/api/fans/chart').at(-1)?.param).toEqual({ period: 'all' }));
    expect(router.state.location.search).toBe('?period=all');
    expect(
      within(chart)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['7天', '30天', '90天', '累计']);
  });

  it('lists the fans with the province, gender, age and device in the page language; pages through the list', async () => {
    const { router } = renderRoutes(routes, '/manage/fansManage/fans');
    const list = await screen.findByTestId('fans-list');
    await within(list).findByText('reader-001');
    expect(
      within(list)
        .getAllByTestId('fan-region')
        .map((e) => e.textContent),
    ).toEqual(['广东', '内蒙古', '未知']);
    expect(
      within(list)
        .getAllByTestId('fan-gender')
        .map((e) => e.textContent),
    ).toEqual(['男', '女', '未知']);
    expect(
      within(list)
        .getAllByTestId('fan-age')
        .map((e) => e.textContent),
    ).toEqual(['18–24 岁', '50 岁以上', '未知']);
    expect(
      within(list)
        .getAllByTestId('fan-device')
        .map((e) => e.textContent),
    ).toEqual(['iOS', '手机网页', '未知']);
    expect(callsTo('/api/fans/list')[0]?.param).toEqual({ page: 1, pageSize: 20 });
    expect(screen.getByText('共 45 位粉丝')).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('fans-list-card')).getByTitle('2'));
    await waitFor(() => expect(callsTo('/api/fans/list').at(-1)?.param).toEqual({ page: 2, pageSize: 20 }));
    expect(router.state.location.search).toBe('?page=2');

    await act(() => setLanguage('en-US'));
    await act(() => router.navigate('/manage/fansManage/fans'));
    const en = await screen.findByTestId('fans-list');
    await waitFor(() =>
      expect(
        within(en)
          .getAllByTestId('fan-region')
          .map((e) => e.textContent),
      ).toEqual(['Guangdong', 'Inner Mongolia', 'Unknown']),
    );
    expect(
      within(en)
        .getAllByTestId('fan-gender')
        .map((e) => e.textContent),
    ).toEqual(['Male', 'Female', 'Unknown']);
    expect(
      within(en)
        .getAllByTestId('fan-age')
        .map((e) => e.textContent),
    ).toEqual(['18–24', 'Over 50', 'Unknown']);
  });

  it('draws the portrait: the provinces ranked with their names, the age bands in order, pies of gender and device', async () => {
    renderRoutes(routes, '/manage/fansManage/fans');
    const region = await screen.findByTestId('portrait-region');
    expect(within(region).getByRole('heading').textContent).toBe('地域分布（前 10 名）');
    // most fans first; a province without fans is left out
    expect(within(region).getByRole('img').getAttribute('aria-label')).toBe(
      '地域分布（前 10 名）：广东 120, 北京 80, 香港 5',
    );
    expect(within(screen.getByTestId('portrait-ageBand')).getByRole('img').getAttribute('aria-label')).toBe(
      '年龄分布：18 岁以下 20, 25–30 岁 100, 未知 180',
    );
    expect(within(screen.getByTestId('portrait-gender')).getByRole('img').getAttribute('aria-label')).toBe(
      '性别分布：男 180, 女 90, 未知 30',
    );
    expect(within(screen.getByTestId('portrait-device')).getByRole('img').getAttribute('aria-label')).toBe(
      '设备分布：Android 200, 电脑 100',
    );
  });
});

describe('export every current fan', () => {
  it('CSV: calls /api/fans/export with the format, shows the bytes and the percent as they arrive, then saves the file', async () => {
    const encoder = new TextEncoder();
    let push!: (text: string) => void;
    let close!: () => void;
    exportReply = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            close = () => controller.close();
          },
        }),
        {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Length': '2048',
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('粉丝-20260305.csv')}`,
          },
        },
      );
    const saved: { download: string; href: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:fans'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href });
    });

    renderRoutes(routes, '/manage/fansManage/fans');
    fireEvent.click(await screen.findByTestId('fans-export'));
    fireEvent.click(await screen.findByText('CSV 文件'));
    await waitFor(() => expect(exportParams).toEqual([{ format: 'csv' }]));

    await act(async () => push('x'.repeat(1024)));
    const progress = await screen.findByTestId('fans-export-progress');
    await waitFor(() =>
      expect(within(progress).getByTestId('fans-export-received').textContent).toBe('已接收 1.0 KB / 2.0 KB'),
    );
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(saved).toEqual([]);

    await act(async () => {
      push('y'.repeat(1024));
      close();
    });
    await waitFor(() => expect(saved).toEqual([{ download: '粉丝-20260305.csv', href: 'blob:fans' }]));
    expect(await screen.findByText('已导出 粉丝-20260305.csv')).toBeTruthy();
    expect(screen.queryByTestId('fans-export-progress')).toBeNull();
  });

  it('XLSX without a size: bytes only; a refusal is shown with its reason', async () => {
    exportReply = () =>
      new Response(
        JSON.stringify({ status: 10500, message: '导出服务暂时不可用', data: null, ercd: 'INTERNAL' }),
        { headers: { 'Content-Type': 'application/json' } },
      );
    renderRoutes(routes, '/manage/fansManage/fans');
    fireEvent.click(await screen.findByTestId('fans-export'));
    fireEvent.click(await screen.findByText('Excel 文件（XLSX）'));
    expect((await screen.findByTestId('fans-export-error')).textContent).toContain(
      '导出失败：导出服务暂时不可用',
    );
    expect(exportParams).toEqual([{ format: 'xlsx' }]);

    // a file without Content-Length: the bytes received, no percent
    let push!: (text: string) => void;
    let close!: () => void;
    exportReply = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(new TextEncoder().encode(text));
            close = () => controller.close();
          },
        }),
        { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } },
      );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(screen.getByTestId('fans-export'));
    fireEvent.click(await screen.findByText('Excel 文件（XLSX）'));
    await waitFor(() => expect(exportParams).toHaveLength(2));
    // the new try clears the old error
    await waitFor(() => expect(screen.queryByTestId('fans-export-error')).toBeNull());
    await act(async () => push('z'.repeat(3000)));
    const progress = await screen.findByTestId('fans-export-progress');
    await waitFor(() =>
      expect(within(progress).getByTestId('fans-export-received').textContent).toBe('已接收 2.9 KB'),
    );
    expect(within(progress).queryByRole('progressbar')).toBeNull();
    await act(async () => close());
    // no name from the server: one of ours with the format's extension
    await waitFor(() => expect(saved).toEqual(['fans.xlsx']));
  });
});
