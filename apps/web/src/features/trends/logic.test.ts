import { describe, expect, it } from 'vitest';
import { formatCount } from '../../lib/format';
import { eachDate, engagementChange, formatGrowth, hourLabels, sparklineSummary, trendKindOf } from './logic';

// The pure parts of the trends pages (issue #12).

describe('formatGrowth', () => {
  const zh = (n: number) => formatCount(n, 'zh-CN');
  it('one decimal under 1,000 %, whole percents above, the 万 rule from 10,000 %', () => {
    expect(formatGrowth(0.1234, zh)).toBe('+12.3%');
    expect(formatGrowth(5, zh)).toBe('+500.0%');
    expect(formatGrowth(12.345, zh)).toBe('+1235%');
    expect(formatGrowth(999.9, zh)).toBe('+9.9万%');
    expect(formatGrowth(999.9, (n) => formatCount(n, 'en-US'))).toBe('+99.9K%');
    expect(formatGrowth(-0.5, zh)).toBe('−50.0%');
    expect(formatGrowth(0, zh)).toBe('0.0%');
  });
});

describe('engagementChange', () => {
  it('a percent of the period before; from zero; flat', () => {
    expect(engagementChange(25, 20)).toEqual({ direction: 'up', percent: 25 });
    expect(engagementChange(10, 30)).toEqual({ direction: 'down', percent: 66.7 });
    expect(engagementChange(5, 0)).toEqual({ direction: 'fromZero' });
    expect(engagementChange(0, 0)).toEqual({ direction: 'flat' });
    expect(engagementChange(7, 7)).toEqual({ direction: 'flat' });
  });
});

describe('sparkline helpers', () => {
  it('sums, finds the first peak, labels hours by their end and days by date', () => {
    expect(sparklineSummary([1, 5, 2, 5])).toEqual({ total: 13, peak: 5, peakAt: 1 });
    expect(hourLabels('2026-11-19T04:00:00.000Z', 2, (d) => d.toISOString())).toEqual([
      '2026-11-19T05:00:00.000Z',
      '2026-11-19T06:00:00.000Z',
    ]);
    expect(eachDate('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(trendKindOf('keyword')).toBe('keyword');
    expect(trendKindOf('brand')).toBe('series');
    expect(trendKindOf(null)).toBe('series');
  });
});
