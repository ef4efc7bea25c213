import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Tree-shaken: only the charts and components the data pages draw (issue #12).
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  MapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type { EChartsCoreOption };

/** The `echarts/core` namespace with this app's charts registered (for `registerMap` and the like). */
export { echarts };

let canvasChecked: boolean | undefined;

/**
 * True when the browser can draw on a canvas (asked once). jsdom (unit tests) has no canvas: `getContext` returns
 * null (or throws "not implemented") and ECharts would fail on init, so the chart then renders its labelled box only.
 */
export function canvasAvailable(): boolean {
  if (canvasChecked !== undefined) return canvasChecked;
  if (typeof document === 'undefined' || typeof HTMLCanvasElement === 'undefined') return false;
  try {
    canvasChecked = document.createElement('canvas').getContext('2d') != null;
  } catch {
    canvasChecked = false;
  }
  return canvasChecked;
}

export interface EChartProps {
  /** the chart's option; a new object redraws it (not merged with the previous one) */
  option: EChartsCoreOption;
  /** height in px (default 300); the width follows the container */
  height?: number;
  /** what the chart shows, for screen readers (the box is `role="img"`) */
  ariaLabel: string;
}

/**
 * An ECharts chart (echarts/core, tree-shaken, canvas renderer) in a box that follows its container's width
 * (ResizeObserver) and is disposed on unmount. Without a canvas (jsdom) it renders the labelled box only.
 */
export function EChart({ option, height = 300, ariaLabel }: EChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || !canvasAvailable()) return undefined;
    let chart: EChartsType;
    try {
      chart = echarts.init(box, undefined, { renderer: 'canvas' });
    } catch {
      return undefined;
    }
    chartRef.current = chart;
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (!chart.isDisposed()) chart.resize();
          })
        : null;
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      chartRef.current = null;
      chart.dispose();
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (chart && !chart.isDisposed()) chart.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={boxRef}
      role="img"
      aria-label={ariaLabel}
      data-testid="echart"
      style={{ width: '100%', height }}
    />
  );
}
