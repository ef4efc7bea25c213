import { describe, expect, it } from 'vitest';
import {
  contentTypes,
  type DataOverview,
  type Metrics,
  type WorkList,
  type WorkListItem,
} from '@cc/contracts';
import {
  funnelSteps,
  mergeMetrics,
  mergeOverviews,
  mergeTopWorks,
  rankMetricOf,
  retentionOption,
  retentionSummary,
  SCOPE_TYPES,
  selectedWork,
} from './logic';

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

describe('scopes (issue #12)', () => {
  it('image works are articles and albums, videos are videos and small videos, all of them contract types', () => {
    expect(SCOPE_TYPES).toEqual({
      all: undefined,
      image: ['article', 'album'],
      video: ['video', 'smallVideo'],
    });
    for (const types of Object.values(SCOPE_TYPES))
      for (const type of types ?? []) expect(contentTypes).toContain(type);
  });

  it('videos rank by plays, the rest by views', () => {
    expect([rankMetricOf('all'), rankMetricOf('image'), rankMetricOf('video')]).toEqual([
      'views',
      'views',
      'plays',
    ]);
  });
});

describe('merging the answers of a scope’s types', () => {
  it('adds the work counts, keeps the author’s fans once, weights the rates by plays', () => {
    const merged = mergeMetrics([
      metrics({ plays: 300, watchMs: 1000, completionRate: 0.5, exitRate3s: 0.2, likes: -2, fansTotal: 40 }),
      metrics({ plays: 100, watchMs: 500, completionRate: 0.1, exitRate3s: 0.6, likes: 5, fansTotal: 40 }),
    ]);
    expect(merged).toMatchObject({ plays: 400, watchMs: 1500, likes: 3, fansTotal: 40 });
    expect(merged.completionRate).toBe(0.4);
    expect(merged.exitRate3s).toBe(0.3);
  });

  it('rates are 0 when no part has plays', () => {
    const merged = mergeMetrics([metrics({ completionRate: 0 }), metrics()]);
    expect(merged.completionRate).toBe(0);
    expect(merged.exitRate3s).toBe(0);
  });

  it('overviews: the oldest asOf, previous only when every part has one, the trend day by day', () => {
    const part = (asOf: string, views: number, previous: Metrics | null): DataOverview => ({
      asOf,
      range: { start: '2026-03-01', end: '2026-03-02' },
      metrics: metrics({ views }),
      previous,
      trend: [
        { date: '2026-03-02', ...metrics({ views: views - 1 }) },
        { date: '2026-03-01', ...metrics({ views: 1 }) },
      ],
    });
    const merged = mergeOverviews([
      part('2026-03-03T10:00:00.000Z', 10, metrics({ views: 2 })),
      part('2026-03-03T09:59:00.000Z', 20, null),
    ]);
    expect(merged.asOf).toBe('2026-03-03T09:59:00.000Z');
    expect(merged.metrics.views).toBe(30);
    expect(merged.previous).toBeNull();
    expect(merged.trend.map((d) => [d.date, d.views])).toEqual([
      ['2026-03-01', 2],
      ['2026-03-02', 28],
    ]);
    const both = mergeOverviews([
      part('2026-03-03T10:00:00.000Z', 1, metrics({ views: 2 })),
      part('2026-03-03T10:00:00.000Z', 1, metrics({ views: 3 })),
    ]);
    expect(both.previous?.views).toBe(5);
  });

  it('top works: the top n of the union, by the sort key, newer first on a tie', () => {
    const item = (id: number, plays: number) => ({ id, plays }) as WorkListItem;
    const list = (asOf: string, ...items: WorkListItem[]): WorkList => ({
      list: items,
      total: items.length + 5,
      page: 1,
      pageSize: 3,
      asOf,
    });
    const merged = mergeTopWorks(
      [
        list('2026-03-03T10:00:00Z', item(1, 90), item(2, 50), item(3, 10)),
        list('2026-03-03T09:00:00Z', item(4, 60), item(5, 50)),
      ],
      'plays',
      3,
    );
    expect(merged.list.map((w) => w.id)).toEqual([1, 4, 5]);
    expect(merged.total).toBe(15);
    expect(merged.asOf).toBe('2026-03-03T09:00:00Z');
  });
});

describe('the funnel', () => {
  it('impressions → views → likes + favorites + shares, with the conversion from the step before', () => {
    const steps = funnelSteps(
      metrics({ impressions: 1000, views: 200, likes: 10, favorites: 6, shares: 4 }),
      'all',
    );
    expect(steps).toEqual([
      { key: 'impressions', value: 1000, rate: null },
      { key: 'views', value: 200, rate: 0.2 },
      { key: 'engagement', value: 20, rate: 0.1 },
    ]);
  });

  it('plays in the middle for videos; no conversion after a 0; engagement never below 0', () => {
    const steps = funnelSteps(metrics({ impressions: 0, plays: 5, likes: -9, favorites: 1 }), 'video');
    expect(steps.map((s) => [s.key, s.value, s.rate])).toEqual([
      ['impressions', 0, null],
      ['plays', 5, null],
      ['engagement', 0, 0],
    ]);
  });
});

describe('the retention curve', () => {
  const points = Array.from({ length: 21 }, (_, i) => ({ at: i / 20, share: 1 - i / 40 }));

  it('x is the % of the duration, y the % of plays still watching, both 0–100', () => {
    const option = retentionOption(points, { x: 'X', y: 'Y' }) as {
      xAxis: { min: number; max: number };
      yAxis: { min: number; max: number };
      series: { type: string; data: [number, number][] }[];
    };
    expect([option.xAxis.min, option.xAxis.max, option.yAxis.min, option.yAxis.max]).toEqual([
      0, 100, 0, 100,
    ]);
    expect(option.series[0]!.type).toBe('line');
    expect(option.series[0]!.data[0]).toEqual([0, 100]);
    expect(option.series[0]!.data[10]).toEqual([50, 75]);
    expect(option.series[0]!.data[20]).toEqual([100, 50]);
  });

  it('summarizes at the quarters of the duration', () => {
    expect(retentionSummary(points)).toEqual([
      { at: 0, share: 100 },
      { at: 25, share: 88 },
      { at: 50, share: 75 },
      { at: 75, share: 63 },
      { at: 100, share: 50 },
    ]);
    expect(retentionSummary([])).toEqual([]);
  });
});

describe('selectedWork', () => {
  it('the chosen work when listed, else the first, else none', () => {
    const list = [{ id: 1 }, { id: 2 }] as WorkListItem[];
    expect(selectedWork(list, 2)?.id).toBe(2);
    expect(selectedWork(list, 9)?.id).toBe(1);
    expect(selectedWork(list, null)?.id).toBe(1);
    expect(selectedWork([], 2)).toBeNull();
  });
});
