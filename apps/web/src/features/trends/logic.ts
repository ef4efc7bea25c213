import type { TrendKind } from '@cc/contracts';
import { TREND_KINDS } from '@cc/contracts';
import type { EChartsCoreOption } from '../../components/echart';
import { BRAND_COLOR } from '../../lib/theme';

/** The pure parts of the trends pages (issue #12 `creativeHot`, `creativeInterest`, `topic`): parsing and charts. */

/** The kind of a query string value; anything else reads `series` (the pages' default). */
export function trendKindOf(value: string | null | undefined): TrendKind {
  return (TREND_KINDS as readonly string[]).includes(value ?? '') ? (value as TrendKind) : 'series';
}

/**
 * A growth rate (0–∞, `creative/interest` `growthRate`) as a signed percentage: one decimal under 1,000 %
 * (`0.1234` → `+12.3%`), whole percents above, written by `formatCount` from 10,000 % (`+5.2万%`, `+52K%`).
 * @param formatCount the UI language's count formatter (万 / compact)
 */
export function formatGrowth(rate: number, formatCount: (n: number) => string): string {
  if (!Number.isFinite(rate)) return '';
  const pct = rate * 100;
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '';
  const abs = Math.abs(pct);
  const body =
    abs >= 10_000 ? formatCount(Math.trunc(abs)) : abs >= 1000 ? String(Math.round(abs)) : abs.toFixed(1);
  return `${sign}${body}%`;
}

/** Sum, peak and where the peak is of a sparkline's points (for its text alternative). */
export function sparklineSummary(points: readonly number[]): { total: number; peak: number; peakAt: number } {
  let total = 0;
  let peak = 0;
  let peakAt = 0;
  points.forEach((v, i) => {
    total += v;
    if (v > peak) {
      peak = v;
      peakAt = i;
    }
  });
  return { total, peak, peakAt };
}

/**
 * The hour labels of the hot window (`creative/hot` `range.start`): point i ends at start + (i + 1) h, shown as
 * that hour in local time (`HH:mm`).
 * @param format a date formatter (`formatDate` of lib/format)
 */
export function hourLabels(start: string, points: number, format: (d: Date) => string): string[] {
  const t0 = Date.parse(start);
  return Array.from({ length: points }, (_, i) => format(new Date(t0 + (i + 1) * 3_600_000)));
}

/**
 * A sparkline as an ECharts option: one line in the brand colour, no axes, a tooltip with the point's label.
 * @param labels one per point (hours or dates); `format` writes a value (万 / compact)
 */
export function sparklineOption(
  points: readonly number[],
  labels: readonly string[],
  format: (n: number) => string,
): EChartsCoreOption {
  return {
    color: [BRAND_COLOR],
    animation: false,
    grid: { left: 2, right: 2, top: 4, bottom: 4 },
    xAxis: { type: 'category', data: labels, show: false, boundaryGap: false },
    yAxis: { type: 'value', show: false, scale: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (v: unknown) => format(Number(v)),
    },
    series: [
      {
        type: 'line',
        data: [...points],
        smooth: true,
        showSymbol: false,
        lineStyle: { width: 1.5 },
        areaStyle: { opacity: 0.12 },
      },
    ],
  };
}

/** Every date from `start` to `end` inclusive (`YYYY-MM-DD`, calendar arithmetic): the labels of daily points. */
export function eachDate(start: string, end: string): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  // a bound keeps a bad range from looping for long
  while (d.getTime() <= last && out.length < 400) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** How a topic's engagement moved against the period before. */
export type EngagementChange =
  { direction: 'up' | 'down'; percent: number } | { direction: 'flat' } | { direction: 'fromZero' };

/**
 * The change of `current` against `previous`: the percent of `previous` (one decimal) when it was above 0; `fromZero`
 * when it was not and `current` is above 0; `flat` when equal (or neither above 0).
 */
export function engagementChange(current: number, previous: number): EngagementChange {
  if (current === previous || (previous <= 0 && current <= 0)) return { direction: 'flat' };
  if (previous <= 0) return { direction: 'fromZero' };
  const percent = Math.round((Math.abs(current - previous) / previous) * 1000) / 10;
  return { direction: current > previous ? 'up' : 'down', percent };
}
