import {
  COUNT_METRICS,
  METRIC_DEFINITIONS,
  type ContentType,
  type DataOverview,
  type MetricDefinition,
  type MetricKey,
  type Metrics,
  type WorkDetail,
  type WorkList,
  type WorkListItem,
} from '@cc/contracts';
import type { EChartsCoreOption } from '../../components/echart';
import { CHART_PALETTE, doughnutOption } from '../../lib/chart-palette';

/** The pure parts of the data-analysis pages (issue #12): scopes, merging per-type answers, options. */

/** The three analysis pages: every work, image works, videos. */
export const ANALYSE_SCOPES = ['all', 'image', 'video'] as const;
export type AnalyseScope = (typeof ANALYSE_SCOPES)[number];

/**
 * The content types of a scope (contracts `contentTypes`): image works are articles (图文) and albums (图集),
 * videos are videos and small videos; `undefined` = every type (no `type` sent).
 */
export const SCOPE_TYPES: Record<AnalyseScope, readonly ContentType[] | undefined> = {
  all: undefined,
  image: ['article', 'album'],
  video: ['video', 'smallVideo'],
};

/** The page of each scope (spec §2). */
export const SCOPE_PATHS: Record<AnalyseScope, string> = {
  all: '/manage/dataAnalyse',
  image: '/manage/dataAnalyse/imageAnalyse',
  video: '/manage/dataAnalyse/videoAnalyse',
};

/** The empty state of a scope: what to publish to get data (i18n keys). */
export const SCOPE_EMPTY_KEYS: Record<AnalyseScope, string> = {
  all: 'fans.analyse.topWorks.empty',
  image: 'fans.analyse.topWorks.emptyImage',
  video: 'fans.analyse.topWorks.emptyVideo',
};

/** The periods of the analysis pages' switch (API.md §11), in display order. */
export const ANALYSE_PERIODS = ['7d', '30d', '90d'] as const;
export type AnalysePeriod = (typeof ANALYSE_PERIODS)[number];

/** How many works the top list shows. */
export const TOP_WORKS = 10;

/** What ranks the works of a scope: plays for videos, views for the rest. */
export function rankMetricOf(scope: AnalyseScope): 'plays' | 'views' {
  return scope === 'video' ? 'plays' : 'views';
}

