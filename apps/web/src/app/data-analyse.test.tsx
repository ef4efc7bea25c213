import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContentType, DataOverview, Metrics, WorkDetail, WorkListItem } from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';

// Data analysis (issue #12): three pages of one component, scoped by content type — every work, articles and
// albums, videos and small videos — with the period switch, the top works, the funnel, the chosen work's traffic
// sources and, for videos only, the video cards and the retention curve.
vi.setConfig({ testTimeout: 30_000 });

const AS_OF = '2026-03-05T02:00:00.000Z';

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
    fansGained: 5,
    fansLost: 1,
    fansNet: 4,
    fansTotal: 300,
    ...over,
  };
}

/** Each type's metrics of the period (the `type` param of overview). */
const byType: Record<string, Metrics> = {
  all: metrics({ impressions: 20_000, views: 4000, plays: 900, likes: 150, favorites: 40, shares: 10 }),
  article: metrics({ impressions: 8000, views: 2000, likes: 60, favorites: 20, shares: 20 }),
  album: metrics({ impressions: 2000, views: 1000, likes: 30, favorites: 10, shares: 10 }),
  video: metrics({
    impressions: 5000,
    plays: 600,
    watchMs: 2 * 3_600_000,
    completionRate: 0.5,
    exitRate3s: 0.1,
    likes: 40,
  }),
  smallVideo: metrics({
    impressions: 3000,
    plays: 200,
    watchMs: 30 * 60_000,
    completionRate: 0.1,
    exitRate3s: 0.3,
    likes: 10,
  }),
};

function work(id: number, type: ContentType, title: string, over: Partial<WorkListItem> = {}): WorkListItem {
  const { fansGained: _g, fansLost: _l, fansNet: _n, fansTotal: _t, ...m } = metrics();
  return { ...m, id, type, title, publishedAt: '2026-02-01T00:00:00.000Z', ...over };
}

const works: Record<string, WorkListItem[]> = {
  all: [
    work(11, 'video', '新车开箱视频', { views: 900, plays: 500, likes: 9 }),
    work(1, 'article', '冬季用车十问', { views: 800, likes: 12 }),
  ],
  article: [
    work(1, 'article', '冬季用车十问', { views: 800 }),
    work(2, 'article', '保养清单', { views: 300 }),
  ],
  album: [work(3, 'album', '北京车展图集', { views: 500 })],
  video: [work(11, 'video', '新车开箱视频', { plays: 500 }), work(12, 'video', '试驾纪实', { plays: 100 })],
  smallVideo: [work(21, 'smallVideo', '一分钟看懂油耗', { plays: 300 })],
};

function overview(type: string): DataOverview {
  return {
    asOf: AS_OF,
    range: { start: '2026-02-26', end: '2026-03-04' },
    metrics: byType[type]!,
    previous: null,
    trend: [{ date: '2026-03-04', ...byType[type]! }],
  };
}

function detail(id: number): WorkDetail {
  const item = Object.values(works)
    .flat()
    .find((w) => w.id === id)!;
  const isVideo = item.type === 'video' || item.type === 'smallVideo';
  const { id: _i, type, title, publishedAt, ...m } = item;
  return {
    asOf: AS_OF,
    work: { id, type, title, publishedAt },
    metrics: m,
    trend: [],
    sources: [
      { source: 'recommend', views: 600 },
      { source: 'search', views: 150 },
      { source: 'external', views: 0 },
      { source: 'follow', views: 50 },
    ],
    ...(isVideo
      ? {
          retention: Array.from({ length: 21 }, (_, i) => ({
            at: i / 20,
            share: id === 21 ? 1 - i / 40 : 1 - i / 25,
          })),
        }
      : {}),
  };
}

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/data/overview': (p) => overview(String(p.type ?? 'all')),
    '/api/data/work_list': (p) => {
      const list = works[String(p.type ?? 'all')]!;
      return { list, total: list.length, page: 1, pageSize: 10, asOf: AS_OF };
    },
    '/api/data/work_detail': (p) => detail(Number(p.id)),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(() => vi.unstubAllGlobals());

