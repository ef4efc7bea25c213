import { creditPointsOf, ONCE_PERIOD, POINT_RULES, TASK_WORK_TYPES, type TaskKind } from '@cc/contracts';
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

/*
 * The pure rules of tasks and grades (issue #14 "Tasks", "Grades"): task periods in REPORT_TZ and the points of a
 * day by the published POINT_RULES (contracts growth.ts). No database here, so each rule has a unit test.
 */

/** A task period: its key and the instants it spans (`[start, end)`), with its calendar days (`[startDay, endDay]`). */
export interface TaskPeriod {
  /** `once`, an ISO week `2026-W48` or a month `2026-11` */
  key: string;
  /** null for `once` (all time) */
  start: Date | null;
  /** exclusive; null for `once` */
  end: Date | null;
  /** first and last calendar day (`YYYY-MM-DD`, REPORT_TZ); null for `once` */
  startDay: string | null;
  endDay: string | null;
}

/**
 * The period of a task of `kind` that contains `now`: newcomer `once`; weekly the ISO week (Monday 00:00 to the
 * next Monday, REPORT_TZ), keyed `YYYY-Www` by the ISO week-year; monthly the calendar month, keyed `YYYY-MM`.
 * @param tz IANA time zone (config `reportTz`)
 */
export function periodOf(kind: TaskKind, now: Date, tz: string): TaskPeriod {
  if (kind === 'newcomer') return { key: ONCE_PERIOD, start: null, end: null, startDay: null, endDay: null };
  const local = dayjs(now).tz(tz);
  if (kind === 'weekly') {
    const start = local.startOf('isoWeek');
    const end = start.add(1, 'week');
    return {
      key: `${local.isoWeekYear()}-W${String(local.isoWeek()).padStart(2, '0')}`,
      start: start.toDate(),
      end: end.toDate(),
      startDay: start.format('YYYY-MM-DD'),
      endDay: end.subtract(1, 'day').format('YYYY-MM-DD'),
    };
  }
  const start = local.startOf('month');
  const end = start.add(1, 'month');
  return {
    key: local.format('YYYY-MM'),
    start: start.toDate(),
    end: end.toDate(),
    startDay: start.format('YYYY-MM-DD'),
    endDay: end.subtract(1, 'day').format('YYYY-MM-DD'),
  };
}

/** The calendar day of `at` in `tz` (`YYYY-MM-DD`). */
export function dayOf(at: Date, tz: string): string {
  return dayjs(at).tz(tz).format('YYYY-MM-DD');
}

/** `day` plus `n` calendar days (`YYYY-MM-DD`; n may be negative). */
export function shiftDay(day: string, n: number): string {
  return dayjs.utc(day).add(n, 'day').format('YYYY-MM-DD');
}

/** The instant a calendar day of `tz` starts. */
export function dayStart(day: string, tz: string): Date {
  return dayjs.tz(day, tz).toDate();
}

/** Every day from `start` to `end` inclusive (`YYYY-MM-DD`), oldest first. */
export function daysFrom(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = dayjs.utc(start); !d.isAfter(dayjs.utc(end)); d = d.add(1, 'day'))
    out.push(d.format('YYYY-MM-DD'));
  return out;
}

/** What an author did on a day, as the point rules read it. */
export interface DayFacts {
  /** works published that day by type (still published), of TASK_WORK_TYPES */
  published: Partial<Record<(typeof TASK_WORK_TYPES)[number], number>>;
  /** views + plays of the author's works that day */
  plays: number;
  fansGained: number;
  /** the credit score (0–100) when the day is computed */
  creditScore: number;
}

/** A day's points by component. */
export interface DayPoints {
  creation: number;
  engagement: number;
  credit: number;
}

/**
 * The points of one day by POINT_RULES (issue #14 "Grades"): creation per published work by type up to its daily
 * cap; engagement per whole 1,000 plays and per new fan up to its cap; credit by the score's band — a bonus only on
 * a day with creation or engagement points, a penalty every day.
 */
export function pointsOfDay(facts: DayFacts): DayPoints {
  const { creation: c, engagement: e } = POINT_RULES;
  let creation = 0;
  for (const type of TASK_WORK_TYPES) creation += (facts.published[type] ?? 0) * c.perWork[type];
  creation = Math.min(creation, c.dailyCap);
  const engagement = Math.min(
    Math.floor(Math.max(0, facts.plays) / 1000) * e.per1000Plays +
      Math.max(0, facts.fansGained) * e.perNewFan,
    e.dailyCap,
  );
  const band = creditPointsOf(facts.creditScore);
  const credit = band > 0 && creation + engagement === 0 ? 0 : band;
  return { creation, engagement, credit };
}

/**
 * A day's entries as the ledger takes them, with points never below zero: a penalty larger than the balance
 * (`balance` + the day's gains) takes the balance to zero, no further.
 * @returns the entries to write, without the zero ones
 */
export function dayEntries(
  points: DayPoints,
  balance: number,
): { source: keyof DayPoints; points: number }[] {
  const gains = points.creation + points.engagement;
  const credit = Math.max(points.credit, -(Math.max(0, balance) + gains));
  return (
    [
      { source: 'creation', points: points.creation },
      { source: 'engagement', points: points.engagement },
      { source: 'credit', points: credit },
    ] as const
  ).filter((e) => e.points !== 0);
}

/**
 * The grade in force: the grade the points reach, never below the floor an operator set.
 * @param floor the operator's grade (null: none)
 */
export function effectiveGrade(pointsGrade: number, floor: number | null): number {
  return Math.max(pointsGrade, floor ?? 1);
}
