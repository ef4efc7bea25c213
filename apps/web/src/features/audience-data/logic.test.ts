import { describe, expect, it } from 'vitest';
import { METRIC_DEFINITIONS, METRIC_KEYS } from '@cc/contracts';
import { comparedWithMedian, isDataPeriod, metricChange, metricDefinition } from './logic';

describe('metricChange (issue #12: the change against the previous period)', () => {
  it('counts: (current − previous) ÷ previous as a percent with 1 decimal, and its direction', () => {
    expect(metricChange(150, 100, 'count')).toEqual({ kind: 'percent', direction: 'up', value: 50 });
    expect(metricChange(80, 100, 'count')).toEqual({ kind: 'percent', direction: 'down', value: 20 });
    expect(metricChange(1, 3, 'count')).toEqual({ kind: 'percent', direction: 'down', value: 66.7 });
    expect(metricChange(100, 100, 'count')).toEqual({ kind: 'percent', direction: 'flat', value: 0 });
  });

  it('previous 0: no percent exists — "from 0" with the direction; both 0 is flat', () => {
    expect(metricChange(25, 0, 'count')).toEqual({ kind: 'fromZero', direction: 'up' });
    expect(metricChange(-3, 0, 'signed')).toEqual({ kind: 'fromZero', direction: 'down' });
    expect(metricChange(0, 0, 'count')).toEqual({ kind: 'percent', direction: 'flat', value: 0 });
    expect(metricChange(0, 0, 'ms')).toEqual({ kind: 'percent', direction: 'flat', value: 0 });
  });

  it('signed metrics compare against the magnitude of a negative previous value', () => {
    // −10 → 5 is a rise of 15 on a base of 10
    expect(metricChange(5, -10, 'signed')).toEqual({ kind: 'percent', direction: 'up', value: 150 });
    expect(metricChange(-20, -10, 'signed')).toEqual({ kind: 'percent', direction: 'down', value: 100 });
    // a fall rounds like a rise of the same size: 23.45 % either way is 23.5 %
    expect(metricChange(-12_345, -10_000, 'signed')).toEqual({
      kind: 'percent',
      direction: 'down',
      value: 23.5,
    });
    expect(metricChange(7655, 10_000, 'count')).toEqual({ kind: 'percent', direction: 'down', value: 23.5 });
  });

  it('rates: the difference in percentage points with 2 decimals, previous 0 included', () => {
    expect(metricChange(0.4567, 0.4, 'rate')).toEqual({ kind: 'points', direction: 'up', value: 5.67 });
    expect(metricChange(0.1, 0.25, 'rate')).toEqual({ kind: 'points', direction: 'down', value: 15 });
    expect(metricChange(0.3, 0, 'rate')).toEqual({ kind: 'points', direction: 'up', value: 30 });
    expect(metricChange(0.3, 0.3, 'rate')).toEqual({ kind: 'points', direction: 'flat', value: 0 });
  });

  it('no previous period (all): no change', () => {
    expect(metricChange(5, null, 'count')).toBeNull();
    expect(metricChange(5, undefined, 'rate')).toBeNull();
  });
});

describe('definitions and helpers', () => {
  it('every METRIC_KEYS entry has its definition', () => {
    for (const key of METRIC_KEYS) expect(metricDefinition(key).key).toBe(key);
    expect(METRIC_DEFINITIONS).toHaveLength(METRIC_KEYS.length);
  });

  it('isDataPeriod accepts the six periods only', () => {
    for (const p of ['today', 'yesterday', '7d', '30d', '90d', 'all']) expect(isDataPeriod(p)).toBe(true);
    expect(isDataPeriod('14d')).toBe(false);
  });

  it('comparedWithMedian', () => {
    expect(comparedWithMedian(5, 3)).toBe('above');
    expect(comparedWithMedian(1, 3)).toBe('below');
    expect(comparedWithMedian(3, 3)).toBe('equal');
  });
});
