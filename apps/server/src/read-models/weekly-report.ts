import type { ContentType } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only): what the weekly data
 * reports need beyond an author's own rollups (issue #12 `dataReport`): which authors had data in a week (the
 * analytics rollups and `data_reports`, checked against `users` so a removed account gets nothing), and an
 * author's most engaged works of a week (`work_daily` with the titles of `contents`).
 */

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * The authors with data in `[start, end]` (a row of `author_daily` or `author_fans_daily`: any reader event of
 * their works, or a follow / unfollow) who exist and have no report of the week `start` yet.
 * @returns author ids, ascending
 */
export async function readReportAuthors(db: Db, start: string, end: string): Promise<number[]> {
  const result = await db.execute(sql`
    select u.id from users u
    where (
      exists (select 1 from author_daily a
        where a.author_id = u.id and a.day >= ${start}::date and a.day <= ${end}::date)
      or exists (select 1 from author_fans_daily f
        where f.author_id = u.id and f.day >= ${start}::date and f.day <= ${end}::date)
    )
    and not exists (select 1 from data_reports r where r.author_id = u.id and r.week_start = ${start}::date)
    order by u.id`);
  return rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
}

/** A work of a report, with its counts over the week. */
export interface ReportWorkRow {
  id: number;
  type: ContentType;
  title: string;
  engagement: number;
  views: number;
  plays: number;
  likes: number;
  favorites: number;
  shares: number;
}

/**
 * The author's works (not deleted) with the most engagement (views + plays + likes + favorites + shares) over
 * `[start, end]`; ties by id. Works with no engagement are left out.
 * @param limit works kept (`REPORT_TOP_WORKS`)
 */
export async function readAuthorTopWorks(
  db: Db,
  authorId: number,
  start: string,
  end: string,
  limit: number,
): Promise<ReportWorkRow[]> {
  const result = await db.execute(sql`
    select c.id, c.type, c.title, m.views, m.plays, m.likes, m.favorites, m.shares,
      (m.views + m.plays + m.likes + m.favorites + m.shares) as engagement
    from (
      select content_id, sum(views)::int as views, sum(plays)::int as plays, sum(likes)::int as likes,
        sum(favorites)::int as favorites, sum(shares)::int as shares
      from work_daily
      where author_id = ${authorId} and day >= ${start}::date and day <= ${end}::date
      group by content_id
    ) m
    join contents c on c.id = m.content_id
    where c.status <> 'deleted' and (m.views + m.plays + m.likes + m.favorites + m.shares) > 0
    order by engagement desc, c.id
    limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    type: r.type as ContentType,
    title: String(r.title),
    engagement: Number(r.engagement),
    views: Number(r.views),
    plays: Number(r.plays),
    likes: Number(r.likes),
    favorites: Number(r.favorites),
    shares: Number(r.shares),
  }));
}
