import { gradeOfPoints, nextLevel } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { dayEntries, daysFrom, effectiveGrade, periodOf, pointsOfDay } from './growth.rules.js';

// The pure rules of tasks and grades (issue #14): periods in REPORT_TZ, the points of a day, the floor.
const TZ = 'Asia/Shanghai';

describe('task periods', () => {
  it('newcomer tasks have one period, `once`, without an end', () => {
    expect(periodOf('newcomer', new Date('2026-11-25T04:00:00Z'), TZ)).toEqual({
      key: 'once',
      start: null,
      end: null,
      startDay: null,
      endDay: null,
    });
  });

  it('a week is the ISO week in REPORT_TZ: Monday 00:00 local, keyed by the ISO week-year', () => {
    // Sunday 2026-11-29 23:59 in Shanghai is still W48; Monday 00:00 local (Sunday 16:00 UTC) is W49
    expect(periodOf('weekly', new Date('2026-11-29T15:59:00Z'), TZ).key).toBe('2026-W48');
    const w49 = periodOf('weekly', new Date('2026-11-29T16:00:00Z'), TZ);
    expect(w49).toEqual({
      key: '2026-W49',
      start: new Date('2026-11-29T16:00:00Z'),
      end: new Date('2026-12-06T16:00:00Z'),
      startDay: '2026-11-30',
      endDay: '2026-12-06',
    });
    // 1 January 2027 is a Friday: ISO week 53 of 2026; 2021-01-03 (Sunday) is 2020-W53
    expect(periodOf('weekly', new Date('2027-01-01T04:00:00Z'), TZ).key).toBe('2026-W53');
    expect(periodOf('weekly', new Date('2021-01-03T04:00:00Z'), TZ).key).toBe('2020-W53');
    expect(periodOf('weekly', new Date('2027-01-04T04:00:00Z'), TZ).key).toBe('2027-W01');
  });

  it('a month is the calendar month in REPORT_TZ', () => {
    // 2026-11-30 20:00 UTC is already 1 December in Shanghai
    const dec = periodOf('monthly', new Date('2026-11-30T20:00:00Z'), TZ);
    expect(dec).toEqual({
      key: '2026-12',
      start: new Date('2026-11-30T16:00:00Z'),
      end: new Date('2026-12-31T16:00:00Z'),
      startDay: '2026-12-01',
      endDay: '2026-12-31',
    });
    expect(periodOf('monthly', new Date('2026-11-30T20:00:00Z'), 'UTC').key).toBe('2026-11');
  });

  it('days between two days, inclusive', () => {
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('the points of a day (POINT_RULES)', () => {
  const none = { published: {}, plays: 0, fansGained: 0, creditScore: 100 };

  it('creation by type up to 60, engagement per whole 1,000 plays and per fan up to 100', () => {
    expect(pointsOfDay({ ...none, published: { article: 1, album: 1, video: 1, smallVideo: 1 } })).toEqual({
      creation: 44,
      engagement: 0,
      credit: 2,
    });
    expect(pointsOfDay({ ...none, published: { video: 4 } }).creation).toBe(60);
    expect(pointsOfDay({ ...none, plays: 1999 }).engagement).toBe(5);
    expect(pointsOfDay({ ...none, plays: 999 }).engagement).toBe(0);
    expect(pointsOfDay({ ...none, plays: 999, fansGained: 3 }).engagement).toBe(3);
    expect(pointsOfDay({ ...none, plays: 100_000, fansGained: 50 }).engagement).toBe(100);
  });

  it('credit: a bonus at 95+ on active days only, nothing from 80, −5 from 60, −20 below', () => {
    expect(pointsOfDay(none).credit).toBe(0);
    expect(pointsOfDay({ ...none, fansGained: 1, creditScore: 95 }).credit).toBe(2);
    expect(pointsOfDay({ ...none, fansGained: 1, creditScore: 94 }).credit).toBe(0);
    expect(pointsOfDay({ ...none, creditScore: 79 }).credit).toBe(-5);
    expect(pointsOfDay({ ...none, creditScore: 60 }).credit).toBe(-5);
    expect(pointsOfDay({ ...none, creditScore: 59 }).credit).toBe(-20);
  });

  it('a penalty never takes the balance below zero', () => {
    expect(dayEntries({ creation: 0, engagement: 0, credit: -20 }, 7)).toEqual([
      { source: 'credit', points: -7 },
    ]);
    expect(dayEntries({ creation: 10, engagement: 0, credit: -20 }, 0)).toEqual([
      { source: 'creation', points: 10 },
      { source: 'credit', points: -10 },
    ]);
    expect(dayEntries({ creation: 0, engagement: 0, credit: -5 }, 0)).toEqual([]);
    expect(dayEntries({ creation: 0, engagement: 5, credit: 2 }, 0)).toEqual([
      { source: 'engagement', points: 5 },
      { source: 'credit', points: 2 },
    ]);
  });
});

describe('levels and the floor', () => {
  it('levels by points, the next level, and the operator’s floor', () => {
    expect([0, 199, 200, 999, 1000, 2999, 3000, 7999, 8000, 19_999, 20_000, -5].map(gradeOfPoints)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 1,
    ]);
    expect(nextLevel(2)).toEqual({ grade: 3, minPoints: 1000 });
    expect(nextLevel(6)).toBeNull();
    expect(nextLevel(9)).toBeNull();
    expect(effectiveGrade(2, 3)).toBe(3);
    expect(effectiveGrade(4, 3)).toBe(4);
    expect(effectiveGrade(2, null)).toBe(2);
  });
});
