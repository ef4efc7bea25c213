import { TASK_WORK_TYPES } from '@cc/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authorDaily, authorFansDaily } from '../modules/analytics/analytics.schema.js';
import { contents } from '../modules/content/content.schema.js';
import { users } from '../modules/user/user.schema.js';

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only): what task progress and
 * the daily growth points (issue #14 "Tasks", "Grades"; docs/api.md "Tasks and grades") count, always from real data —
 * published works (content module), the audience rollups `author_daily` and `author_fans_daily` (analytics), and the
 * profile and certification state on `users` (user module). Works count while they are published (`status`
 * published, not deleted): a work deleted or taken down no longer counts.
 */

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** A window of a task period: instants `[start, end)` and calendar days `[startDay, endDay]`; nulls = all time. */
export interface ProgressWindow {
  key: string;
  start: Date | null;
  end: Date | null;
  startDay: string | null;
  endDay: string | null;
}

/** What an author did within one window. */
export interface WindowCounts {
  /** published articles */
  articles: number;
  /** published videos and short videos */
  videos: number;
  /** published works of TASK_WORK_TYPES */
  works: number;
  /** views + plays of the author's works */
  plays: number;
  /** follows gained */
  fansGained: number;
}

/** An author's task facts: counts per window key, and the profile and certification state. */
export interface TaskFacts {
  windows: Map<string, WindowCounts>;
  /** an avatar of one's own (not the default) */
  avatarSet: boolean;
  /** a media name that is not the account name */
  mediaNameOwn: boolean;
  /** `auth_status` 2 */
  certified: boolean;
}

const WORK_TYPES_SQL = sql.join(
  TASK_WORK_TYPES.map((t) => sql`${t}`),
  sql`, `,
);

/**
 * The facts of every window for one author, in three queries whatever the number of windows (one per table).
 * @returns null when the user does not exist
 */
export async function readTaskFacts(
  db: Db,
  userId: number,
  windows: readonly ProgressWindow[],
): Promise<TaskFacts | null> {
  const [user] = await db
    .select({
      avatarKey: users.avatarKey,
      mediaName: users.mediaName,
      account: users.account,
      authStatus: users.authStatus,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;

  const published = sql`${contents.status} = 'published' and ${contents.deletedAt} is null and ${contents.publishedAt} is not null`;
  const inWindow = (w: ProgressWindow): SQL =>
    w.start && w.end
      ? sql`${contents.publishedAt} >= ${w.start.toISOString()}::timestamptz and ${contents.publishedAt} < ${w.end.toISOString()}::timestamptz`
      : sql`true`;
  const dayIn = (col: SQL, w: ProgressWindow): SQL =>
    w.startDay && w.endDay ? sql`${col} between ${w.startDay}::date and ${w.endDay}::date` : sql`true`;

  const workCols = windows.flatMap((w, i) => [
    sql`count(*) filter (where ${inWindow(w)} and ${contents.type} = 'article') as ${sql.raw(`a${i}`)}`,
    sql`count(*) filter (where ${inWindow(w)} and ${contents.type} in ('video', 'smallVideo')) as ${sql.raw(`v${i}`)}`,
    sql`count(*) filter (where ${inWindow(w)} and ${contents.type} in (${WORK_TYPES_SQL})) as ${sql.raw(`w${i}`)}`,
  ]);
  const playCols = windows.map(
    (w, i) =>
      sql`coalesce(sum(${authorDaily.views} + ${authorDaily.plays}) filter (where ${dayIn(sql`${authorDaily.day}`, w)}), 0) as ${sql.raw(`p${i}`)}`,
  );
  const fanCols = windows.map(
    (w, i) =>
      sql`coalesce(sum(${authorFansDaily.gained}) filter (where ${dayIn(sql`${authorFansDaily.day}`, w)}), 0) as ${sql.raw(`f${i}`)}`,
  );
  const none = windows.length === 0;
  const [works, plays, fans] = none
    ? [{}, {}, {}]
    : await Promise.all([
        db
          .execute(
            sql`select ${sql.join(workCols, sql`, `)} from ${contents} where ${contents.userId} = ${userId} and ${published}`,
          )
          .then((r) => rowsOf<Record<string, string | number>>(r)[0] ?? {}),
        db
          .execute(
            sql`select ${sql.join(playCols, sql`, `)} from ${authorDaily} where ${authorDaily.authorId} = ${userId}`,
          )
          .then((r) => rowsOf<Record<string, string | number>>(r)[0] ?? {}),
        db
          .execute(
            sql`select ${sql.join(fanCols, sql`, `)} from ${authorFansDaily} where ${authorFansDaily.authorId} = ${userId}`,
          )
          .then((r) => rowsOf<Record<string, string | number>>(r)[0] ?? {}),
      ]);
  const n = (row: Record<string, string | number>, key: string) => Math.max(0, Number(row[key] ?? 0));
  const out = new Map<string, WindowCounts>();
  windows.forEach((w, i) =>
    out.set(w.key, {
      articles: n(works, `a${i}`),
      videos: n(works, `v${i}`),
      works: n(works, `w${i}`),
      plays: n(plays, `p${i}`),
      fansGained: n(fans, `f${i}`),
    }),
  );
  return {
    windows: out,
    avatarSet: user.avatarKey !== null,
    mediaNameOwn: user.mediaName.trim().toLowerCase() !== user.account.trim().toLowerCase(),
    certified: user.authStatus === 2,
  };
}

/** What the point rules read of one author's closed day. */
export interface AuthorDayFacts {
  /** works published that day (still published) by type, of TASK_WORK_TYPES */
  published: Partial<Record<(typeof TASK_WORK_TYPES)[number], number>>;
  /** views + plays of the author's works that day */
  plays: number;
  fansGained: number;
}

/**
 * Per author: the works published on `day` (REPORT_TZ; by `published_at`, still published), the day's views + plays
 * (`author_daily`) and follows gained (`author_fans_daily`).
 * @param tz IANA time zone (config `reportTz`)
 * @param only restrict to these authors (absent: every author)
 * @returns by author id; authors with none of these are absent
 */
export async function readAuthorDayFacts(
  db: Db,
  day: string,
  tz: string,
  only?: readonly number[],
): Promise<Map<number, AuthorDayFacts>> {
  const restrict = (col: SQL) =>
    only
      ? sql`and ${col} in (${sql.join(
          (only.length ? only : [0]).map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const [works, plays, fans] = await Promise.all([
    db.execute(sql`
      select ${contents.userId} as author_id, ${contents.type} as type, count(*) as n
      from ${contents}
      where ${contents.status} = 'published' and ${contents.deletedAt} is null and ${contents.publishedAt} is not null
        and (${contents.publishedAt} at time zone ${tz})::date = ${day}::date
        and ${contents.type} in (${WORK_TYPES_SQL}) ${restrict(sql`${contents.userId}`)}
      group by ${contents.userId}, ${contents.type}`),
    db.execute(sql`
      select ${authorDaily.authorId} as author_id, sum(${authorDaily.views} + ${authorDaily.plays}) as n
      from ${authorDaily}
      where ${authorDaily.day} = ${day}::date ${restrict(sql`${authorDaily.authorId}`)}
      group by ${authorDaily.authorId}`),
    db.execute(sql`
      select ${authorFansDaily.authorId} as author_id, ${authorFansDaily.gained} as n
      from ${authorFansDaily}
      where ${authorFansDaily.day} = ${day}::date ${restrict(sql`${authorFansDaily.authorId}`)}`),
  ]);
  const out = new Map<number, AuthorDayFacts>();
  const of = (id: number) => {
    let f = out.get(id);
    if (!f) {
      f = { published: {}, plays: 0, fansGained: 0 };
      out.set(id, f);
    }
    return f;
  };
  for (const r of rowsOf<{
    author_id: number | string;
    type: (typeof TASK_WORK_TYPES)[number];
    n: string | number;
  }>(works))
    of(Number(r.author_id)).published[r.type] = Number(r.n);
  for (const r of rowsOf<{ author_id: number | string; n: string | number }>(plays))
    of(Number(r.author_id)).plays = Math.max(0, Number(r.n));
  for (const r of rowsOf<{ author_id: number | string; n: string | number }>(fans))
    of(Number(r.author_id)).fansGained = Math.max(0, Number(r.n));
  return out;
}

/**
 * The authors (role `author`) whose account existed before `before` (the end of the day computed), ascending.
 * @param only restrict to these ids (absent: every author)
 */
export async function readGrowthAuthors(db: Db, before: Date, only?: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'author'),
        sql`${users.createdAt} < ${before.toISOString()}::timestamptz`,
        only ? inArray(users.id, only.length ? [...only] : [0]) : undefined,
      ),
    )
    .orderBy(users.id);
  return rows.map((r) => r.id);
}
