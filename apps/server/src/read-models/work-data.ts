import type { ContentType, WorkListItem } from '@cc/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/*
 * Read model (rules in read-models/home-overview.ts): the per-work data table (API.md §11 `data/work_list`,
 * issue #12 `workData`): the author's published works (content module) with their metrics over a period from
 * the work rollup (analytics module), sorted and paged in SQL.
 */

/** The filters and order of the work table. */
export interface WorkDataQuery {
  authorId: number;
  /** inclusive `YYYY-MM-DD` range of the rollup days */
  start: string;
  end: string;
  type?: ContentType;
  keyword?: string;
  sort: string;
  order: 'asc' | 'desc';
}

/** Sort key → SQL expression over the joined row (`c` = contents, `m` = the period's sums). */
const SORT_EXPRESSIONS: Record<string, string> = {
  publishedAt: 'c.published_at',
  impressions: 'coalesce(m.impressions, 0)',
  views: 'coalesce(m.views, 0)',
  plays: 'coalesce(m.plays, 0)',
  watchMs: 'coalesce(m.watch_ms, 0)',
  completionRate: 'case when coalesce(m.plays, 0) > 0 then m.completed_plays::float8 / m.plays else 0 end',
  exitRate3s: 'case when coalesce(m.plays, 0) > 0 then m.short_plays::float8 / m.plays else 0 end',
  likes: 'coalesce(m.likes, 0)',
  favorites: 'coalesce(m.favorites, 0)',
  shares: 'coalesce(m.shares, 0)',
  comments: 'coalesce(m.comments, 0)',
  barrages: 'coalesce(m.barrages, 0)',
};

/** One row: the work and its period's counter sums. */
export interface WorkDataRow {
  id: number;
  type: ContentType;
  title: string;
  publishedAt: Date | null;
  impressions: number;
  views: number;
  plays: number;
  watchMs: number;
  completedPlays: number;
  shortPlays: number;
  likes: number;
  favorites: number;
  shares: number;
  comments: number;
  barrages: number;
}

function whereOf(q: WorkDataQuery): SQL {
  const parts: SQL[] = [
    sql`c.user_id = ${q.authorId}`,
    sql`c.published_at is not null`,
    sql`c.status <> 'deleted'`,
  ];
  if (q.type) parts.push(sql`c.type = ${q.type}`);
  if (q.keyword) parts.push(sql`strpos(lower(c.title), lower(${q.keyword})) > 0`);
  return sql.join(parts, sql` and `);
}

/**
 * A page of the author's works with their metrics over [start, end], and how many works match.
 * @param limit rows (pageSize); `offset` rows skipped
 */
export async function readWorkData(
  db: Db,
  q: WorkDataQuery,
  limit: number,
  offset: number,
): Promise<{ rows: WorkDataRow[]; total: number }> {
  const orderExpr = SORT_EXPRESSIONS[q.sort] ?? SORT_EXPRESSIONS.publishedAt!;
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const where = whereOf(q);
  const [page, count] = await Promise.all([
    db.execute(sql`
      select c.id, c.type, c.title, c.published_at,
        coalesce(m.impressions, 0) as impressions, coalesce(m.views, 0) as views, coalesce(m.plays, 0) as plays,
        coalesce(m.watch_ms, 0) as watch_ms, coalesce(m.completed_plays, 0) as completed_plays,
        coalesce(m.short_plays, 0) as short_plays, coalesce(m.likes, 0) as likes,
        coalesce(m.favorites, 0) as favorites, coalesce(m.shares, 0) as shares,
        coalesce(m.comments, 0) as comments, coalesce(m.barrages, 0) as barrages
      from contents c
      left join (
        select content_id, sum(impressions) as impressions, sum(views) as views, sum(plays) as plays,
          sum(watch_ms) as watch_ms, sum(completed_plays) as completed_plays, sum(short_plays) as short_plays,
          sum(likes) as likes, sum(favorites) as favorites, sum(shares) as shares, sum(comments) as comments,
          sum(barrages) as barrages
        from work_daily
        where author_id = ${q.authorId} and day >= ${q.start} and day <= ${q.end}
        group by content_id
      ) m on m.content_id = c.id
      where ${where}
      order by ${sql.raw(`${orderExpr} ${dir} nulls last`)}, c.id desc
      limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*) as n from contents c where ${where}`),
  ]);
  const rows = ((page as { rows: Record<string, unknown>[] }).rows ?? []).map((r) => ({
    id: Number(r.id),
    type: r.type as ContentType,
    title: String(r.title),
    publishedAt: r.published_at ? new Date(r.published_at as string) : null,
    impressions: Number(r.impressions),
    views: Number(r.views),
    plays: Number(r.plays),
    watchMs: Number(r.watch_ms),
    completedPlays: Number(r.completed_plays),
    shortPlays: Number(r.short_plays),
    likes: Number(r.likes),
    favorites: Number(r.favorites),
    shares: Number(r.shares),
    comments: Number(r.comments),
    barrages: Number(r.barrages),
  }));
  const total = Number((count as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  return { rows, total };
}

/** Lifetime totals per work (every day of the rollup), for the content lists' `stats` (API.md §9). */
export async function readWorkTotals(
  db: Db,
  ids: number[],
): Promise<Map<number, { views: number; plays: number; likes: number; comments: number; shares: number }>> {
  const out = new Map<
    number,
    { views: number; plays: number; likes: number; comments: number; shares: number }
  >();
  if (ids.length === 0) return out;
  const result = await db.execute(sql`
    select content_id, sum(views) as views, sum(plays) as plays, sum(likes) as likes, sum(comments) as comments,
      sum(shares) as shares
    from work_daily where content_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) group by content_id`);
  for (const r of (result as { rows: Record<string, string>[] }).rows ?? []) {
    out.set(Number(r.content_id), {
      views: Number(r.views),
      plays: Number(r.plays),
      likes: Math.max(0, Number(r.likes)),
      comments: Number(r.comments),
      shares: Number(r.shares),
    });
  }
  return out;
}

/** The row as `work_list` answers it. */
export function toWorkListItem(
  r: WorkDataRow,
  metrics: (s: WorkDataRow) => Omit<WorkListItem, 'id' | 'type' | 'title' | 'publishedAt'>,
): WorkListItem {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    ...metrics(r),
  };
}
