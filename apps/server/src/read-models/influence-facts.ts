import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { workDaily } from '../modules/analytics/analytics.schema.js';
import { certificationApplications } from '../modules/certification/certification.schema.js';
import { contents } from '../modules/content/content.schema.js';
import { users } from '../modules/user/user.schema.js';

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only): what the daily
 * influence index and the rankings (issue #12; docs/api.md "Influence index and rankings") need beyond the
 * analytics rollups — the works an author published or had refused in the window (content module), the
 * engagement of works tied to car series (the work rollup joined with the works), and the authors' names,
 * avatars, certification and field (user and certification modules).
 */

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** An author's works of the window as the index's creation and credibility terms count them. */
export interface ReviewFacts {
  /** works published in the window (by `published_at`'s day in the time zone) and still published */
  works: number;
  /** distinct days of the window with at least one of those works published */
  activeDays: number;
  /** works refused by review whose refusal falls in the window (`status` rejected, `updated_at`'s day) */
  rejected: number;
}

/**
 * Per author: works published, publishing days and works rejected within [start, end] (inclusive
 * `YYYY-MM-DD` days of `tz`). A rejected work's day is its last change (`updated_at`): a refusal is the last
 * thing that happens to a work until its author edits it, which sends it back to review. Statuses are read as
 * they are now (a day recomputed later sees later decisions).
 * @param tz IANA time zone (config `reportTz`)
 * @param only restrict to these authors (absent: every author)
 * @returns by author id; authors with none of these are absent
 */
export async function readReviewFacts(
  db: Db,
  start: string,
  end: string,
  tz: string,
  only?: readonly number[],
): Promise<Map<number, ReviewFacts>> {
  const publishedDay = sql`(${contents.publishedAt} at time zone ${tz})::date`;
  const updatedDay = sql`(${contents.updatedAt} at time zone ${tz})::date`;
  const inWindow = (d: SQL) => sql`${d} between ${start}::date and ${end}::date`;
  const published = sql`${contents.status} = 'published' and ${contents.publishedAt} is not null and ${inWindow(publishedDay)}`;
  const rejected = sql`${contents.status} = 'rejected' and ${inWindow(updatedDay)}`;
  const rows = await db
    .select({
      authorId: contents.userId,
      works: sql<string>`count(*) filter (where ${published})`,
      activeDays: sql<string>`count(distinct ${publishedDay}) filter (where ${published})`,
      rejected: sql<string>`count(*) filter (where ${rejected})`,
    })
    .from(contents)
    .where(
      and(
        sql`(${published}) or (${rejected})`,
        only ? inArray(contents.userId, only.length ? [...only] : [0]) : undefined,
      ),
    )
    .groupBy(contents.userId);
  return new Map(
    rows.map((r) => [
      r.authorId,
      { works: Number(r.works), activeDays: Number(r.activeDays), rejected: Number(r.rejected) },
    ]),
  );
}

/**
 * Per author: views + plays + likes + favorites + shares + comments within [start, end] of their works tied to
 * car series (`contents.car_series_ids` not empty), from the work rollup (the `carBuying` board). Works deleted
 * since still count (their rollups stay in the author's totals, analytics.schema.ts).
 * @param only restrict to these authors (absent: every author)
 * @returns by author id; authors without such engagement are absent
 */
export async function readCarSeriesEngagement(
  db: Db,
  start: string,
  end: string,
  only?: readonly number[],
): Promise<Map<number, number>> {
  const restrict = only
    ? sql`and w.author_id in (${sql.join(
        (only.length ? only : [0]).map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = rowsOf<{ author_id: number; n: string }>(
    await db.execute(sql`
      select w.author_id, sum(w.views + w.plays + w.likes + w.favorites + w.shares + w.comments) as n
      from ${workDaily} w
      join ${contents} c on c.id = w.content_id
      where w.day between ${start} and ${end} and jsonb_array_length(c.car_series_ids) > 0 ${restrict}
      group by w.author_id`),
  );
  return new Map(rows.map((r) => [Number(r.author_id), Math.max(0, Number(r.n))]));
}

/** An author as the rankings show and admit them. */
export interface RankAuthor {
  mediaName: string;
  avatarKey: string | null;
  /** `auth_status` 2: certified (the `leader` board) */
  certified: boolean;
  /** the field of the approved person certification, or null (the `carBuying` board) */
  field: string | null;
}

/** Status of an approved application (API.md §14 `authStatus` 2). */
const APPROVED = 2;

/**
 * The authors (role `author`) among `ids` with their name, avatar key, certification and field; ids that are no
 * author (gone, or an operator) are absent.
 */
export async function readRankAuthors(db: Db, ids: readonly number[]): Promise<Map<number, RankAuthor>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, RankAuthor>();
  if (unique.length === 0) return out;
  const [people, fields] = await Promise.all([
    db
      .select({
        id: users.id,
        mediaName: users.mediaName,
        avatarKey: users.avatarKey,
        authStatus: users.authStatus,
      })
      .from(users)
      .where(and(inArray(users.id, unique), eq(users.role, 'author'))),
    db
      .select({ userId: certificationApplications.userId, field: certificationApplications.field })
      .from(certificationApplications)
      .where(
        and(
          inArray(certificationApplications.userId, unique),
          eq(certificationApplications.status, APPROVED),
          eq(certificationApplications.kind, 'person'),
        ),
      )
      .orderBy(desc(certificationApplications.id)),
  ]);
  const fieldOf = new Map<number, string | null>();
  // newest approved application first: the first seen is the author's field
  for (const f of fields) if (!fieldOf.has(f.userId)) fieldOf.set(f.userId, f.field ?? null);
  for (const p of people) {
    out.set(p.id, {
      mediaName: p.mediaName,
      avatarKey: p.avatarKey,
      certified: p.authStatus === APPROVED,
      field: fieldOf.get(p.id) ?? null,
    });
  }
  return out;
}
