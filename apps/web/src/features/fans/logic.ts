import { AGE_BANDS, CN_REGIONS, READER_DEVICES, READER_GENDERS, type FansChart } from '@cc/contracts';
import type { EChartsCoreOption } from '../../components/echart';
import { CHART_PALETTE, doughnutOption, GAIN_COLOR, LOSS_COLOR } from '../../lib/chart-palette';

/** The pure parts of the fans page (issue #12): label keys, orderings and ECharts options. */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Periods of the fans chart's switch (API.md §11), in display order. */
export const FANS_CHART_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type FansChartPeriod = (typeof FANS_CHART_PERIODS)[number];

/** How many provinces the region chart ranks. */
export const TOP_REGIONS = 10;

/** A `{ key, count }` of the portrait (API.md §11). */
export interface KeyCount {
  key: string;
  count: number;
}

/** A named value of a chart. */
export interface NamedValue {
  name: string;
  value: number;
}

const isIn = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The province's name in the UI language (`fans.regions.CN-XX`); null or an unknown code reads "unknown". */
export function regionLabel(code: string | null, t: Translate): string {
  return code && isIn(CN_REGIONS, code) ? t(`fans.regions.${code}`) : t('fans.unknown');
}

/** A reader's gender in the UI language; anything unknown reads "unknown". */
export function genderLabel(gender: string, t: Translate): string {
  return t(`fans.genders.${isIn(READER_GENDERS, gender) ? gender : 'unknown'}`);
}

/** An age band in the UI language (`<18` → "18 岁以下"); anything unknown reads "unknown". */
export function ageBandLabel(band: string, t: Translate): string {
  return t(`fans.ageBands.${isIn(AGE_BANDS, band) ? band : 'unknown'}`);
}

/** A reader's device in the UI language; null (never sent) or unknown reads "unknown". */
export function deviceLabel(device: string | null, t: Translate): string {
  return device && isIn(READER_DEVICES, device) ? t(`fans.devices.${device}`) : t('fans.unknown');
}

/** The `n` provinces with most fans, most first (ties by the code, so the order is stable); zeros dropped. */
export function topRegions(region: readonly KeyCount[], n = TOP_REGIONS): KeyCount[] {
  return region
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, n);
}

/** Age bands in AGE_BANDS order (youngest first, unknown last), whatever order the server sent. */
export function orderAgeBands(ageBand: readonly KeyCount[]): KeyCount[] {
  const rank = (key: string) => {
    const i = (AGE_BANDS as readonly string[]).indexOf(key);
    return i < 0 ? AGE_BANDS.length : i;
  };
  return [...ageBand].sort((a, b) => rank(a.key) - rank(b.key));
}

/** The period's sums of a fans chart and the total at its end (for the chart's text alternative). */
export function chartTotals(rows: FansChart): { gained: number; lost: number; net: number; total: number } {
  return rows.reduce(
    (acc, r) => ({
      gained: acc.gained + r.gained,
      lost: acc.lost + r.lost,
      net: acc.net + r.net,
      total: r.total,
    }),
    { gained: 0, lost: 0, net: 0, total: 0 },
  );
}

/**
 * The fans chart (issue #12): gained and lost as bars, net as a line on the left axis; the total as a line on
 * its own right axis (it is orders of magnitude above a day's change).
 * @param names the four series' names in the UI language
 */
export function fansChartOption(
  rows: FansChart,
  names: { gained: string; lost: string; net: string; total: string },
): EChartsCoreOption {
  return {
    color: [GAIN_COLOR, LOSS_COLOR, CHART_PALETTE[0], CHART_PALETTE[2]],
    tooltip: { trigger: 'axis' },
    legend: { data: [names.gained, names.lost, names.net, names.total], bottom: 0 },
    grid: { left: 48, right: 56, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: rows.map((r) => r.date) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: names.gained, type: 'bar', data: rows.map((r) => r.gained) },
      { name: names.lost, type: 'bar', data: rows.map((r) => r.lost) },
      { name: names.net, type: 'line', data: rows.map((r) => r.net) },
      { name: names.total, type: 'line', yAxisIndex: 1, data: rows.map((r) => r.total) },
    ],
  };
}

/** The doughnut of shares (lib/chart-palette.ts `doughnutOption`). */
export const pieOption = doughnutOption;

/**
 * Bars of counts, one colour. `horizontal` draws a ranking (the first item on top), as the region
 * distribution is drawn while no China map is approved (issue #12).
 */
export function barOption(
  items: readonly NamedValue[],
  seriesName: string,
  opts: { horizontal?: boolean } = {},
): EChartsCoreOption {
  const names = items.map((i) => i.name);
  const values = items.map((i) => i.value);
  const category = { type: 'category', data: opts.horizontal ? [...names].reverse() : names };
  const value = { type: 'value', minInterval: 1 };
  return {
    color: [CHART_PALETTE[0]],
    tooltip: { trigger: 'axis' },
    grid: { left: opts.horizontal ? 72 : 40, right: 24, top: 16, bottom: 32 },
    xAxis: opts.horizontal ? value : category,
    yAxis: opts.horizontal ? category : value,
    series: [
      {
        name: seriesName,
        type: 'bar',
        barMaxWidth: 28,
        data: opts.horizontal ? [...values].reverse() : values,
      },
    ],
  };
}

/** The text alternative of a chart's values: `name value, name value`. */
export function describeValues(items: readonly NamedValue[], formatCount: (n: number) => string): string {
  return items.map((i) => `${i.name} ${formatCount(i.value)}`).join(', ');
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A byte count for people: `512 B`, `12.3 KB`, `4.5 MB` (binary steps of 1024, one decimal above bytes). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}
