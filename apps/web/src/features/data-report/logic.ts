import { isMonday, type DataReport } from '@cc/contracts';
import type { EChartsCoreOption } from '../../components/echart';
import { CHART_PALETTE, GAIN_COLOR } from '../../lib/chart-palette';

/** The pure parts of the weekly report pages (issue #12 `dataReport`): the week parameter, changes, the chart. */

/** The `week` query parameter when it names a Monday (`YYYY-MM-DD`), else null (the list is shown). */
export function reportWeekOf(value: string | null | undefined): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && isMonday(value) ? value : null;
}

/** The Sunday of the week starting `weekStart` (`YYYY-MM-DD`, calendar arithmetic). */
export function weekEndOf(weekStart: string): string {
  const d = new Date(`${weekStart}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 6);
  return d.toISOString().slice(0, 10);
}

/** How a figure moved against last week (`percent` null when last week's was not above 0: no meaningful base). */
export type WeekChange =
  { direction: 'up' | 'down'; percent: number | null } | { direction: 'flat' | 'fromZero' };

/**
 * The change of `current` against `previous`: a percent of `previous` (one decimal) when it was above 0; `fromZero`
 * when it was 0 and `current` is above; flat when equal; otherwise (a negative base, e.g. net followers) up or down
 * without a percent.
 */
export function weekChange(current: number, previous: number): WeekChange {
  if (current === previous) return { direction: 'flat' };
  if (previous === 0 && current > 0) return { direction: 'fromZero' };
  const direction = current > previous ? 'up' : 'down';
  if (previous < 0 || previous === 0) return { direction, percent: null };
  return { direction, percent: Math.round((Math.abs(current - previous) / previous) * 1000) / 10 };
}

/**
 * The week's chart: engagement per day as bars (brand colour), net followers as a line on a second axis.
 * @param names the series' names in the UI language; `weekday` writes a date's label; `format` a value
 */
export function reportChartOption(
  report: Pick<DataReport, 'days'>,
  names: { engagement: string; fansNet: string },
  weekday: (date: string) => string,
  format: (n: number) => string,
): EChartsCoreOption {
  return {
    color: [CHART_PALETTE[0], GAIN_COLOR],
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, data: [names.engagement, names.fansNet] },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)) },
    xAxis: { type: 'category', data: report.days.map((d) => weekday(d.date)) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
      { type: 'value', axisLabel: { formatter: (v: number) => format(v) }, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.engagement, data: report.days.map((d) => d.engagement), barMaxWidth: 32 },
      {
        type: 'line',
        name: names.fansNet,
        yAxisIndex: 1,
        data: report.days.map((d) => d.fansNet),
        smooth: true,
      },
    ],
  };
}
