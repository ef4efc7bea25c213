import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { formatCount, formatDuration, formatMetricValue, formatRate, useFormatCount } from './format';
import { setLanguage } from './i18n';

describe('formatCount (issue #9, spec §9)', () => {
  it('zh-CN: the integer under 10,000, then 万 with one decimal, truncated', () => {
    expect(formatCount(0, 'zh-CN')).toBe('0');
    expect(formatCount(9999, 'zh-CN')).toBe('9999');
    expect(formatCount(10_000, 'zh-CN')).toBe('1.0万');
    expect(formatCount(61_800, 'zh-CN')).toBe('6.1万');
    expect(formatCount(99_999, 'zh-CN')).toBe('9.9万');
    expect(formatCount(1e8, 'zh-CN')).toBe('10000.0万');
  });

  it('en-US: the grouped integer under 10,000, then the compact form with one decimal at most', () => {
    expect(formatCount(0, 'en-US')).toBe('0');
    expect(formatCount(999, 'en-US')).toBe('999');
    expect(formatCount(9999, 'en-US')).toBe('9,999');
    expect(formatCount(10_000, 'en-US')).toBe('10K');
    expect(formatCount(61_800, 'en-US')).toBe('61.8K');
    expect(formatCount(1_234_567, 'en-US')).toBe('1.2M');
    expect(formatCount(1e8, 'en-US')).toBe('100M');
    expect(formatCount(2.5e9, 'en-US')).toBe('2.5B');
  });

  it('en-US truncates like 万 does: never shows a unit the count has not reached', () => {
    expect(formatCount(99_999, 'en-US')).toBe('99.9K');
    expect(formatCount(999_999, 'en-US')).toBe('999.9K');
    expect(formatCount(9999.9, 'en-US')).toBe('9,999');
  });

  it('keeps the sign and reads 0 for what is not a number', () => {
    expect(formatCount(-25_000, 'zh-CN')).toBe('-2.5万');
    expect(formatCount(-25_000, 'en-US')).toBe('-25K');
    expect(formatCount(Number.NaN, 'en-US')).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY, 'zh-CN')).toBe('0');
  });
});

describe('useFormatCount', () => {
  it('follows the UI language', async () => {
    const { result } = renderHook(() => useFormatCount());
    expect(result.current(61_800)).toBe('6.1万');
    await act(() => setLanguage('en-US'));
    expect(result.current(61_800)).toBe('61.8K');
    await act(() => setLanguage('zh-CN'));
  });
});

describe('formatDuration (watchMs as hours and minutes, issue #12)', () => {
  it('zh-CN: hours and minutes, truncated; under a minute "<1分钟"; none "0分钟"', () => {
    expect(formatDuration(0, 'zh-CN')).toBe('0分钟');
    expect(formatDuration(59_999, 'zh-CN')).toBe('<1分钟');
    expect(formatDuration(5 * 60_000 + 59_000, 'zh-CN')).toBe('5分钟');
    expect(formatDuration(12 * 3_600_000 + 5 * 60_000, 'zh-CN')).toBe('12小时5分钟');
    expect(formatDuration(3 * 3_600_000, 'zh-CN')).toBe('3小时');
  });

  it('en-US: "12 h 5 min"', () => {
    expect(formatDuration(12 * 3_600_000 + 5 * 60_000, 'en-US')).toBe('12 h 5 min');
    expect(formatDuration(5 * 60_000, 'en-US')).toBe('5 min');
    expect(formatDuration(1, 'en-US')).toBe('<1 min');
  });

  it('from 10,000 hours the hours follow the 万 / compact rule', () => {
    expect(formatDuration(12_345 * 3_600_000 + 60_000, 'zh-CN')).toBe('1.2万小时');
    expect(formatDuration(12_345 * 3_600_000, 'en-US')).toBe('12.3K h');
  });

  it('negative and not-finite read as nothing', () => {
    expect(formatDuration(-5, 'zh-CN')).toBe('0分钟');
    expect(formatDuration(Number.NaN, 'en-US')).toBe('0 min');
  });
});

describe('formatRate and formatMetricValue (issue #12)', () => {
  it('rates are percentages with 2 decimals', () => {
    expect(formatRate(0)).toBe('0.00%');
    expect(formatRate(0.1234)).toBe('12.34%');
    expect(formatRate(0.0005)).toBe('0.05%');
    expect(formatRate(1)).toBe('100.00%');
    expect(formatRate(Number.NaN)).toBe('0.00%');
  });

  it('picks the rule by unit: counts 万 / compact, signed counts keep their sign, ms hours, rates %', () => {
    expect(formatMetricValue('count', 123_456, 'zh-CN')).toBe('12.3万');
    expect(formatMetricValue('count', 123_456, 'en-US')).toBe('123.4K');
    expect(formatMetricValue('count', 9999, 'zh-CN')).toBe('9999');
    expect(formatMetricValue('signed', -12_345, 'zh-CN')).toBe('-1.2万');
    expect(formatMetricValue('signed', -12_345, 'en-US')).toBe('-12.3K');
    expect(formatMetricValue('ms', 2 * 3_600_000 + 30 * 60_000, 'zh-CN')).toBe('2小时30分钟');
    expect(formatMetricValue('rate', 0.4567, 'en-US')).toBe('45.67%');
  });
});
