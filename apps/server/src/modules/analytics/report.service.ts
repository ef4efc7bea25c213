import {
  type DataReport,
  type DataReportBody,
  type DataReportList,
  engagementOf,
  isMonday,
  REPORT_TOP_WORKS,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readAuthorTopWorks, readReportAuthors } from '../../read-models/weekly-report.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import { addDays, dayIn } from './analytics.rules.js';
import { postgresAnalytics } from './analytics.service.js';
import * as repo from './report.repo.js';

/*
 * Weekly data reports (issue #12 `dataReport`; docs/api.md "Creative trends and topics"): every Monday 09:00
 * `REPORT_TZ` the `data-report` job (jobs/data-report.ts) makes, for every author with data, the report of the week
 * that ended (Monday–Sunday in `REPORT_TZ`), stores it once per author and week, and tells the author in a message.
 */

/** The report hour: 09:00 local time on Mondays (issue #12). */
export const REPORT_HOUR = 9;

const localHour = new Map<string, Intl.DateTimeFormat>();

/**
 * The Monday of the week whose report is due at `now` (the last complete week, Monday–Sunday in `tz`, once its
 * Monday 09:00 has passed): from Monday 09:00 on, the week that just ended; before it, the week before that.
 * Sunday 2026-11-22 → `2026-11-09`; Monday 2026-11-23 08:59 → `2026-11-09`; 09:00 → `2026-11-16`.
 * @param tz `REPORT_TZ`
 * @returns `YYYY-MM-DD`, a Monday
 */
export function dueReportWeek(now: Date, tz: string): string {
  const today = dayIn(now, tz);
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const monday = addDays(today, -((dow + 6) % 7));
  let f = localHour.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' });
    localHour.set(tz, f);
  }
  const hour = Number(f.format(now));
  const beforeReportTime = today === monday && hour < REPORT_HOUR;
  return addDays(monday, beforeReportTime ? -14 : -7);
}

/**
 * The report of one author and week, from the rollups: the week's metrics and the week before's (API.md §11,
 * through `postgresAnalytics.overview` over the 7 days ending Sunday), engagement (views + plays + likes +
 * favorites + shares), each day, the best day (most engagement; the earliest of a tie; null when none above 0),
 * and the top `REPORT_TOP_WORKS` works by engagement.
 * @param weekStart a Monday (`YYYY-MM-DD`); the rollups' days are already `REPORT_TZ` days
 */
export async function buildWeeklyReport(
  db: Db,
  authorId: number,
  weekStart: string,
): Promise<DataReportBody> {
  const weekEnd = addDays(weekStart, 6);
  // WARNING: `overview` reads "7d" as the 7 days before the day of `now` in its time zone. Noon UTC of the Monday
  // after the week in UTC names exactly [weekStart, weekEnd]; the rollups' days are REPORT_TZ days already.
  const analytics = postgresAnalytics(db, { reportTz: 'UTC' });
  const [overview, top] = await Promise.all([
    analytics.overview(authorId, '7d', undefined, new Date(`${addDays(weekStart, 7)}T12:00:00Z`)),
    readAuthorTopWorks(db, authorId, weekStart, weekEnd, REPORT_TOP_WORKS),
  ]);
  if (overview.range.start !== weekStart || overview.range.end !== weekEnd || !overview.previous) {
    throw new Error(`weekly report: range ${overview.range.start}…${overview.range.end} is not ${weekStart}`);
  }
  const days = overview.trend.map((d) => ({
    date: d.date,
    engagement: engagementOf(d),
    views: d.views,
    plays: d.plays,
    fansNet: d.fansNet,
  }));
  let bestDay: DataReportBody['bestDay'] = null;
  for (const d of days) {
    if (d.engagement > 0 && (!bestDay || d.engagement > bestDay.engagement))
      bestDay = { date: d.date, engagement: d.engagement };
  }
  return {
    weekEnd,
    metrics: overview.metrics,
    previous: overview.previous,
    engagement: engagementOf(overview.metrics),
    previousEngagement: engagementOf(overview.previous),
    days,
    bestDay,
    topWorks: top,
  };
}

/**
 * Makes the reports of the week starting `weekStart` for every author with data that week (a reader event of
 * their works or a follow / unfollow, `readReportAuthors`) who has none yet. Each author's report is stored and
 * their message (kind `data_report`, group 8, link `/dataReport?week=<weekStart>`) sent in ONE transaction, and the
 * report is inserted ON CONFLICT DO NOTHING: running it again, or on two servers at once, makes no second report
 * and no second message.
 * @param weekStart a Monday (`YYYY-MM-DD`, `dueReportWeek`)
 * @param now the reports' `createdAt`
 * @returns authors looked at and reports made by this call
 * @throws Error when `weekStart` is not a Monday (a programming error)
 */
export async function generateWeeklyReports(
  db: Db,
  weekStart: string,
  now: Date,
): Promise<{ authors: number; created: number }> {
  if (!isMonday(weekStart)) throw new Error(`weekly report: ${weekStart} is not a Monday`);
  const weekEnd = addDays(weekStart, 6);
  const authors = await readReportAuthors(db, weekStart, weekEnd);
  let created = 0;
  for (const authorId of authors) {
    const body = await buildWeeklyReport(db, authorId, weekStart);
    const stored = await db.transaction(async (tx) => {
      if (!(await repo.insertReport(tx, { authorId, weekStart, body, createdAt: now }))) return false;
      await sendSystemMessage(tx, {
        userId: authorId,
        ...kindMessage(
          'data_report',
          {
            weekStart,
            start: weekStart,
            end: weekEnd,
            views: body.metrics.views,
            fansNet: body.metrics.fansNet,
          },
          `/dataReport?week=${weekStart}`,
        ),
      });
      return true;
    });
    if (stored) created += 1;
  }
  return { authors: authors.length, created };
}

const isoOf = (d: Date | string) => new Date(d).toISOString();

/**
 * `GET /api/data/report_list { page, pageSize }` (docs/api.md "Creative trends and topics"): the author's reports,
 * newest week first, each with its headline numbers (engagement, views, net followers).
 */
export async function listReports(
  db: Db,
  authorId: number,
  page: number,
  pageSize: number,
): Promise<DataReportList> {
  const { rows, total } = await repo.listReports(db, authorId, pageSize, (page - 1) * pageSize);
  return {
    list: rows.map((r) => {
      const body = r.body as DataReportBody;
      return {
        weekStart: r.weekStart,
        weekEnd: body.weekEnd,
        createdAt: isoOf(r.createdAt),
        engagement: body.engagement,
        views: body.metrics.views,
        fansNet: body.metrics.fansNet,
      };
    }),
    total,
    page,
    pageSize,
  };
}

/**
 * `GET /api/data/report_detail { weekStart }`: the author's report of that week.
 * @throws AppError NOT_FOUND (10006, `REPORT_NOT_FOUND`) when the author has none for the week — whether or not
 *   another author has (no existence leak, API.md §3)
 */
export async function getReport(db: Db, authorId: number, weekStart: string): Promise<DataReport> {
  const row = await repo.findReport(db, authorId, weekStart);
  if (!row) throw new AppError('NOT_FOUND', 'REPORT_NOT_FOUND');
  return {
    ...(row.body as DataReportBody),
    weekStart: row.weekStart,
    createdAt: isoOf(row.createdAt),
    version: row.version,
  };
}
