import type { BarrageState, CommentState, ContentType } from '@cc/contracts';
import { and, asc, desc, eq, getTableColumns, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { escapeLike } from '../db/like.js';
import { barrages, blockedReaders, comments } from '../modules/comment/comment.schema.js';
import { contents } from '../modules/content/content.schema.js';

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only): the author's comment
 * inbox and barrage list (issue #13, API.md §12) — the comment module's rows with their work's title from the
 * content module. Indexes: `comments_author_*_time_idx`, `barrages_author_*_time_idx`.
 */

/**
 * The most a list counts exactly (docs/api.md "Comments and barrage" `totalCapped`): past it, `total` is this bound
 * and `totalCapped` is true. Counting an author's 200,000 comments exactly took 40–200 ms of every page on
 * PostgreSQL (bench/README.md "Comments"); counting to 10,001 takes a few.
 */
export const LIST_COUNT_CAP = 10_000;

/** A page of rows with its total: exact up to `LIST_COUNT_CAP`, a lower bound (`totalCapped`) past it. */
export interface CappedPage<T> {
  rows: T[];
  total: number;
  totalCapped: boolean;
}

/**
 * The total of a list: the rows matching `where`, counted up to `LIST_COUNT_CAP` + 1. A keyword search counts
 * nothing more than the page: with few matches a count would read every row of the author (an `ILIKE` has no
 * index), so its total is what the page shows plus one when more follow (`totalCapped`).
 */
async function cappedTotal(
  db: Db,
  table: typeof comments | typeof barrages,
  where: SQL | undefined,
  page: { offset: number; fetched: number; limit: number; keyword: boolean },
): Promise<{ total: number; totalCapped: boolean }> {
  if (page.keyword) {
    const more = page.fetched > page.limit;
    return { total: page.offset + Math.min(page.fetched, page.limit) + (more ? 1 : 0), totalCapped: more };
  }
  const sub = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
  const n = row?.n ?? 0;
  return n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/** Filters of the inbox (API.md §12 `comment/list`), times already turned into instants. */
export interface CommentFilter {
  type?: ContentType;
  contentId?: number;
  state?: CommentState;
  keyword?: string;
  sort: 'time' | 'likes' | 'replies';
  from?: Date;
  /** exclusive */
  to?: Date;
  rootId?: number;
  unread?: boolean;
  readerId?: string;
}

/**
 * The inbox rows of a filter: each comment with its work's title, the name it answers and the block flag, and the
 * total (`cappedTotal`). Orders follow indexes: time `comments_author_*_time_idx`, likes and replies the partial
 * `comments_author_likes_idx` / `comments_author_replies_idx`.
 */
export async function listComments(
  db: Db,
  authorId: number,
  f: CommentFilter,
  limit: number,
  offset: number,
) {
  const where: SQL[] = [eq(comments.authorId, authorId)];
  if (f.rootId !== undefined) where.push(or(eq(comments.id, f.rootId), eq(comments.rootId, f.rootId))!);
  if (f.type) where.push(eq(comments.contentType, f.type));
  if (f.contentId !== undefined) where.push(eq(comments.contentId, f.contentId));
  where.push(f.state ? eq(comments.state, f.state) : ne(comments.state, 'deleted'));
  if (f.keyword) {
    const pattern = `%${escapeLike(f.keyword)}%`;
    where.push(or(ilike(comments.text, pattern), ilike(comments.readerName, pattern))!);
  }
  if (f.from) where.push(gte(comments.createdAt, f.from));
  if (f.to) where.push(lt(comments.createdAt, f.to));
  if (f.unread) where.push(eq(comments.isRead, false), eq(comments.isAuthor, false));
  if (f.readerId) where.push(eq(comments.readerId, f.readerId));
  const order =
    f.rootId !== undefined
      ? [asc(comments.createdAt), asc(comments.id)]
      : f.sort === 'likes'
        ? [desc(comments.likes), desc(comments.createdAt), desc(comments.id)]
        : f.sort === 'replies'
          ? [desc(comments.replyCount), desc(comments.createdAt), desc(comments.id)]
          : [desc(comments.createdAt), desc(comments.id)];
  const keyword = Boolean(f.keyword);
  const [fetched, counted] = await Promise.all([
    db
      .select({
        c: getTableColumns(comments),
        contentTitle: contents.title,
        parentReaderName: sql<
          string | null
        >`(select p.reader_name from ${comments} p where p.id = ${comments.parentId})`,
        readerBlocked: sql<boolean>`exists (select 1 from ${blockedReaders} b
          where b.author_id = ${comments.authorId} and b.reader_id = ${comments.readerId})`,
      })
      .from(comments)
      .innerJoin(contents, eq(contents.id, comments.contentId))
      .where(and(...where))
      .orderBy(...order)
      .limit(keyword ? limit + 1 : limit)
      .offset(offset),
    keyword ? null : cappedTotal(db, comments, and(...where), { offset, fetched: 0, limit, keyword }),
  ]);
  const total =
    counted ??
    (await cappedTotal(db, comments, undefined, { offset, fetched: fetched.length, limit, keyword }));
  return { rows: fetched.slice(0, limit), ...total };
}

/** Filters of `barrage/list` (API.md §12). */
export interface BarrageFilter {
  contentId?: number;
  state?: BarrageState;
  keyword?: string;
  sort: 'time' | 'position';
  readerId?: string;
}

/** The barrage rows of a filter with the work's title and the block flag, and the total (`cappedTotal`). */
export async function listBarrage(db: Db, authorId: number, f: BarrageFilter, limit: number, offset: number) {
  const where: SQL[] = [eq(barrages.authorId, authorId)];
  if (f.contentId !== undefined) where.push(eq(barrages.contentId, f.contentId));
  where.push(f.state ? eq(barrages.state, f.state) : ne(barrages.state, 'deleted'));
  if (f.keyword) {
    const pattern = `%${escapeLike(f.keyword)}%`;
    where.push(or(ilike(barrages.text, pattern), ilike(barrages.readerName, pattern))!);
  }
  if (f.readerId) where.push(eq(barrages.readerId, f.readerId));
  const order =
    f.sort === 'position'
      ? [asc(barrages.contentId), asc(barrages.positionMs), asc(barrages.id)]
      : [desc(barrages.createdAt), desc(barrages.id)];
  const keyword = Boolean(f.keyword);
  const [fetched, counted] = await Promise.all([
    db
      .select({
        b: getTableColumns(barrages),
        contentTitle: contents.title,
        readerBlocked: sql<boolean>`exists (select 1 from ${blockedReaders} br
          where br.author_id = ${barrages.authorId} and br.reader_id = ${barrages.readerId})`,
      })
      .from(barrages)
      .innerJoin(contents, eq(contents.id, barrages.contentId))
      .where(and(...where))
      .orderBy(...order)
      .limit(keyword ? limit + 1 : limit)
      .offset(offset),
    keyword ? null : cappedTotal(db, barrages, and(...where), { offset, fetched: 0, limit, keyword }),
  ]);
  const total =
    counted ??
    (await cappedTotal(db, barrages, undefined, { offset, fetched: fetched.length, limit, keyword }));
  return { rows: fetched.slice(0, limit), ...total };
}
