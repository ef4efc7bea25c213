import type { DataReportBody } from '@cc/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dataReports } from './analytics.schema.js';

/*
 * SQL of the weekly data reports (issue #12 `dataReport`): the only code that reads or writes `data_reports`
 * (analytics.schema.ts). Kept beside analytics.repo.ts rather than in it, so the reports stay one reviewable unit.
 */

/** A stored report. */
export type ReportRow = typeof dataReports.$inferSelect;

/**
 * Stores the report of one author and week unless it exists (ON CONFLICT DO NOTHING on the primary key
 * `(author_id, week_start)`): idempotent, and safe when two workers make the same report at once.
 * @returns true when this call stored it (the caller then sends the message, in the same transaction)
 */
export async function insertReport(
  tx: Db,
  row: { authorId: number; weekStart: string; body: DataReportBody; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(dataReports)
    .values({ ...row, version: 1 })
    .onConflictDoNothing()
    .returning({ authorId: dataReports.authorId });
  return inserted.length > 0;
}

/** The author's reports, newest week first, and how many there are. */
export async function listReports(
  db: Db,
  authorId: number,
  limit: number,
  offset: number,
): Promise<{ rows: ReportRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dataReports)
      .where(eq(dataReports.authorId, authorId))
      .orderBy(desc(dataReports.weekStart))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(dataReports).where(eq(dataReports.authorId, authorId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The author's report of the week starting `weekStart`, or undefined. */
export async function findReport(
  db: Db,
  authorId: number,
  weekStart: string,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataReports)
    .where(and(eq(dataReports.authorId, authorId), eq(dataReports.weekStart, weekStart)))
    .limit(1);
  return row;
}
