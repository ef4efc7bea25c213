import type { TrackingAction, TrackingUsage } from '@cc/contracts';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trackingEvents, trackingSettings } from './tracking.schema.js';

/*
 * The only reader and writer of the tracking tables (issue #15 "Tracking points"). Days are REPORT_TZ days: a time
 * `ts` is on day `(ts at time zone tz)::date`.
 */

/** A row to insert (the service has checked and bounded it). */
export type TrackingEventRow = typeof trackingEvents.$inferInsert;

/** The author's setting row, or undefined when never changed. */
export async function findSettings(db: Db, userId: number) {
  const [row] = await db.select().from(trackingSettings).where(eq(trackingSettings.userId, userId));
  return row;
}

/** Inserts or replaces the author's setting. */
export async function upsertSettings(db: Db, userId: number, optOut: boolean, at: Date) {
  const [row] = await db
    .insert(trackingSettings)
    .values({ userId, optOut, updatedAt: at })
    .onConflictDoUpdate({ target: trackingSettings.userId, set: { optOut, updatedAt: at } })
    .returning();
  return row!;
}

/** Events of the author received at or after `since` (the hourly rate). */
export async function countReceivedSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackingEvents)
    .where(and(eq(trackingEvents.userId, userId), gte(trackingEvents.receivedAt, since)));
  return row?.n ?? 0;
}

/**
 * Inserts the rows; a row whose `(user_id, client_id)` is already stored is skipped (idempotency).
 * @returns how many rows were new
 */
export async function insertEvents(db: Db, rows: TrackingEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(trackingEvents)
    .values(rows)
    .onConflictDoNothing({ target: [trackingEvents.userId, trackingEvents.clientId] })
    .returning({ id: trackingEvents.id });
  return inserted.length;
}

/** Deletes events that happened before `before`. @returns how many */
export async function purgeBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(trackingEvents)
    .where(lt(trackingEvents.occurredAt, before))
    .returning({ id: trackingEvents.id });
  return deleted.length;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/**
 * The operators' usage figures over REPORT_TZ days `from`..`to` (inclusive), from the tracking table only.
 * @param tz the report time zone (IANA)
 */
export async function usageFigures(
  db: Db,
  from: string,
  to: string,
  tz: string,
): Promise<Omit<TrackingUsage, 'from' | 'to' | 'timeZone'>> {
  const day = sql`(${trackingEvents.occurredAt} at time zone ${tz})::date`;
  const inPeriod = sql`${day} between ${from}::date and ${to}::date`;

  const daily = rowsOf<{ day: string; authors: number | string }>(
    await db.execute(sql`
      select d::date::text as day, coalesce(a.authors, 0) as authors
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d
      left join (
        select ${day} as day, count(distinct ${trackingEvents.userId}) as authors
        from ${trackingEvents} where ${inPeriod} group by 1
      ) a on a.day = d::date
      order by d`),
  );

  const [total] = await db
    .select({ n: sql<number>`count(distinct ${trackingEvents.userId})`.mapWith(Number) })
    .from(trackingEvents)
    .where(inPeriod);

  const funnel = rowsOf<{ uploaded: number | string; published: number | string }>(
    await db.execute(sql`
      with up as (
        select ${trackingEvents.userId} as user_id, min(${trackingEvents.occurredAt}) as first_at
        from ${trackingEvents}
        where ${inPeriod} and ${trackingEvents.action} = 'upload'
        group by 1
      )
      select
        (select count(*) from up) as uploaded,
        (select count(*) from up where exists (
          select 1 from ${trackingEvents} p
          where p.user_id = up.user_id and p.action = 'publish' and p.occurred_at >= up.first_at
            and (p.occurred_at at time zone ${tz})::date between ${from}::date and ${to}::date
        )) as published`),
  )[0];

  const topPages = await db
    .select({
      path: trackingEvents.path,
      pageTitle: sql<string>`max(${trackingEvents.pageTitle})`,
      views: sql<number>`count(*)`.mapWith(Number),
      authors: sql<number>`count(distinct ${trackingEvents.userId})`.mapWith(Number),
    })
    .from(trackingEvents)
    .where(and(inPeriod, eq(trackingEvents.kind, 'page_view')))
    .groupBy(trackingEvents.path)
    .orderBy(sql`count(*) desc`, trackingEvents.path)
    .limit(10);

  const actions = await db
    .select({
      action: sql<TrackingAction>`${trackingEvents.action}`,
      count: sql<number>`count(*)`.mapWith(Number),
      authors: sql<number>`count(distinct ${trackingEvents.userId})`.mapWith(Number),
    })
    .from(trackingEvents)
    .where(and(inPeriod, eq(trackingEvents.kind, 'action')))
    .groupBy(trackingEvents.action)
    .orderBy(trackingEvents.action);

  return {
    activeAuthors: daily.map((r) => ({ day: String(r.day), authors: Number(r.authors) })),
    totalAuthors: total?.n ?? 0,
    funnel: { uploaded: Number(funnel?.uploaded ?? 0), published: Number(funnel?.published ?? 0) },
    topPages,
    actions,
  };
}
