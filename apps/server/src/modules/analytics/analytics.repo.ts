import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ContentType } from '@cc/contracts';
import type { Db } from '../../db/client.js';
import {
  authorDaily,
  authorFansDaily,
  eventIds,
  readerProfiles,
  readerStates,
  workDaily,
  workSourceDaily,
} from './analytics.schema.js';
import { addDays, type BatchRollup, type PreparedEvent, stateChangeOf, stateKey } from './analytics.rules.js';

/*
 * SQL of the analytics module (issue #12): partitions, the ingest transaction, the rollups and what the pages
 * read from them. Only this file touches the analytics tables.
 */

/** The partition of `day` (`YYYY-MM-DD`): `reader_events_pYYYYMMDD`. */
export const partitionName = (day: string) => `reader_events_p${day.replaceAll('-', '')}`;

const knownPartitions = new WeakMap<object, Set<string>>();

/**
 * Creates the day partitions of `reader_events` that `days` need and this process has not seen yet (IF NOT
 * EXISTS, under a transaction-scoped advisory lock so two servers creating the same day do not collide).
 * @param days `YYYY-MM-DD`
 */
export async function ensurePartitions(db: Db, days: Iterable<string>): Promise<void> {
  let known = knownPartitions.get(db);
  if (!known) knownPartitions.set(db, (known = new Set()));
  const missing = [...new Set(days)].filter((d) => !known.has(d)).sort();
  if (missing.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reader_events partitions'))`);
    for (const day of missing) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
      await tx.execute(
        sql.raw(
          `create table if not exists "${partitionName(day)}" partition of reader_events ` +
            `for values from ('${day}') to ('${addDays(day, 1)}')`,
        ),
      );
    }
  });
  for (const day of missing) known.add(day);
}

/** Forgets the partitions this process has seen (after a drop), so `ensurePartitions` checks again. */
export function forgetPartitions(db: Db): void {
  knownPartitions.delete(db);
}

/**
 * Drops the partitions of days before `cutoff` and the event ids of those days (EVENT_RETENTION_DAYS).
 * @returns the dropped partitions' names
 */
export async function dropPartitionsBefore(db: Db, cutoff: string): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'reader_events'`);
  const old = rowsOf<{ name: string }>(result)
    .map((r) => r.name)
    .filter((n) => /^reader_events_p\d{8}$/.test(n))
    .filter((n) => {
      const d = n.slice(-8);
      return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}` < cutoff;
    });
  for (const name of old) await db.execute(sql.raw(`drop table if exists "${name}"`));
  await db.delete(eventIds).where(sql`${eventIds.day} < ${cutoff}`);
  forgetPartitions(db);
  return old;
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** What one stored batch did. */
export interface StoredBatch {
  /** indexes of the events stored (new ids) */
  storedIndexes: number[];
  /** indexes of the events whose id the site had sent before */
  duplicateIndexes: number[];
}

/**
 * Stores a batch of validated events in ONE transaction (API.md §10 "accepted means durable": the caller
 * answers after this resolves, i.e. after COMMIT): the new ids (ON CONFLICT DO NOTHING on the unique
 * (site, event_id) — no read-then-write), the state rules under row locks, the readers' profiles, the raw
 * events (one multi-row INSERT) and the rollup increments (one upsert per rollup table). Keys are sorted so
 * concurrent batches lock rows in the same order.
 * @param fold turns the stored events and their state verdicts into rollup increments (analytics.rules.ts)
 */
