import type { MergeFileState, MessageRef, UploadUse } from '@cc/contracts';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the fileservice module (issue #7): only fileservice.repo.ts reads and writes them; other modules
 * call fileservice.service.ts. `users` (and any other module's table) is imported for a foreign key only,
 * never queried. db/schema/index.ts re-exports this file for drizzle-kit and the migrations.
 */

/** What ffprobe found in a merged video (the `codecs` column). */
export interface VideoCodecs {
  /** container as ffprobe names it, e.g. `mov,mp4,m4a,3gp,3g2,mj2` */
  format: string;
  /** video codec, e.g. `h264` */
  video: string;
  /** audio codec, or null when the file has no sound */
  audio: string | null;
}

/**
 * One sharded video upload (API.md §7), keyed by the client-made `key` (= `fileUploadId`).
 * `state`: uploading → merging → processing → ready | failed. `storage` is the driver the bytes were
 * staged for, so a restart under another STORAGE_DRIVER never mixes the two.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    use: text('use').$type<UploadUse>().notNull(),
    name: text('name').notNull(),
    /** lowercase extension without the dot */
    suffix: text('suffix').notNull(),
    /** bytes of the whole file */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** bytes */
    shardSize: integer('shard_size').notNull(),
    shardTotal: integer('shard_total').notNull(),
    state: text('state').$type<MergeFileState>().notNull().default('uploading'),
    storage: text('storage').$type<'local' | 's3'>().notNull(),
    /** the S3 multipart upload id while the bytes are being sent (s3 driver only) */
    s3UploadId: text('s3_upload_id'),
    /** storage key of the cover image */
    cover: text('cover'),
    /** storage key of the merged video */
    fileKey: text('file_key'),
    /** seconds */
    duration: doublePrecision('duration'),
    /** pixels */
    width: integer('width'),
    height: integer('height'),
    codecs: jsonb('codecs').$type<VideoCodecs>(),
    /** why the upload failed (state failed), in English with the tool's detail: for operators */
    error: text('error'),
    /** why the upload failed as a catalog message `{ code, params }`, rendered in the author's language (issue #9) */
    errorMessage: jsonb('error_message').$type<MessageRef>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId),
    index('uploads_state_updated_idx').on(t.state, t.updatedAt),
  ],
);

/** Shards whose bytes are written and fsynced (API.md §7): the resume point after a restart. */
export const uploadShards = pgTable(
  'upload_shards',
  {
    uploadKey: text('upload_key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    /** 1-based */
    shardIndex: integer('shard_index').notNull(),
    /**
     * base64 MD5 of the stored bytes (issue #8 item 10): a shard sent again with other bytes is refused with
     * CHECKSUM_MISMATCH. Null for shards stored before the column existed (those are accepted as before).
     */
    md5: text('md5'),
  },
  (t) => [primaryKey({ columns: [t.uploadKey, t.shardIndex] })],
);

/** S3 multipart parts already uploaded (s3 driver): part number → ETag for CompleteMultipartUpload. */
export const uploadParts = pgTable(
  'upload_parts',
  {
    uploadKey: text('upload_key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    /** 1-based, as S3 numbers parts */
    partNumber: integer('part_number').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadKey, t.partNumber] })],
);
