import { describe, expect, it } from 'vitest';
import { reportWeekOf, weekChange, weekEndOf } from './logic';

// The pure parts of the weekly report pages (issue #12 `dataReport`).

describe('the week parameter', () => {
  it('names a Monday, or the list is shown', () => {
    expect(reportWeekOf('2026-11-16')).toBe('2026-11-16');
    expect(reportWeekOf('2026-11-17')).toBeNull();
    expect(reportWeekOf('2026-11-16T00:00')).toBeNull();
    expect(reportWeekOf('')).toBeNull();
    expect(reportWeekOf(null)).toBeNull();
    expect(weekEndOf('2026-12-28')).toBe('2027-01-03');
  });
});

describe('weekChange', () => {
  it('a percent of last week; from zero; flat; no percent of a base at or below zero', () => {
    expect(weekChange(38, 19)).toEqual({ direction: 'up', percent: 100 });
    expect(weekChange(1, 3)).toEqual({ direction: 'down', percent: 66.7 });
    expect(weekChange(40, 0)).toEqual({ direction: 'fromZero' });
    expect(weekChange(-2, 0)).toEqual({ direction: 'down', percent: null });
    expect(weekChange(-1, -3)).toEqual({ direction: 'up', percent: null });
    expect(weekChange(5, 5)).toEqual({ direction: 'flat' });
  });
});