const paramsOf = (path: string) => api.calls.filter((c) => c.path === path).map((c) => c.param);
const ariaOf = (testId: string) =>
  within(screen.getByTestId(testId)).getByRole('img').getAttribute('aria-label');

describe('/manage/dataAnalyse (every work)', () => {
  it('asks without a type; top works by views, the funnel, the first work’s sources; no video parts', async () => {
    renderRoutes(routes, '/manage/dataAnalyse');
    const top = await screen.findByTestId('top-works');
    expect(
      within(top)
        .getAllByTestId('work-title')
        .map((e) => e.textContent),
    ).toEqual(['新车开箱视频', '冬季用车十问']);
    expect(paramsOf('/api/data/overview')).toEqual([{ period: '7d' }]);
    expect(paramsOf('/api/data/work_list')).toEqual([
      { period: '7d', sort: 'views', order: 'desc', page: 1, pageSize: 10 },
    ]);
    // the rank column is views, named from the contracts' definitions
    expect(within(top).getByRole('columnheader', { name: '阅读量' })).toBeTruthy();

    const funnel = await screen.findByTestId('funnel');
    expect(within(funnel).getByTestId('funnel-impressions').textContent).toBe('曝光量2.0万');
    expect(within(funnel).getByTestId('funnel-views').textContent).toBe('转化率 20.00%阅读量4000');
    expect(within(funnel).getByTestId('funnel-engagement').textContent).toBe(
      '转化率 5.00%互动（点赞 + 收藏 + 分享）200',
    );

    // the first work is chosen: its sources, most first, without the empty ones
    await waitFor(() => expect(paramsOf('/api/data/work_detail')).toEqual([{ id: 11, period: '7d' }]));
    const sources = await screen.findByTestId('sources-card');
    expect(within(sources).getByRole('heading').textContent).toBe('「新车开箱视频」的流量来源');
    await waitFor(() => expect(ariaOf('sources-card')).toBe('流量来源：推荐 600, 搜索 150, 关注 50'));

    // every figure shows its time
    for (const id of ['funnel-card', 'top-works-card', 'sources-card']) {
      expect(within(screen.getByTestId(id)).getByTestId('as-of').textContent).toMatch(
        /^数据更新于 2026-03-05 \d\d:\d\d$/,
      );
    }
    // a video chosen on the page of every work still shows no retention curve, and no video cards
    expect(screen.queryByTestId('retention-card')).toBeNull();
    expect(screen.queryByTestId('video-card')).toBeNull();
  });

  it('the period switch asks every figure for that period and keeps it in the address; a tab keeps it', async () => {
    const { router } = renderRoutes(routes, '/manage/dataAnalyse');
    await screen.findByTestId('funnel');
    const radios = within(screen.getByTestId('period-switch')).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['7天', '30天', '90天']);
    fireEvent.click(screen.getByRole('radio', { name: '30天' }));
    await waitFor(() => expect(paramsOf('/api/data/overview').at(-1)).toEqual({ period: '30d' }));
    await waitFor(() => expect(paramsOf('/api/data/work_list').at(-1)).toMatchObject({ period: '30d' }));
    await waitFor(() => expect(paramsOf('/api/data/work_detail').at(-1)).toEqual({ id: 11, period: '30d' }));
    expect(router.state.location.search).toBe('?period=30d');

    fireEvent.click(screen.getByRole('tab', { name: '视频' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/manage/dataAnalyse/videoAnalyse?period=30d',
      ),
    );
    await waitFor(() =>
      expect(paramsOf('/api/data/overview').at(-1)).toEqual({ period: '30d', type: 'smallVideo' }),
    );
  });
});

