import { and, asc, between, count, eq, exists, inArray, lt, or, sql } from 'drizzle-orm';
import type { MergeFileState } from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { uploadParts, uploads, uploadShards } from './fileservice.schema.js';

/** Storage of the file service: the `uploads` row, the shards received and the S3 parts sent. */

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export async function findUpload(db: Db, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row ?? null;
}

/** Inserts the row unless one with the key exists; returns the inserted row, or null when it existed. */
export async function insertUpload(db: Db, values: NewUpload): Promise<UploadRow | null> {
  const [row] = await db.insert(uploads).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateUpload(db: Db, key: string, values: Partial<NewUpload>): Promise<void> {
  await db.update(uploads).set(values).where(eq(uploads.key, key));
}

export async function deleteUpload(db: Db, key: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.key, key));
}

/**
 * The upload row and whether shard `shardIndex` of it is recorded, in one round trip (the shard path's
 * first query; it used to be two).
 */
export async function findUploadWithShard(
  db: Db,
  key: string,
  shardIndex: number,
): Promise<{ row: UploadRow; hasShard: boolean; shardMd5: string | null } | null> {
  const shard = and(eq(uploadShards.uploadKey, key), eq(uploadShards.shardIndex, shardIndex));
  const [found] = await db
    .select({
      row: uploads,
      hasShard: exists(db.select({ i: uploadShards.shardIndex }).from(uploadShards).where(shard)).mapWith(
        Boolean,
      ),
      shardMd5: sql<string | null>`(select ${uploadShards.md5} from ${uploadShards} where ${shard})`,
    })
    .from(uploads)
    .where(eq(uploads.key, key))
    .limit(1);
  return found ?? null;
}

/**
 * Records a shard as stored with the base64 MD5 of its bytes (a duplicate is ignored) and returns the
 * distinct shards stored, in one statement. The CTE's insert is not visible to the count in the same
 * statement, so it is added.
 */
export async function insertShardAndCount(
  db: Db,
  key: string,
  shardIndex: number,
  md5: string | null,
): Promise<number> {
  const result = await db.execute<{ n: string | number }>(sql`
    with ins as (
      insert into ${uploadShards} (upload_key, shard_index, md5) values (${key}, ${shardIndex}, ${md5})
      on conflict do nothing
      returning 1
    )
    select (select count(*) from ${uploadShards} where upload_key = ${key})
      + (select count(*) from ins) as n`);
  const rows = (result as { rows: { n: string | number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

/** Records a shard as stored; a duplicate is ignored. */
export async function insertShard(db: Db, key: string, shardIndex: number): Promise<void> {
  await db.insert(uploadShards).values({ uploadKey: key, shardIndex }).onConflictDoNothing();
}

export async function hasShard(db: Db, key: string, shardIndex: number): Promise<boolean> {
  const [row] = await db
    .select({ i: uploadShards.shardIndex })
    .from(uploadShards)
    .where(and(eq(uploadShards.uploadKey, key), eq(uploadShards.shardIndex, shardIndex)))
    .limit(1);
  return Boolean(row);
}

/** Distinct shards stored, optionally only those with index in `first..last`. */
export async function countShards(
  db: Db,
  key: string,
  span?: { first: number; last: number },
): Promise<number> {
  const where = span
    ? and(eq(uploadShards.uploadKey, key), between(uploadShards.shardIndex, span.first, span.last))
    : eq(uploadShards.uploadKey, key);
  const [row] = await db.select({ n: count() }).from(uploadShards).where(where);
  return Number(row?.n ?? 0);
}

/** 1-based indices of the shards stored, ascending. */
export async function listShards(db: Db, key: string): Promise<number[]> {
  const rows = await db
    .select({ i: uploadShards.shardIndex })
    .from(uploadShards)
    .where(eq(uploadShards.uploadKey, key))
    .orderBy(asc(uploadShards.shardIndex));
  return rows.map((r) => r.i);
}

export async function listParts(db: Db, key: string): Promise<{ partNumber: number; etag: string }[]> {
  return db
    .select({ partNumber: uploadParts.partNumber, etag: uploadParts.etag })
    .from(uploadParts)
    .where(eq(uploadParts.uploadKey, key))
    .orderBy(asc(uploadParts.partNumber));
}

export async function hasPart(db: Db, key: string, partNumber: number): Promise<boolean> {
  const [row] = await db
    .select({ p: uploadParts.partNumber })
    .from(uploadParts)
    .where(and(eq(uploadParts.uploadKey, key), eq(uploadParts.partNumber, partNumber)))
    .limit(1);
  return Boolean(row);
}

export async function insertPart(db: Db, key: string, partNumber: number, etag: string): Promise<void> {
  await db.insert(uploadParts).values({ uploadKey: key, partNumber, etag }).onConflictDoNothing();
}

/**
 * Takes the upload into `merging` if it is `uploading`, or `merging` but stale (a merge that died with its
 * process before `staleBefore`). Returns false when another merge holds it: only one merge runs.
 */
export async function claimMerge(db: Db, key: string, now: Date, staleBefore: Date): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ state: 'merging', updatedAt: now })
    .where(
      and(
        eq(uploads.key, key),
        or(
          eq(uploads.state, 'uploading'),
          and(eq(uploads.state, 'merging'), lt(uploads.updatedAt, staleBefore)),
        ),
      ),
    )
    .returning({ key: uploads.key });
  return rows.length > 0;
}

/** Uploads in one of `states` not touched since `before`, oldest first (cleanup). */
export async function findUntouched(
  db: Db,
  states: MergeFileState[],
  before: Date,
  limit: number,
): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.state, states), lt(uploads.updatedAt, before)))
    .orderBy(asc(uploads.updatedAt))
    .limit(limit);
}

/** Sets `updated_at` (the 24 h expiry clock). */
export async function touchUpload(db: Db, key: string, now: Date): Promise<void> {
  await db.update(uploads).set({ updatedAt: now }).where(eq(uploads.key, key));
}

/** The upload row, locked until the end of the caller's transaction (`SELECT … FOR UPDATE`), or null. */
export async function findUploadForUpdate(db: Db, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1).for('update');
  return row ?? null;
}

/** Unmerged uploads (`uploading` or `merging`) of one user: the open-upload quota (issue #8 item 10). */
export async function countOpenUploads(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.state, ['uploading', 'merging'])));
  return Number(row?.n ?? 0);
}
