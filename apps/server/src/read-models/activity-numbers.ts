import type { ActivityNumbers, ContentStatus, ContentType } from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Read model of activities (issue #15 "Activities"; SELECT only, the rules of read-models/home-overview.ts): the
 * numbers of entries computed from the audience data, and the facts of works, authors and topics the activity
 * pages show. It names other modules' tables in SQL only.
 *
 * The numbers of entry (work W of author A) in the window [from, to) — the activity's entry window:
 * - views: W's `view` events (reader_events) with `at` in the window (the `views` metric of the data pages);
 * - likes: W's effective `like` events minus effective `unlike` events in the window (the rollup's `likes`);
 * - comments: readers' comments on W (comments table, author replies excluded, held ones included: the rollup's
 *   `comments`) written in the window;
 * - fans: distinct readers whose effective `follow` of A falls in the window after that reader viewed or played
 *   W in the window (same site and reader id): new fans the entry brought, so two entries of one author do not
 *   both count a fan the other brought unless the reader saw both.
 * Events outside the window count nowhere. Every events query bounds `day` (the partition key, REPORT_TZ) too.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

const dayOf = (at: Date, tz: string) => dayjs(at).tz(tz).format('YYYY-MM-DD');

/** The window of an activity: [from, to) in time; `tz` is REPORT_TZ (the events' day partitions). */
export interface NumbersWindow {
  from: Date;
  to: Date;
  tz: string;
}

/**
 * The numbers of works in a window (see the file's comment).
 * @param works the entered works and their authors
 * @returns by work id; every given work present (zeros when nothing arrived)
 */
export async function readEntryNumbers(
  db: Db,
  w: NumbersWindow,
  works: { contentId: number; authorId: number }[],
): Promise<Map<number, ActivityNumbers>> {
  const out = new Map<number, ActivityNumbers>();
  for (const x of works) out.set(x.contentId, { views: 0, likes: 0, comments: 0, fans: 0 });
  if (works.length === 0) return out;
  const ids = sql.param([...new Set(works.map((x) => x.contentId))]);
  const authors = sql.param([...new Set(works.map((x) => x.authorId))]);
  const from = w.from.toISOString();
  const to = (w.to < w.from ? w.from : w.to).toISOString();
  const fromDay = dayOf(w.from, w.tz);
  const toDay = dayOf(w.to < w.from ? w.from : w.to, w.tz);
  const inWindow = (alias: string) =>
    sql`${sql.raw(alias)}.day >= ${fromDay}::date and ${sql.raw(alias)}.day <= ${toDay}::date
      and ${sql.raw(alias)}.at >= ${from}::timestamptz and ${sql.raw(alias)}.at < ${to}::timestamptz`;
  const [traffic, comments, fans] = await Promise.all([
    db.execute(sql`
      select e.content_id as id,
        count(*) filter (where e.type = 'view')::int as views,
        (count(*) filter (where e.type = 'like' and e.effective)
          - count(*) filter (where e.type = 'unlike' and e.effective))::int as likes
      from reader_events e
      where e.content_id = any(${ids}::int4[]) and e.type in ('view', 'like', 'unlike') and ${inWindow('e')}
      group by 1`),
    db.execute(sql`
      select c.content_id as id, count(*)::int as n
      from comments c
      where c.content_id = any(${ids}::int4[]) and not c.is_author
        and c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz
      group by 1`),
    db.execute(sql`
      select s.content_id as id, count(distinct f.site || ':' || f.reader_id)::int as n
      from reader_events f
      join (
        select e.content_id, e.author_id, e.site, e.reader_id, min(e.at) as first_at
        from reader_events e
        where e.content_id = any(${ids}::int4[]) and e.type in ('view', 'play') and ${inWindow('e')}
        group by 1, 2, 3, 4
      ) s on s.author_id = f.author_id and s.site = f.site and s.reader_id = f.reader_id and s.first_at <= f.at
      where f.author_id = any(${authors}::int4[]) and f.type = 'follow' and f.effective and ${inWindow('f')}
      group by 1`),
  ]);
  for (const r of rowsOf<{ id: number; views: number; likes: number }>(traffic)) {
    const n = out.get(Number(r.id));
    if (n) {
      n.views = Number(r.views);
      n.likes = Number(r.likes);
    }
  }
  for (const r of rowsOf<{ id: number; n: number }>(comments)) {
    const n = out.get(Number(r.id));
    if (n) n.comments = Number(r.n);
  }
  for (const r of rowsOf<{ id: number; n: number }>(fans)) {
    const n = out.get(Number(r.id));
    if (n) n.fans = Number(r.n);
  }
  return out;
}

/** A work as entering needs it. */
export interface WorkFacts {
  id: number;
  userId: number;
  type: ContentType;
  status: ContentStatus;
  title: string;
  publishedAt: Date | null;
}

/** One work (any author's, not deleted), or null. */
export async function readWork(db: Db, id: number): Promise<WorkFacts | null> {
  const r = rowsOf<{
    id: number;
    user_id: number;
    type: ContentType;
    status: ContentStatus;
    title: string;
    published_at: string | Date | null;
  }>(
    await db.execute(sql`
      select id, user_id, type, status, title, published_at from contents
      where id = ${id} and status <> 'deleted'`),
  )[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    type: r.type,
    status: r.status,
    title: r.title,
    publishedAt: r.published_at === null ? null : new Date(r.published_at),
  };
}

/**
 * The author's published works of the given types, newest first (the works that may enter).
 * @param exclude work ids already entered
 */
export async function readPublishedWorks(
  db: Db,
  userId: number,
  types: ContentType[],
  exclude: number[],
): Promise<WorkFacts[]> {
  if (types.length === 0) return [];
  const rows = rowsOf<{
    id: number;
    user_id: number;
    type: ContentType;
    status: ContentStatus;
    title: string;
    published_at: string | Date | null;
  }>(
    await db.execute(sql`
      select id, user_id, type, status, title, published_at from contents
      where user_id = ${userId} and status = 'published' and type = any(${sql.param(types)}::text[])
        and not (id = any(${sql.param(exclude)}::int4[]))
      order by published_at desc nulls last, id desc
      limit 200`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    type: r.type,
    status: r.status,
    title: r.title,
    publishedAt: r.published_at === null ? null : new Date(r.published_at),
  }));
}

/** Titles, types and author names of works, by id. */
export async function readWorkLabels(
  db: Db,
  ids: number[],
): Promise<Map<number, { title: string; type: ContentType; authorName: string }>> {
  const out = new Map<number, { title: string; type: ContentType; authorName: string }>();
  if (ids.length === 0) return out;
  const rows = rowsOf<{ id: number; title: string; type: ContentType; media_name: string }>(
    await db.execute(sql`
      select c.id, c.title, c.type, u.media_name from contents c join users u on u.id = c.user_id
      where c.id = any(${sql.param([...new Set(ids)])}::int4[])`),
  );
  for (const r of rows) out.set(Number(r.id), { title: r.title, type: r.type, authorName: r.media_name });
  return out;
}

/** Topic names by id (zh-CN and en-US). */
export async function readTopicNames(
  db: Db,
  ids: number[],
): Promise<Map<number, { name: string; nameEn: string }>> {
  const out = new Map<number, { name: string; nameEn: string }>();
  if (ids.length === 0) return out;
  const rows = rowsOf<{ id: number; name: string; name_en: string }>(
    await db.execute(sql`
      select id, name, name_en from topics where id = any(${sql.param([...new Set(ids)])}::int4[])`),
  );
  for (const r of rows) out.set(Number(r.id), { name: r.name, nameEn: r.name_en });
  return out;
}