export async function storeBatch(
  db: Db,
  site: string,
  events: PreparedEvent[],
  receivedAt: Date,
  applyRules: (stored: PreparedEvent[], states: Map<string, boolean>) => Map<number, boolean>,
  fold: (stored: PreparedEvent[], effective: Map<number, boolean>) => BatchRollup,
): Promise<StoredBatch> {
  if (events.length === 0) return { storedIndexes: [], duplicateIndexes: [] };
  // the profiles the site told before, read without locks: unchanged ones are not written again
  const withProfile = [...new Set(events.filter((e) => e.reader).map((e) => e.readerId))];
  const knownProfiles = new Map(
    withProfile.length === 0
      ? []
      : (
          await db
            .select({
              readerId: readerProfiles.readerId,
              gender: readerProfiles.gender,
              ageBand: readerProfiles.ageBand,
              region: readerProfiles.region,
              device: readerProfiles.device,
            })
            .from(readerProfiles)
            .where(and(eq(readerProfiles.site, site), inArray(readerProfiles.readerId, withProfile)))
        ).map((p) => [p.readerId, p] as const),
  );
  return db.transaction(async (tx) => {
    // 1. idempotency: the ids this site has not sent before (a repeat within the batch is a duplicate too)
    // in id order, so two batches in flight that share ids lock them in the same order (no deadlock)
    const byId = [...events].sort((a, b) => (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
    const inserted = rowsOf<{ event_id: string }>(
      await tx.execute(sql`
        insert into event_ids (site, event_id, day)
        select ${site}, u.event_id, u.day
        from unnest(${sql.param(byId.map((e) => e.eventId))}::text[], ${sql.param(byId.map((e) => e.day))}::date[])
          as u(event_id, day)
        on conflict do nothing
        returning event_id`),
    );
    const fresh = new Set(inserted.map((r) => r.event_id));
    const stored: PreparedEvent[] = [];
    const duplicateIndexes: number[] = [];
    for (const e of events) {
      if (fresh.delete(e.eventId)) stored.push(e);
      else duplicateIndexes.push(e.index);
    }
    if (stored.length === 0) return { storedIndexes: [], duplicateIndexes };

    // 2. the state rules: lock the (reader, target) states the batch touches, decide, write the final states
    const stateEvents = stored.filter((e) => stateChangeOf(e.type));
    const states = new Map<string, boolean>();
    const keys = new Map<
      string,
      { readerId: string; kind: 'like' | 'favorite' | 'follow'; targetId: number }
    >();
    for (const e of stateEvents) {
      const change = stateChangeOf(e.type)!;
      const targetId = change.kind === 'follow' ? e.authorId : (e.contentId as number);
      keys.set(stateKey(site, e.readerId, change.kind, targetId), {
        readerId: e.readerId,
        kind: change.kind,
        targetId,
      });
    }
    const sortedKeys = [...keys.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const before = new Map<string, { active: boolean; since: Date }>();
    if (sortedKeys.length > 0) {
      await tx
        .insert(readerStates)
        .values(sortedKeys.map(([, k]) => ({ site, ...k, active: false, since: new Date(0) })))
        .onConflictDoNothing();
      const tuples = sql.join(
        sortedKeys.map(
          ([, k]) => sql`(${site}::text, ${k.readerId}::text, ${k.kind}::text, ${k.targetId}::int)`,
        ),
        sql`, `,
      );
      const locked = await tx.execute(sql`
        select reader_id, kind, target_id, active, since from reader_states
        where (site, reader_id, kind, target_id) in (${tuples})
        order by reader_id, kind, target_id
        for update`);
      for (const r of rowsOf<{
        reader_id: string;
        kind: string;
        target_id: number;
        active: boolean;
        since: Date | string;
      }>(locked)) {
        const key = stateKey(site, r.reader_id, r.kind, Number(r.target_id));
        states.set(key, r.active);
        before.set(key, { active: r.active, since: new Date(r.since) });
      }
    }
    const effective = applyRules(stored, states);
    const changed: {
      key: string;
      readerId: string;
      kind: string;
      targetId: number;
      active: boolean;
      since: Date;
    }[] = [];
    const lastChange = new Map<string, Date>();
    for (const e of stateEvents) {
      if (!effective.get(e.index)) continue;
      const change = stateChangeOf(e.type)!;
      const targetId = change.kind === 'follow' ? e.authorId : (e.contentId as number);
      const key = stateKey(site, e.readerId, change.kind, targetId);
      const prev = lastChange.get(key);
      if (!prev || prev < e.at) lastChange.set(key, e.at);
    }
    for (const [key, k] of sortedKeys) {
      const now = states.get(key) ?? false;
      const was = before.get(key);
      if (!was || was.active !== now) {
        changed.push({ key, ...k, active: now, since: lastChange.get(key) ?? receivedAt });
      }
    }
    if (changed.length > 0) {
      const values = sql.join(
        changed.map(
          (c) =>
            sql`(${c.readerId}::text, ${c.kind}::text, ${c.targetId}::int, ${c.active}::boolean, ${c.since.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        update reader_states s set active = v.active, since = v.since
        from (values ${values}) as v(reader_id, kind, target_id, active, since)
        where s.site = ${site} and s.reader_id = v.reader_id and s.kind = v.kind and s.target_id = v.target_id`);
    }

    // 3. what the site told about its readers (the last profile in the batch wins); only new or changed ones are
    // written: an upsert locks its row until COMMIT, and frequent readers are in every batch (bench/README.md)
    const profiles = new Map<string, PreparedEvent>();
    for (const e of stored) if (e.reader) profiles.set(e.readerId, e);
    for (const [readerId, e] of profiles) {
      const known = knownProfiles.get(readerId);
      if (
        known &&
        known.gender === e.reader!.gender &&
        known.ageBand === e.reader!.ageBand &&
        known.region === e.reader!.region &&
        known.device === e.reader!.device
      )
        profiles.delete(readerId);
    }
    if (profiles.size > 0) {
      const rows = [...profiles.values()]
        .sort((a, b) => (a.readerId < b.readerId ? -1 : 1))
        .map((e) => ({ site, readerId: e.readerId, ...e.reader!, updatedAt: receivedAt }));
      await tx
        .insert(readerProfiles)
        .values(rows)
        .onConflictDoUpdate({
          target: [readerProfiles.site, readerProfiles.readerId],
          set: {
            gender: sql`excluded.gender`,
            ageBand: sql`excluded.age_band`,
            region: sql`excluded.region`,
            device: sql`excluded.device`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }

    // 4. the raw events: one multi-row statement, its columns as arrays (unnest): 14 parameters for any batch
    // size, where a VALUES list had 15 per row and building it cost half the server's CPU (bench/README.md)
    await insertUnnest(tx, 'reader_events', [
      ['day', 'date', stored.map((e) => e.day)],
      ['site', 'text', stored.map(() => site)],
      ['event_id', 'text', stored.map((e) => e.eventId)],
      ['type', 'text', stored.map((e) => e.type)],
      ['at', 'timestamptz', stored.map((e) => e.at.toISOString())],
      ['reader_id', 'text', stored.map((e) => e.readerId)],
      ['content_id', 'int4', stored.map((e) => e.contentId)],
      ['author_id', 'int4', stored.map((e) => e.authorId)],
      ['content_type', 'text', stored.map((e) => e.contentType)],
      ['source', 'text', stored.map((e) => e.source)],
      ['promotion_id', 'int4', stored.map((e) => e.promotionId)],
      ['watch_ms', 'int4', stored.map((e) => e.watchMs)],
      ['completed', 'bool', stored.map((e) => e.completed)],
      ['effective', 'bool', stored.map((e) => effective.get(e.index) ?? false)],
      ['received_at', 'timestamptz', stored.map(() => receivedAt.toISOString())],
    ]);

    // 5. the rollups, in the same transaction: what an author reads is current the moment the answer is sent
    await addRollups(tx, fold(stored, effective));
    return { storedIndexes: stored.map((e) => e.index), duplicateIndexes };
  });
}

const byKey = <T>(m: Map<string, T>): T[] =>
  [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/** A column of `insertUnnest`: its name, its PostgreSQL element type and one value per row. */
type UnnestColumn = readonly [
  name: string,
  type: 'text' | 'date' | 'int4' | 'int8' | 'bool' | 'timestamptz',
  values: unknown[],
];

/**
 * `INSERT INTO table (cols) SELECT * FROM unnest($1::t1[], $2::t2[], …)`: many rows in one statement with one
 * parameter per column, whatever the number of rows (drizzle's VALUES builder spends ~0.05 ms per parameter).
 * @param onConflict the statement's tail (`on conflict … do update set …`), plain SQL of this module
 */
async function insertUnnest(
  tx: Db,
  table: string,
  columns: readonly UnnestColumn[],
  onConflict = '',
): Promise<void> {
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  await tx.execute(
    sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(names)}) select * from unnest(${arrays}) ${sql.raw(onConflict)}`,
  );
}

/** `on conflict (keys) do update set c = table.c + excluded.c` for each counter column. */
function addOnConflict(table: string, keys: string[], counters: string[]): string {
  const set = counters.map((c) => `"${c}" = "${table}"."${c}" + excluded."${c}"`).join(', ');
  return `on conflict (${keys.map((k) => `"${k}"`).join(', ')}) do update set ${set}`;
}

/** The work counters as unnest columns of `rows` (analytics.schema.ts `workCounters`). */
function counterColumns(rows: readonly WorkCounterRow[]): UnnestColumn[] {
  return [
    ['impressions', 'int4', rows.map((r) => r.impressions)],
    ['views', 'int4', rows.map((r) => r.views)],
    ['plays', 'int4', rows.map((r) => r.plays)],
    ['watch_ms', 'int8', rows.map((r) => r.watchMs)],
    ['completed_plays', 'int4', rows.map((r) => r.completedPlays)],
    ['short_plays', 'int4', rows.map((r) => r.shortPlays)],
    ['likes', 'int4', rows.map((r) => r.likes)],
    ['favorites', 'int4', rows.map((r) => r.favorites)],
    ['shares', 'int4', rows.map((r) => r.shares)],
    ['comments', 'int4', rows.map((r) => r.comments)],
    ['barrages', 'int4', rows.map((r) => r.barrages)],
  ];
}
type WorkCounterRow =
  BatchRollup['work'] extends Map<string, infer V>
    ? Omit<V, 'contentId' | 'day' | 'authorId' | 'contentType'>
    : never;
const COUNTERS = [
  'impressions',
  'views',
  'plays',
  'watch_ms',
  'completed_plays',
  'short_plays',
  'likes',
  'favorites',
  'shares',
  'comments',
  'barrages',
];

/**
 * Adds a batch's increments to the rollup tables: one upsert per table (unnest), rows in key order so concurrent
 * batches lock rows in the same order.
 */
export async function addRollups(tx: Db, r: BatchRollup): Promise<void> {
  if (r.work.size > 0) {
    const rows = byKey(r.work);
    await insertUnnest(
      tx,
      'work_daily',
      [
        ['content_id', 'int4', rows.map((x) => x.contentId)],
        ['day', 'date', rows.map((x) => x.day)],
        ['author_id', 'int4', rows.map((x) => x.authorId)],
        ['content_type', 'text', rows.map((x) => x.contentType)],
        ...counterColumns(rows),
      ],
      addOnConflict('work_daily', ['content_id', 'day'], COUNTERS),
    );
  }
  if (r.author.size > 0) {
    const rows = byKey(r.author);
    await insertUnnest(
      tx,
      'author_daily',
      [
        ['author_id', 'int4', rows.map((x) => x.authorId)],
        ['day', 'date', rows.map((x) => x.day)],
        ['content_type', 'text', rows.map((x) => x.contentType)],
        ...counterColumns(rows),
      ],
      addOnConflict('author_daily', ['author_id', 'day', 'content_type'], COUNTERS),
    );
  }
  if (r.fans.size > 0) {
    const rows = byKey(r.fans);
    await insertUnnest(
      tx,
      'author_fans_daily',
      [
        ['author_id', 'int4', rows.map((x) => x.authorId)],
        ['day', 'date', rows.map((x) => x.day)],
        ['gained', 'int4', rows.map((x) => x.gained)],
        ['lost', 'int4', rows.map((x) => x.lost)],
      ],
      addOnConflict('author_fans_daily', ['author_id', 'day'], ['gained', 'lost']),
    );
  }
  if (r.source.size > 0) {
    const rows = byKey(r.source);
    await insertUnnest(
      tx,
      'work_source_daily',
      [
        ['content_id', 'int4', rows.map((x) => x.contentId)],
        ['day', 'date', rows.map((x) => x.day)],
        ['source', 'text', rows.map((x) => x.source)],
        ['author_id', 'int4', rows.map((x) => x.authorId)],
        ['content_type', 'text', rows.map((x) => x.contentType)],
        ['impressions', 'int4', rows.map((x) => x.impressions)],
        ['views', 'int4', rows.map((x) => x.views)],
      ],
      addOnConflict('work_source_daily', ['content_id', 'day', 'source'], ['impressions', 'views']),
    );
  }
}

// ---- reads ----

/** Counter sums of a set of rollup rows, as numbers. */
export type CounterSums = Record<
  | 'impressions'
  | 'views'
  | 'plays'
  | 'watchMs'
  | 'completedPlays'
  | 'shortPlays'
  | 'likes'
  | 'favorites'
  | 'shares'
  | 'comments'
  | 'barrages',
  number
>;

/** `sum(col)` of every counter of a rollup table, as bigint text (read with `toSums`). */
function counterSums(t: typeof authorDaily | typeof workDaily) {
  return {
    impressions: sql<string>`coalesce(sum(${t.impressions}), 0)`,
    views: sql<string>`coalesce(sum(${t.views}), 0)`,
    plays: sql<string>`coalesce(sum(${t.plays}), 0)`,
    watchMs: sql<string>`coalesce(sum(${t.watchMs}), 0)`,
    completedPlays: sql<string>`coalesce(sum(${t.completedPlays}), 0)`,
    shortPlays: sql<string>`coalesce(sum(${t.shortPlays}), 0)`,
    likes: sql<string>`coalesce(sum(${t.likes}), 0)`,
    favorites: sql<string>`coalesce(sum(${t.favorites}), 0)`,
    shares: sql<string>`coalesce(sum(${t.shares}), 0)`,
    comments: sql<string>`coalesce(sum(${t.comments}), 0)`,
    barrages: sql<string>`coalesce(sum(${t.barrages}), 0)`,
  };
}

/** Sums read as text (bigint) → numbers. */
export function toSums(row: Record<string, string | number> | undefined): CounterSums {
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    impressions: n('impressions'),
    views: n('views'),
    plays: n('plays'),
    watchMs: n('watchMs'),
    completedPlays: n('completedPlays'),
    shortPlays: n('shortPlays'),
    likes: n('likes'),
    favorites: n('favorites'),
    shares: n('shares'),
    comments: n('comments'),
    barrages: n('barrages'),
  };
}

/**
 * An author's counters per day within [start, end] (inclusive `YYYY-MM-DD`), optionally of one content type.
 * @returns days with data only, ascending
 */
export async function authorDays(
  db: Db,
  authorId: number,
  start: string,
  end: string,
  type?: ContentType,
): Promise<({ day: string } & CounterSums)[]> {
  const rows = await db
    .select({ day: authorDaily.day, ...counterSums(authorDaily) })
    .from(authorDaily)
    .where(
      and(
        eq(authorDaily.authorId, authorId),
        gte(authorDaily.day, start),
        lte(authorDaily.day, end),
        type ? eq(authorDaily.contentType, type) : undefined,
      ),
    )
    .groupBy(authorDaily.day)
    .orderBy(asc(authorDaily.day));
  return rows.map((r) => ({ day: r.day, ...toSums(r) }));
}

/** A work's counters per day within [start, end]. */
export async function workDays(
  db: Db,
  contentId: number,
  start: string,
  end: string,
): Promise<({ day: string } & CounterSums)[]> {
  const rows = await db
    .select({ day: workDaily.day, ...counterSums(workDaily) })
    .from(workDaily)
    .where(and(eq(workDaily.contentId, contentId), gte(workDaily.day, start), lte(workDaily.day, end)))
    .groupBy(workDaily.day)
    .orderBy(asc(workDaily.day));
  return rows.map((r) => ({ day: r.day, ...toSums(r) }));
}

/** The first day with any data of an author (works or fans), or null. */
export async function authorFirstDay(db: Db, authorId: number): Promise<string | null> {
  const rows = rowsOf<{ d: string | null }>(
    await db.execute(sql`select least(
      (select min(day) from author_daily where author_id = ${authorId}),
      (select min(day) from author_fans_daily where author_id = ${authorId})
    )::text as d`),
  );
  return rows[0]?.d ?? null;
}

/** Follows and unfollows per day within [start, end], and the fans total before `start`. */
export async function fansDays(
  db: Db,
  authorId: number,
  start: string,
  end: string,
): Promise<{ base: number; days: { day: string; gained: number; lost: number }[] }> {
  const [baseRow] = await db
    .select({ n: sql<string>`coalesce(sum(${authorFansDaily.gained} - ${authorFansDaily.lost}), 0)` })
    .from(authorFansDaily)
    .where(and(eq(authorFansDaily.authorId, authorId), sql`${authorFansDaily.day} < ${start}`));
  const days = await db
    .select({ day: authorFansDaily.day, gained: authorFansDaily.gained, lost: authorFansDaily.lost })
    .from(authorFansDaily)
    .where(
      and(
        eq(authorFansDaily.authorId, authorId),
        gte(authorFansDaily.day, start),
        lte(authorFansDaily.day, end),
      ),
    )
    .orderBy(asc(authorFansDaily.day));
  return { base: Number(baseRow?.n ?? 0), days };
}

/** Views per source of one work within [start, end], most first. */
export async function workSources(
  db: Db,
  contentId: number,
  start: string,
  end: string,
): Promise<{ source: string; views: number }[]> {
  const rows = await db
    .select({ source: workSourceDaily.source, views: sql<string>`sum(${workSourceDaily.views})` })
    .from(workSourceDaily)
    .where(
      and(
        eq(workSourceDaily.contentId, contentId),
        gte(workSourceDaily.day, start),
        lte(workSourceDaily.day, end),
      ),
    )
    .groupBy(workSourceDaily.source)
    .having(sql`sum(${workSourceDaily.views}) > 0`)
    .orderBy(desc(sql`sum(${workSourceDaily.views})`), asc(workSourceDaily.source));
  return rows.map((r) => ({ source: r.source, views: Number(r.views) }));
}

/**
 * The plays of one video within [start, end] bucketed by how far they got: bucket i (0…20) counts plays whose
 * watchMs reached i × 5 % of the duration but not (i+1) × 5 % (20 = the whole video). From the raw events
 * (a work's plays are found by the (content_id, day) index).
 * @param durationMs the video's duration, ms (> 0)
 */
export async function playBuckets(
  db: Db,
  contentId: number,
  start: string,
  end: string,
  durationMs: number,
): Promise<number[]> {
  const rows = rowsOf<{ b: number; n: string }>(
    await db.execute(sql`
      select least(20, floor(watch_ms::float8 * 20 / ${durationMs}::float8))::int as b, count(*) as n
      from reader_events
      where content_id = ${contentId} and type = 'play' and day >= ${start} and day <= ${end}
      group by 1`),
  );
  const out = new Array<number>(21).fill(0);
  for (const r of rows) out[Number(r.b)] = (out[Number(r.b)] ?? 0) + Number(r.n);
  return out;
}

/** A current fan as the fan list and the export show it. */
export interface FanRow {
  readerId: string;
  followedAt: Date;
  gender: string | null;
  ageBand: string | null;
  region: string | null;
  device: string | null;
}

/** The author's current fans, newest follow first. */
export async function listFans(db: Db, authorId: number, limit: number, offset: number): Promise<FanRow[]> {
  const rows = await db
    .select({
      readerId: readerStates.readerId,
      followedAt: readerStates.since,
      gender: readerProfiles.gender,
      ageBand: readerProfiles.ageBand,
      region: readerProfiles.region,
      device: readerProfiles.device,
    })
    .from(readerStates)
    .leftJoin(
      readerProfiles,
      and(eq(readerProfiles.site, readerStates.site), eq(readerProfiles.readerId, readerStates.readerId)),
    )
    .where(fanWhere(authorId))
    .orderBy(desc(readerStates.since), asc(readerStates.readerId))
    .limit(limit)
    .offset(offset);
  return rows;
}

const fanWhere = (authorId: number) =>
  and(eq(readerStates.targetId, authorId), eq(readerStates.kind, 'follow'), eq(readerStates.active, true));

/** How many readers follow the author now (the states, not the rollups: the reconciliation test holds both). */
export async function countFans(db: Db, authorId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(readerStates)
    .where(fanWhere(authorId));
  return Number(row?.n ?? 0);
}

/** The fans' portrait: counts per value of one profile column (`unknown` when the site never said). */
export async function fanPortrait(
  db: Db,
  authorId: number,
  column: 'gender' | 'ageBand' | 'region' | 'device',
): Promise<{ key: string; count: number }[]> {
  const col = readerProfiles[column];
  const key = sql<string>`coalesce(${col}, 'unknown')`;
  const rows = await db
    .select({ key, count: sql<string>`count(*)` })
    .from(readerStates)
    .leftJoin(
      readerProfiles,
      and(eq(readerProfiles.site, readerStates.site), eq(readerProfiles.readerId, readerStates.readerId)),
    )
    .where(fanWhere(authorId))
    .groupBy(key)
    .orderBy(desc(sql`count(*)`), asc(key));
  return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
}

/**
 * Recomputes the rollups from the raw events (`main.ts analytics:rebuild`, and the reconciliation test), in one
 * transaction, from the events' stored state verdicts (`effective`) and play facts. Only the days that still
 * have raw events are rewritten (from the oldest kept day on): days whose partitions the retention dropped keep
 * their rollups. Comments and barrages are not events of this table and are kept; so are finalised readers.
 * @returns the first day rewritten, or null when there are no raw events
 */
export async function rebuildRollups(db: Db): Promise<string | null> {
  const counters = `
    count(*) filter (where type = 'impression'),
    count(*) filter (where type = 'view'),
    count(*) filter (where type = 'play'),
    coalesce(sum(watch_ms) filter (where type = 'play'), 0),
    count(*) filter (where type = 'play' and completed),
    count(*) filter (where type = 'play' and watch_ms < 3000),
    count(*) filter (where type = 'like' and effective) - count(*) filter (where type = 'unlike' and effective),
    count(*) filter (where type = 'favorite' and effective) - count(*) filter (where type = 'unfavorite' and effective),
    count(*) filter (where type = 'share')`;
  const replace = `impressions = excluded.impressions, views = excluded.views, plays = excluded.plays,
    watch_ms = excluded.watch_ms, completed_plays = excluded.completed_plays, short_plays = excluded.short_plays,
    likes = excluded.likes, favorites = excluded.favorites, shares = excluded.shares`;
  const zero = `impressions = 0, views = 0, plays = 0, watch_ms = 0, completed_plays = 0, short_plays = 0,
    likes = 0, favorites = 0, shares = 0`;
  return db.transaction(async (tx) => {
    const [first] = rowsOf<{ d: string | null }>(
      await tx.execute(sql`select min(day)::text as d from reader_events`),
    );
    const from = first?.d ?? null;
    if (!from) return null;
    await tx.execute(sql`update work_daily set ${sql.raw(zero)} where day >= ${from}`);
    await tx.execute(sql`update author_daily set ${sql.raw(zero)} where day >= ${from}`);
    await tx.execute(sql`update author_fans_daily set gained = 0, lost = 0 where day >= ${from}`);
    await tx.execute(sql`delete from work_source_daily where day >= ${from}`);
    await tx.execute(sql`insert into work_daily (content_id, day, author_id, content_type, impressions, views, plays,
        watch_ms, completed_plays, short_plays, likes, favorites, shares)
      select content_id, day, min(author_id), min(content_type), ${sql.raw(counters)}
      from reader_events where content_id is not null and day >= ${from} group by content_id, day
      on conflict (content_id, day) do update set ${sql.raw(replace)}`);
    await tx.execute(sql`insert into author_daily (author_id, day, content_type, impressions, views, plays, watch_ms,
        completed_plays, short_plays, likes, favorites, shares)
      select author_id, day, content_type, ${sql.raw(counters)}
      from reader_events where content_id is not null and day >= ${from} group by author_id, day, content_type
      on conflict (author_id, day, content_type) do update set ${sql.raw(replace)}`);
    await tx.execute(sql`insert into author_fans_daily (author_id, day, gained, lost)
      select author_id, day, count(*) filter (where type = 'follow' and effective),
        count(*) filter (where type = 'unfollow' and effective)
      from reader_events where type in ('follow', 'unfollow') and day >= ${from} group by author_id, day
      on conflict (author_id, day) do update set gained = excluded.gained, lost = excluded.lost`);
    await tx.execute(sql`insert into work_source_daily (content_id, day, source, author_id, content_type,
        impressions, views)
      select content_id, day, source, min(author_id), min(content_type),
        count(*) filter (where type = 'impression'), count(*) filter (where type = 'view')
      from reader_events where type in ('impression', 'view') and day >= ${from} group by content_id, day, source`);
    return from;
  });
}

/**
 * Finalises the distinct readers (who viewed or played) of closed days that lack them, per work and per
 * author (issue #12 "unique readers are finalised per closed day"). A day is closed once no event can still
 * arrive for it (API.md §10: `at` within the last 7 days): the caller passes today − 8, so the finalisation
 * never races the ingest on the same rollup rows and never counts a day that is still filling.
 * @param before days strictly before this one are closed
 * @returns the days finalised
 */
export async function finaliseReaders(db: Db, before: string): Promise<number> {
  const days = rowsOf<{ day: string }>(
    await db.execute(sql`select distinct day::text as day from work_daily
      where readers is null and day < ${before} order by 1 limit 120`),
  );
  for (const { day } of days) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update work_daily w set readers = coalesce(c.n, 0)
        from (select wd.content_id, (select count(distinct reader_id) from reader_events e
                where e.day = ${day} and e.content_id = wd.content_id and e.type in ('view', 'play')) as n
              from work_daily wd where wd.day = ${day}) c
        where w.day = ${day} and w.content_id = c.content_id`);
      await tx.execute(sql`insert into author_fans_daily (author_id, day, readers)
        select author_id, day, count(distinct reader_id) from reader_events
        where day = ${day} and type in ('view', 'play') group by author_id, day
        on conflict (author_id, day) do update set readers = excluded.readers`);
    });
  }
  return days.length;
}

/**
 * Per-author counter sums and fans over [start, end] for the peers' median: every author with data in the
 * range (`authorIds` null) or the given ones (those without data count as zeros, by the caller).
 * @returns by author id: counters, fans gained/lost in the range, fans total at `end`
 */
export async function authorsSums(
  db: Db,
  start: string,
  end: string,
  authorIds: number[] | null,
): Promise<Map<number, { sums: CounterSums; gained: number; lost: number; total: number }>> {
  const only = authorIds
    ? sql`and author_id in (${sql.join(
        authorIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  if (authorIds && authorIds.length === 0) return new Map();
  const [works, fans] = await Promise.all([
    db.execute(sql`select author_id, sum(impressions) as impressions, sum(views) as views, sum(plays) as plays,
        sum(watch_ms) as "watchMs", sum(completed_plays) as "completedPlays", sum(short_plays) as "shortPlays",
        sum(likes) as likes, sum(favorites) as favorites, sum(shares) as shares, sum(comments) as comments,
        sum(barrages) as barrages
      from author_daily where day >= ${start} and day <= ${end} ${only} group by author_id`),
    db.execute(sql`select author_id,
        coalesce(sum(gained) filter (where day >= ${start}), 0) as gained,
        coalesce(sum(lost) filter (where day >= ${start}), 0) as lost,
        coalesce(sum(gained - lost), 0) as total
      from author_fans_daily where day <= ${end} ${only} group by author_id`),
  ]);
  const out = new Map<number, { sums: CounterSums; gained: number; lost: number; total: number }>();
  const entry = (id: number) => {
    let e = out.get(id);
    if (!e) out.set(id, (e = { sums: toSums(undefined), gained: 0, lost: 0, total: 0 }));
    return e;
  };
  for (const r of rowsOf<Record<string, string | number>>(works)) entry(Number(r.author_id)).sums = toSums(r);
  for (const r of rowsOf<Record<string, string>>(fans)) {
    const e = entry(Number(r.author_id));
    e.gained = Number(r.gained);
    e.lost = Number(r.lost);
    e.total = Number(r.total);
  }
  return out;
}