describe('/manage/dataAnalyse/imageAnalyse', () => {
  it('asks for articles and albums; one top list by views and one funnel over both; no video parts', async () => {
    renderRoutes(routes, '/manage/dataAnalyse/imageAnalyse');
    const top = await screen.findByTestId('top-works');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('图文分析');
    expect(screen.getByRole('tab', { name: '图文', selected: true })).toBeTruthy();
    expect(
      within(top)
        .getAllByTestId('work-title')
        .map((e) => e.textContent),
    ).toEqual(['冬季用车十问', '北京车展图集', '保养清单']);
    expect(paramsOf('/api/data/overview')).toEqual([
      { period: '7d', type: 'article' },
      { period: '7d', type: 'album' },
    ]);
    expect(paramsOf('/api/data/work_list')).toEqual([
      { period: '7d', type: 'article', sort: 'views', order: 'desc', page: 1, pageSize: 10 },
      { period: '7d', type: 'album', sort: 'views', order: 'desc', page: 1, pageSize: 10 },
    ]);
    const funnel = await screen.findByTestId('funnel');
    expect(within(funnel).getByTestId('funnel-impressions').textContent).toBe('曝光量1.0万');
    expect(within(funnel).getByTestId('funnel-views').textContent).toBe('转化率 30.00%阅读量3000');
    expect(within(funnel).getByTestId('funnel-engagement').textContent).toContain('150');
    expect(screen.queryByTestId('retention-card')).toBeNull();
    expect(screen.queryByTestId('video-card')).toBeNull();
  });
});

describe('/manage/dataAnalyse/videoAnalyse', () => {
  it('asks for videos and small videos by plays; the video cards; the chosen video’s retention curve', async () => {
    const { router } = renderRoutes(routes, '/manage/dataAnalyse/videoAnalyse');
    const top = await screen.findByTestId('top-works');
    expect(
      within(top)
        .getAllByTestId('work-title')
        .map((e) => e.textContent),
    ).toEqual(['新车开箱视频', '一分钟看懂油耗', '试驾纪实']);
    expect(within(top).getByRole('columnheader', { name: '播放量' })).toBeTruthy();
    expect(paramsOf('/api/data/overview')).toEqual([
      { period: '7d', type: 'video' },
      { period: '7d', type: 'smallVideo' },
    ]);
    expect(paramsOf('/api/data/work_list')).toEqual([
      { period: '7d', type: 'video', sort: 'plays', order: 'desc', page: 1, pageSize: 10 },
      { period: '7d', type: 'smallVideo', sort: 'plays', order: 'desc', page: 1, pageSize: 10 },
    ]);

    // plays and watch time added up; the rates weighted by plays: (0.5·600 + 0.1·200) / 800
    const cards = await screen.findByTestId('video-cards');
    expect(within(cards).getByTestId('video-plays').textContent).toBe('播放量800');
    expect(within(cards).getByTestId('video-watchMs').textContent).toBe('播放时长2小时30分钟');
    expect(within(cards).getByTestId('video-completionRate').textContent).toBe('完播率40.00%');
    expect(within(cards).getByTestId('video-exitRate3s').textContent).toBe('3 秒退出率15.00%');
    expect(within(screen.getByTestId('video-card')).getByTestId('as-of')).toBeTruthy();

    // plays, not views, are the funnel's middle step for videos
    expect((await screen.findByTestId('funnel-plays')).textContent).toBe('转化率 10.00%播放量800');

    const retention = await screen.findByTestId('retention-card');
    expect(within(retention).getByRole('heading').textContent).toBe('「新车开箱视频」的观众留存');
    await waitFor(() =>
      expect(ariaOf('retention-card')).toBe('观众留存曲线：0% 100%, 25% 80%, 50% 60%, 75% 40%, 100% 20%'),
    );
    expect(within(retention).getByTestId('as-of').textContent).toMatch(/^数据更新于 2026-03-05/);

    // choosing another video shows its sources and retention, and keeps the choice in the address
    fireEvent.click(within(top).getByTestId('select-work-21'));
    await waitFor(() => expect(paramsOf('/api/data/work_detail').at(-1)).toEqual({ id: 21, period: '7d' }));
    expect(router.state.location.search).toBe('?work=21');
    await waitFor(() =>
      expect(within(screen.getByTestId('retention-card')).getByRole('heading').textContent).toBe(
        '「一分钟看懂油耗」的观众留存',
      ),
    );
    await waitFor(() => expect(ariaOf('retention-card')).toContain('100% 50%'));
    expect(within(top).getByTestId('select-work-21').getAttribute('aria-pressed')).toBe('true');
  });
});