/** A metric's definition (contracts METRIC_DEFINITIONS: its bilingual name and unit). */
export function metricDefinition(key: MetricKey): MetricDefinition {
  return METRIC_DEFINITIONS.find((d) => d.key === key)!;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Metrics about the author, not a work (a follow is of an author): the same in every type's answer. */
const AUTHOR_METRICS = new Set<MetricKey>(['fansGained', 'fansLost', 'fansNet', 'fansTotal']);

/**
 * The metrics of several types' answers as one: work counts added up; the fans counts are the author's, the same
 * in every part, so the first part's are kept; the two rates (completion, 3-second exit) are shares of plays,
 * so they are weighted by each part's plays (0 when there are no plays), 4 decimals like the server's.
 */
export function mergeMetrics(parts: readonly Metrics[]): Metrics {
  const out = Object.fromEntries(
    COUNT_METRICS.map((key) => [
      key,
      AUTHOR_METRICS.has(key) ? (parts[0]?.[key] ?? 0) : parts.reduce((sum, m) => sum + m[key], 0),
    ]),
  ) as Record<(typeof COUNT_METRICS)[number], number>;
  const plays = out.plays;
  const weighted = (key: 'completionRate' | 'exitRate3s') =>
    plays > 0 ? round4(parts.reduce((sum, m) => sum + m[key] * m.plays, 0) / plays) : 0;
  return { ...out, completionRate: weighted('completionRate'), exitRate3s: weighted('exitRate3s') };
}

/**
 * Several types' `data/overview` answers as one (the API takes one `type`; a scope such as "image works" is two):
 * the oldest `asOf` (the figure is at least that fresh), the widest range, merged metrics, `previous` merged
 * when every part has one, and the trend merged day by day.
 */
export function mergeOverviews(parts: readonly DataOverview[]): DataOverview {
  if (parts.length === 1) return parts[0]!;
  const asOf = parts.map((p) => p.asOf).sort()[0]!;
  const start = parts.map((p) => p.range.start).sort()[0]!;
  const end = parts
    .map((p) => p.range.end)
    .sort()
    .at(-1)!;
  const previous = parts.every((p) => p.previous) ? mergeMetrics(parts.map((p) => p.previous!)) : null;
  const days = new Map<string, Metrics[]>();
  for (const part of parts) {
    for (const { date, ...metrics } of part.trend) days.set(date, [...(days.get(date) ?? []), metrics]);
  }
  const trend = [...days.keys()].sort().map((date) => ({ date, ...mergeMetrics(days.get(date)!) }));
  return { asOf, range: { start, end }, metrics: mergeMetrics(parts.map((p) => p.metrics)), previous, trend };
}

/**
 * The top `n` works of several types' `data/work_list` answers (each sorted by `sort` descending, first page of
 * `n`): the top `n` of the union is among the parts' top `n`, so merging them and keeping `n` is exact. Ties
 * keep the newer work (higher id) first; `total` is the sum of the parts'; `asOf` the oldest.
 */
export function mergeTopWorks(parts: readonly WorkList[], sort: 'plays' | 'views', n = TOP_WORKS): WorkList {
  if (parts.length === 1) return parts[0]!;
  const list = parts
    .flatMap((p) => p.list)
    .sort((a, b) => b[sort] - a[sort] || b.id - a.id)
    .slice(0, n);
  return {
    list,
    total: parts.reduce((sum, p) => sum + p.total, 0),
    page: 1,
    pageSize: n,
    asOf: parts.map((p) => p.asOf).sort()[0]!,
  };
}

/** One step of the reach → engagement funnel, with its conversion from the step before (null: first, or 0 before). */
export interface FunnelStep {
  key: 'impressions' | 'views' | 'plays' | 'engagement';
  value: number;
  rate: number | null;
}

/**
 * The reach → engagement funnel (issue #12): impressions → views (plays for videos) → engagement (likes +
 * favorites + shares, never below 0: likes and favorites are net state changes and may be negative).
 */
export function funnelSteps(metrics: Metrics, scope: AnalyseScope): FunnelStep[] {
  const middle = rankMetricOf(scope);
  const values: [FunnelStep['key'], number][] = [
    ['impressions', metrics.impressions],
    [middle, metrics[middle]],
    ['engagement', Math.max(0, metrics.likes + metrics.favorites + metrics.shares)],
  ];
  return values.map(([key, value], i) => {
    const before = i > 0 ? values[i - 1]![1] : 0;
    return { key, value, rate: i > 0 && before > 0 ? value / before : null };
  });
}

/** Whether a work type is a video (the retention curve and plays apply). */
export function isVideoType(type: ContentType): boolean {
  return type === 'video' || type === 'smallVideo';
}

/** The doughnut of shares (lib/chart-palette.ts `doughnutOption`). */
export const sourcesOption = doughnutOption;

/** Views of each source that has any, most first. */
export function rankedSources(sources: WorkDetail['sources']): WorkDetail['sources'] {
  return sources.filter((s) => s.views > 0).sort((a, b) => b.views - a.views);
}

/**
 * The retention curve (API.md §11 `retention`): x = % of the video's duration, y = % of plays still watching,
 * both 0–100.
 * @param names the axes' and the series' names in the UI language
 */
export function retentionOption(
  points: NonNullable<WorkDetail['retention']>,
  names: { x: string; y: string },
): EChartsCoreOption {
  const pct = (v: number) => Math.round(v * 1000) / 10;
  return {
    color: [CHART_PALETTE[0]],
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
    grid: { left: 56, right: 24, top: 24, bottom: 48 },
    xAxis: {
      type: 'value',
      name: names.x,
      nameLocation: 'middle',
      nameGap: 28,
      min: 0,
      max: 100,
      axisLabel: { formatter: '{value}%' },
    },
    yAxis: { type: 'value', name: names.y, min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: names.y,
        type: 'line',
        smooth: true,
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        data: points.map((p) => [pct(p.at), pct(p.share)]),
      },
    ],
  };
}

/** The retention at 0, 25, 50, 75 and 100 % of the duration (the nearest points), for the text alternative. */
export function retentionSummary(
  points: NonNullable<WorkDetail['retention']>,
): { at: number; share: number }[] {
  if (points.length === 0) return [];
  return [0, 0.25, 0.5, 0.75, 1].map((at) => {
    const nearest = points.reduce((best, p) => (Math.abs(p.at - at) < Math.abs(best.at - at) ? p : best));
    return { at: Math.round(nearest.at * 100), share: Math.round(nearest.share * 100) };
  });
}

/** The work a page shows the sources of: the chosen one when it is in the list, else the first. */
export function selectedWork(list: readonly WorkListItem[], chosen: number | null): WorkListItem | null {
  return list.find((w) => w.id === chosen) ?? list[0] ?? null;
}
