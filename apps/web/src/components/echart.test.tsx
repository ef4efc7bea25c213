import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type * as EChartsCore from 'echarts/core';

// ECharts itself cannot draw in jsdom: its init is replaced by a fake chart, and the canvas check answers yes.
const chart = {
  setOption: vi.fn(),
  resize: vi.fn(),
  dispose: vi.fn(),
  isDisposed: vi.fn(() => false),
};
const init = vi.fn((..._args: unknown[]) => chart);
vi.mock('echarts/core', async (importOriginal) => ({
  ...(await importOriginal<typeof EChartsCore>()),
  init: (...args: unknown[]) => init(...args),
}));

let observed: ResizeObserverCallback | undefined;
class FakeResizeObserver {
  constructor(callback: ResizeObserverCallback) {
    observed = callback;
  }
  observe() {}
  disconnect = vi.fn();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('EChart', () => {
  it('draws the option in a labelled box, follows the container size and is disposed on unmount', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as RenderingContext);
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const { EChart } = await import('./echart');
    const option = { series: [{ type: 'line', data: [1, 2] }] };
    const view = render(<EChart option={option} height={120} ariaLabel="阅读量每日趋势图" />);
    const box = screen.getByRole('img', { name: '阅读量每日趋势图' });
    expect(box.style.height).toBe('120px');
    expect(init).toHaveBeenCalledWith(box, undefined, { renderer: 'canvas' });
    expect(chart.setOption).toHaveBeenCalledWith(option, { notMerge: true });

    const next = { series: [{ type: 'bar', data: [3] }] };
    view.rerender(<EChart option={next} height={120} ariaLabel="阅读量每日趋势图" />);
    expect(chart.setOption).toHaveBeenLastCalledWith(next, { notMerge: true });

    observed?.([], {} as ResizeObserver);
    expect(chart.resize).toHaveBeenCalledTimes(1);

    view.unmount();
    expect(chart.dispose).toHaveBeenCalledTimes(1);
  });
});
