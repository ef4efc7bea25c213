import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { formatCount, useFormatCount } from './format';
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
