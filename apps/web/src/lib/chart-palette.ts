import type { EChartsCoreOption } from 'echarts/core';
import { BRAND_COLOR } from './theme';

/**
 * The data pages' chart colours (DESIGN.md: "charts use a palette that starts with the brand colour"): the
 * brand blue, then hues far enough apart to tell series apart, given to an ECharts option as `color`.
 */
export const CHART_PALETTE = [
  BRAND_COLOR,
  '#13A8A8',
  '#FA8C16',
  '#EB2F96',
  '#722ED1',
  '#52C41A',
  '#FADB14',
  '#8C8C8C',
] as const;

/** The gained/lost pair of a chart: success green and error red of antd (every series also has its name). */
export const GAIN_COLOR = '#389E0D';
export const LOSS_COLOR = '#CF1322';

/**
 * A doughnut of shares with each slice's percentage in its label and tooltip (the fans portrait, a work's traffic
 * sources).
 * @param items the slices, already named in the UI language
 */
export function doughnutOption(items: readonly { name: string; value: number }[]): EChartsCoreOption {
  return {
    color: [...CHART_PALETTE],
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        top: 0,
        bottom: 32,
        label: { formatter: '{b}\n{d}%' },
        data: items.map((i) => ({ name: i.name, value: i.value })),
      },
    ],
  };
}
