import { createHash } from 'node:crypto';
import {
  CHECKSUM_MISMATCH_ERCD,
  type FieldIssue,
  isMessageRef,
  type MergeFileState,
  MAX_OPEN_UPLOADS,
  MAX_VIDEO_BYTES,
  type MergeFileStatus,
  type MergeResult,
  type MessageLanguage,
  type MessageRef,
  type MoreShardResult,
  renderMessage,
  shardCountFor,
  SHARDS_MISSING_ERCD,
  shardSizeFor,
  TOO_MANY_OPEN_UPLOADS_ERCD,
  UPLOAD_IN_USE_ERCD,
  UPLOAD_KEY_PATTERN,
  UPLOAD_USES,
  type UploadUse,
  VIDEO_EXTENSIONS,
} from '@cc/contracts';
import { loadSharp } from '../../lib/sharp.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { JOB_NAMES, type JobQueue } from '../../jobs/queue.js';
import {
  findPinnedUploads,
  isUploadPinned,
  isUploadReferenced,
} from '../../read-models/upload-references.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { type StagedUpload, StagingGoneError, type VideoStaging } from '../../storage/video-staging.js';
import { verifyUploadToken } from '../user/user.service.js';
import * as repo from './fileservice.repo.js';
import { extractFrameJpeg, probeVideo, withReadableInput } from './video-probe.js';

/**
 * The sharded video upload of API.md §7 (issue #3): shards written at their offset into staging, merge as
 * a metadata step, the probe job, status, cancel and the 24 h cleanup.
 */

/** An upload state as a catalog message, to name it inside a sentence in the reader's language (issue #9). */
export function uploadStateRef(state: MergeFileState): MessageRef {
  const codes = {
    uploading: 'UPLOAD_STATE_UPLOADING',
    merging: 'UPLOAD_STATE_MERGING',
    processing: 'UPLOAD_STATE_PROCESSING',
    ready: 'UPLOAD_STATE_READY',
    failed: 'UPLOAD_STATE_FAILED',
  } as const satisfies Record<MergeFileState, MessageRef['code']>;
  return { code: codes[state] };
}

/**
 * Why a `failed` upload failed, as a catalog message (issue #9): the probe's stored reason, or null for a row
 * failed before reasons were stored as messages (its English `error` is all there is).
 */
export function uploadFailure(row: { errorMessage: unknown }): MessageRef | null {
  return isMessageRef(row.errorMessage) ? row.errorMessage : null;
}

export interface FileServiceDeps {
  db: Db;
  storage: ObjectStorage;
  staging: VideoStaging;
  jobs: JobQueue;
  ffprobePath: string;
  ffmpegPath: string;
}

/** An upload untouched this long is deleted with its bytes (API.md §7). */
export const UPLOAD_EXPIRY_MS = 24 * 3600_000;
/** A merge still `merging` after this long died with its process; the next merge call takes over. */
export const STALE_MERGE_MS = 10 * 60_000;
/** `data.missing` of SHARDS_MISSING lists at most this many indices (`data.missingCount` has them all). */
export const MISSING_LIST_MAX = 1000;
/** `updated_at` of an upload being written is refreshed at most this often. */
const TOUCH_EVERY_MS = 60_000;
/** A cover from `coverBase64` may be at most this many bytes once decoded. */
export const MAX_COVER_BYTES = 5 * 1024 * 1024;

const VIDEO_CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  rm: 'application/vnd.rn-realmedia',
  rmvb: 'application/vnd.rn-realmedia-vbr',
  wmv: 'video/x-ms-wmv',
  avi: 'video/x-msvideo',
  dat: 'video/mpeg',
  asf: 'video/x-ms-asf',
  ra: 'audio/x-pn-realaudio',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  flv: 'video/x-flv',
};

/** Content type of a video by its (accepted) suffix. */
export function videoContentType(suffix: string): string {
  return VIDEO_CONTENT_TYPES[suffix] ?? 'application/octet-stream';
}

/**
 * The stored id of a client's upload `key` (API.md §7): MD5 of `<userId>:<key>`, 32 lowercase hex. The
 * client derives `key` from the file (docs/api.md "File service"), so two authors choosing the same file
 * send the same key; scoping it by the token's user keeps their uploads apart, and another user's token
 * can neither see nor touch an upload. Staging files, storage keys and URLs use this id; the wire keeps
 * the client's `key` as `fileUploadId`.
 */
export function scopedUploadKey(userId: number, key: string): string {
  return createHash('md5').update(`${userId}:${key}`).digest('hex');
}

/**
 * Storage key of the merged video of an upload: `videos/<key>-<createdAt in ms, base 36>.<suffix>`, with
 * `createdAt` the upload row's (set at its first shard). Unique per upload, not per client key: a new
 * upload under the same key (possible only after the previous one was cancelled, when no work used it)
 * is a new file at a new URL, so the bytes a reader or a cache once got from a `/media/video/...` URL
 * never change (issue #8 item 1). Rows merged before this name keep their stored `fileKey`.
 */
export function videoFileKey(key: string, suffix: string, createdAt: Date): string {
  return `videos/${key}-${createdAt.getTime().toString(36)}.${suffix}`;
}

/** Public URL of a merged video (served with range requests to anyone holding it): `/media/video/<key>.<suffix>`. */
export function videoUrl(fileKey: string): string {
  return `/media/video/${fileKey.replace(/^videos\//, '')}`;
}

/**
 * A received shard: its bytes as the chunks that arrived (written with writev, never concatenated into one
 * more 5 MiB copy), their total length, and, when the route hashed them on arrival, their base64 MD5.
 */
export interface ReceivedShard {
  chunks: Buffer[];
  length: number;
  md5Base64?: string;
}

function md5OfChunks(chunks: readonly Buffer[]): string {
  const hash = createHash('md5');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('base64');
}

/** The upload's facts as validated from one shard's form (API.md §7). Sizes in bytes. */
export interface ShardMeta {
  key: string;
  shardIndex: number;
  shardTotal: number;
  name: string;
  suffix: string;
  use: UploadUse;
  size: number;
  shardSize: number;
  coverBase64: string;
}

const intField = (fields: Record<string, string>, name: string, errors: FieldIssue[]): number => {
  const raw = fields[name];
  if (raw === undefined || !/^\d{1,16}$/.test(raw.trim())) {
    errors.push({ path: name, code: 'INTEGER_FIELD', params: { name } });
    return NaN;
  }
  return Number(raw.trim());
};

/**
 * Validates the fields of a `moreShard` form (API.md §7, spec §5, §9).
 * @throws TOO_LARGE (10010) for a file over 30 GiB, with the spec's message; VALIDATION_FAILED (10007) for a
 *   suffix outside the spec's type list (message 'video format is wrong, upload failed'), a shard size other
 *   than the table's for `size`, a `shardTotal` other than ceil(size/shardSize), a `shardIndex` outside
 *   1..shardTotal, a key that is not 32 lowercase hex, or a `use` other than video|smallVideo
 */
export function validateShardFields(fields: Record<string, string>): ShardMeta {
  const errors: FieldIssue[] = [];
  const size = intField(fields, 'size', errors);
  if (Number.isFinite(size) && size > MAX_VIDEO_BYTES) throw new AppError('TOO_LARGE', 'VIDEO_TOO_LARGE');
  const suffix = (fields.suffix ?? '').trim().replace(/^\./, '').toLowerCase();
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(suffix)) {
    throw AppError.validation([{ path: 'suffix', code: 'VIDEO_FORMAT_WRONG' }]);
  }
  const shardSize = intField(fields, 'shardSize', errors);
  const shardTotal = intField(fields, 'shardTotal', errors);
  const shardIndex = intField(fields, 'shardIndex', errors);
  if (Number.isFinite(size) && size < 1) errors.push({ path: 'size', code: 'UPLOAD_SIZE_MIN' });
  if (Number.isFinite(size) && size >= 1 && Number.isFinite(shardSize)) {
    const expected = shardSizeFor(size);
    if (shardSize !== expected) {
      errors.push({ path: 'shardSize', code: 'SHARD_SIZE_WRONG', params: { expected, size } });
    } else if (Number.isFinite(shardTotal) && shardTotal !== shardCountFor(size, shardSize)) {
      errors.push({
        path: 'shardTotal',
        code: 'SHARD_TOTAL_WRONG',
        params: { expected: shardCountFor(size, shardSize) },
      });
    }
  }
  if (
    Number.isFinite(shardIndex) &&
    Number.isFinite(shardTotal) &&
    (shardIndex < 1 || shardIndex > shardTotal)
  ) {
    errors.push({ path: 'shardIndex', code: 'SHARD_INDEX_RANGE', params: { total: shardTotal } });
  }
  const key = fields.key ?? '';
  if (!UPLOAD_KEY_PATTERN.test(key)) errors.push({ path: 'key', code: 'UPLOAD_KEY_FORMAT' });
  const use = fields.use ?? '';
  if (!(UPLOAD_USES as readonly string[]).includes(use))
    errors.push({ path: 'use', code: 'UPLOAD_USE_INVALID' });
  const name = (fields.name ?? '').trim();
  if (!name || name.length > 255) errors.push({ path: 'name', code: 'UPLOAD_NAME_LENGTH' });
  if (errors.length) throw AppError.validation(errors);
  return {
    key,
    shardIndex,
    shardTotal,
    name,
    suffix,
    use: use as UploadUse,
    size,
    shardSize,
    coverBase64: fields.coverBase64 ?? '',
  };
}

/** Bytes shard `shardIndex` must have: `shardSize`, except the last, which holds the remainder. */
export function expectedShardBytes(
  meta: Pick<ShardMeta, 'size' | 'shardSize' | 'shardTotal' | 'shardIndex'>,
): number {
  return meta.shardIndex < meta.shardTotal
    ? meta.shardSize
    : meta.size - (meta.shardTotal - 1) * meta.shardSize;
}

/** Decodes and checks a `coverBase64` data URL (JPEG or PNG). @throws VALIDATION_FAILED */
async function decodeCover(dataUrl: string): Promise<{ bytes: Buffer; ext: 'jpg' | 'png'; mime: string }> {
  const bad = (code: 'COVER_DATA_URL' | 'COVER_EMPTY' | 'COVER_NOT_IMAGE') =>
    AppError.validation([{ path: 'coverBase64', code }]);
  const m = /^data:image\/(jpeg|jpg|png);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl.trim());
  if (!m) throw bad('COVER_DATA_URL');
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length === 0) throw bad('COVER_EMPTY');
  if (bytes.length > MAX_COVER_BYTES) throw new AppError('TOO_LARGE', 'COVER_TOO_LARGE');
  const format = await (
    await loadSharp()
  )(bytes)
    .metadata()
    .then((meta) => (meta.width && meta.height ? meta.format : undefined))
    .catch(() => undefined);
  if (format === 'jpeg') return { bytes, ext: 'jpg', mime: 'image/jpeg' };
  if (format === 'png') return { bytes, ext: 'png', mime: 'image/png' };
  throw bad('COVER_NOT_IMAGE');
}

function staged(row: repo.UploadRow): StagedUpload {
  return {
    key: row.key,
    size: row.size,
    shardSize: row.shardSize,
    shardTotal: row.shardTotal,
    s3UploadId: row.s3UploadId,
    // issue #16: the S3 staging sends a shard that is a whole part straight into the multipart upload
    fileKey: videoFileKey(row.key, row.suffix, row.createdAt),
  };
}

/** The upload `key` of `userId`. @throws NOT_FOUND when missing or another user's (no existence leak) */
async function loadOwned(db: Db, userId: number, key: string): Promise<repo.UploadRow> {
  const row = UPLOAD_KEY_PATTERN.test(key) ? await repo.findUpload(db, scopedUploadKey(userId, key)) : null;
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', 'UPLOAD_NOT_FOUND');
  return row;
}

// Part uploads of one (upload, part) run one at a time in this process, so two shards completing the same
// part together upload it once; the upload_parts row makes it once across restarts too.
const partLocks = new Map<string, Promise<unknown>>();
function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = partLocks.get(name) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  const settled = next.catch(() => undefined);
  partLocks.set(name, settled);
  void settled.then(() => {
    if (partLocks.get(name) === settled) partLocks.delete(name);
  });
  return next;
}

async function ensurePartUploaded(
  deps: FileServiceDeps,
  row: repo.UploadRow,
  partNumber: number,
): Promise<void> {
  await withLock(`${row.key}:${partNumber}`, async () => {
    if (await repo.hasPart(deps.db, row.key, partNumber)) return;
    const etag = await deps.staging.uploadPart(
      staged(row),
      videoFileKey(row.key, row.suffix, row.createdAt),
      partNumber,
    );
    await repo.insertPart(deps.db, row.key, partNumber, etag);
  });
}

/**
 * The first read of a shard's path (`repo.findUploadWithShard`: the upload row, whether the index is
 * recorded and its stored MD5), started by `lookupShard` before the shard's bytes have arrived.
 */
export interface ShardLookup {
  /** the scoped upload id (`scopedUploadKey`) */
  id: string;
  shardIndex: number;
  result: Promise<{ row: repo.UploadRow; hasShard: boolean; shardMd5: string | null } | null>;
}

/**
 * Starts the upload-row read of a `moreShard` call as soon as its text fields are parsed (issue #16): the
 * client sends the fields before the shard's bytes, so the database round trip runs while the bytes are
 * still arriving instead of after them. Only a read; nothing is decided here — `storeShard` validates every
 * field first and uses the result only for the same upload and index. A failed read is re-thrown by
 * `storeShard` when it awaits it, and never reported as unhandled when the call is refused before that.
 * @returns null when `key` or `shardIndex` is malformed (storeShard then refuses the form)
 */
export function lookupShard(
  deps: Pick<FileServiceDeps, 'db'>,
  userId: number,
  fields: Record<string, string>,
): ShardLookup | null {
  const key = fields.key ?? '';
  const shardIndex = Number(fields.shardIndex);
  if (!UPLOAD_KEY_PATTERN.test(key) || !Number.isSafeInteger(shardIndex) || shardIndex < 1) return null;
  const id = scopedUploadKey(userId, key);
  const result = repo.findUploadWithShard(deps.db, id, shardIndex);
  result.catch(() => undefined);
  return { id, shardIndex, result };
}

/** A verified upload token kept by `UploadTokenCache`: its user, that user's `UserGuid`, and its expiry. */
export interface VerifiedUploadToken {
  userId: number;
  userGuid: string;
  expiresAt: Date;
}

/** How long a verified upload token is believed without asking the database again (ms; issue #16). */
export const UPLOAD_TOKEN_CACHE_MS = 5_000;
/** Tokens the cache holds at most; the oldest goes first. */
export const UPLOAD_TOKEN_CACHE_MAX = 10_000;

/**
 * Verified upload tokens (API.md §7) of one server process, so the shards of one upload — hundreds per
 * second from 5 workers — do not each look the same token up (issue #16). The database stays the
 * authority: an entry is believed for at most `UPLOAD_TOKEN_CACHE_MS` after the lookup that found it, and
 * never at or after the token's own `expiresAt`; after that the next call asks the database again, so a
 * token removed there (expiry purge, the user deleted) stops working within that time. Refusals are never
 * cached. Keyed by the token's SHA-256, not the token. At most `UPLOAD_TOKEN_CACHE_MAX` entries.
 */
export class UploadTokenCache {
  private readonly entries = new Map<string, { token: VerifiedUploadToken; until: number }>();

  /**
   * @param verify the authoritative lookup (`verifyUploadToken`): the token's row, or null when unknown or
   *   expired
   * @param now clock in ms since the epoch (tests pass one)
   */
  constructor(
    private readonly verify: (token: string) => Promise<VerifiedUploadToken | null>,
    private readonly now: () => number = () => Date.now(),
    private readonly ttlMs = UPLOAD_TOKEN_CACHE_MS,
    private readonly max = UPLOAD_TOKEN_CACHE_MAX,
  ) {}

  /** The token's user, from the cache while the entry is fresh, else from `verify`; null when refused. */
  async get(token: string): Promise<VerifiedUploadToken | null> {
    const id = createHash('sha256').update(token).digest('base64url');
    const cached = this.entries.get(id);
    if (cached && this.now() < cached.until) return cached.token;
    if (cached) this.entries.delete(id);
    const found = await this.verify(token);
    if (!found) return null;
    const until = Math.min(this.now() + this.ttlMs, found.expiresAt.getTime());
    if (until > this.now()) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, { token: found, until });
    }
    return found;
  }
}

/** The token cache of each database handle: one per process and database (issue #16). */
const tokenCaches = new WeakMap<Db, UploadTokenCache>();

/**
 * The upload token (API.md §7) resolved to its user through THE `UploadTokenCache` of `db` — one per database
 * handle, shared by the file service's routes and the byte budget of plugins/security.ts, so a shard's token
 * is looked up in the database at most once per `UPLOAD_TOKEN_CACHE_MS` per process, not once by the budget
 * and again by the route (issue #16). The cache's rules hold: the database is asked again after 5 s and at
 * the token's expiry; refusals are not cached.
 * @param token the `token` query parameter as sent (any string; unknown, expired or over 128 characters → null)
 * @returns `{ userId, userGuid, expiresAt }`, or null when refused
 * @throws whatever the database throws
 */
export function verifiedUploadToken(db: Db, token: string): Promise<VerifiedUploadToken | null> {
  let cache = tokenCaches.get(db);
  if (!cache) {
    cache = new UploadTokenCache((t) => verifyUploadToken(db, t));
    tokenCaches.set(db, cache);
  }
  return cache.get(token);
}

/**
 * `POST /fileservice/moreShard` (API.md §7): stores one shard.
 *
 * Order: every field and the byte count are checked, the optional `content-md5` compared, a cover decoded,
 * and only then is anything written. The first shard to arrive (any index) creates the upload; later ones
 * must carry the same size, shardSize, name, suffix and use. The bytes go to their offset in the staging
 * and are fsynced BEFORE the shard is recorded, so after a restart `receivedShards` never claims bytes
 * that are not on disk. A shard already recorded is not written again; sent again with other bytes (its
 * stored MD5 differs) it is refused with CHECKSUM_MISMATCH (issue #8 item 10). With S3, a part whose shards
 * are all there is uploaded at once. A new upload is refused while the author holds `MAX_OPEN_UPLOADS`
 * unmerged ones (issue #8 item 10).
 *
 * @param userId owner, from the upload token
 * @param fields the form's text fields
 * @param shard the bytes of the `shard` file part, with their base64 MD5 when computed while receiving
 * @param contentMd5 the `content-md5` header (base64 MD5 of the bytes), if sent
 * @param prefetched the upload row and shard state read by `lookupShard` while the body was arriving (issue
 *   #16: one database round trip off each shard's path); used only when it is for this upload and index
 * @returns `{ fileUploadId, shardIndex, received }`; received = distinct shards stored
 * @throws TOO_LARGE, VALIDATION_FAILED (see validateShardFields; also a wrong byte count, a missing shard
 *   part, metadata differing from the upload's, a bad cover); FAILED with ercd CHECKSUM_MISMATCH (the
 *   header disagrees with the bytes, or the index is stored with other bytes); CONFLICT once the upload is
 *   merging or merged (so the bytes behind a published video never change), and CONFLICT with ercd
 *   TOO_MANY_OPEN_UPLOADS for a new upload over the quota
 */
export async function storeShard(
  deps: FileServiceDeps,
  userId: number,
  fields: Record<string, string>,
  shard: ReceivedShard | null,
  contentMd5?: string,
  now = new Date(),
  prefetched: ShardLookup | null = null,
): Promise<MoreShardResult> {
  const meta = validateShardFields(fields);
  if (!shard) throw AppError.validation([{ path: 'shard', code: 'SHARD_REQUIRED' }]);
  const expected = expectedShardBytes(meta);
  if (shard.length !== expected) {
    throw AppError.validation([
      {
        path: 'shard',
        code: 'SHARD_BYTES_WRONG',
        params: { index: meta.shardIndex, expected, actual: shard.length },
      },
    ]);
  }
  const md5 = shard.md5Base64 ?? md5OfChunks(shard.chunks);
  if (contentMd5 !== undefined) {
    if (contentMd5.trim() !== md5) {
      throw new AppError(
        'FAILED',
        { code: 'SHARD_MD5_MISMATCH', params: { index: meta.shardIndex } },
        { ercd: CHECKSUM_MISMATCH_ERCD },
      );
    }
  }

  const id = scopedUploadKey(userId, meta.key);
  // The lookup the route started while the bytes were arriving (lookupShard), when it is for this shard.
  const found =
    prefetched && prefetched.id === id && prefetched.shardIndex === meta.shardIndex
      ? await prefetched.result
      : await repo.findUploadWithShard(deps.db, id, meta.shardIndex);
  let row = found?.row ?? null;
  let hasShard = found?.hasShard ?? false;
  let storedMd5 = found?.shardMd5 ?? null;
  if (row) assertSameUpload(row, userId, meta);
  // The last non-empty cover sent wins (docs/api.md "File service"); the client sends it once per session.
  const cover = meta.coverBase64.trim() ? await decodeCover(meta.coverBase64) : null;

  if (!row) {
    if ((await repo.countOpenUploads(deps.db, userId)) >= MAX_OPEN_UPLOADS) {
      throw new AppError('CONFLICT', 'TOO_MANY_OPEN_UPLOADS', { ercd: TOO_MANY_OPEN_UPLOADS_ERCD });
    }
    const fileKey = videoFileKey(id, meta.suffix, now);
    const { s3UploadId } = await deps.staging.begin(
      { key: id, size: meta.size },
      fileKey,
      videoContentType(meta.suffix),
    );
    row = await repo.insertUpload(deps.db, {
      key: id,
      userId,
      use: meta.use,
      name: meta.name,
      suffix: meta.suffix,
      size: meta.size,
      shardSize: meta.shardSize,
      shardTotal: meta.shardTotal,
      state: 'uploading',
      storage: deps.staging.driver,
      s3UploadId,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) {
      // Another first shard won the race: drop the multipart upload just made (not the staged bytes: they
      // are the winner's), follow the winner's row.
      await deps.staging.release(fileKey, { s3UploadId });
      const winner = await repo.findUploadWithShard(deps.db, id, meta.shardIndex);
      if (!winner) throw new AppError('CONFLICT', 'UPLOAD_CANCELLED_MEANWHILE');
      row = winner.row;
      hasShard = winner.hasShard;
      storedMd5 = winner.shardMd5;
      assertSameUpload(row, userId, meta);
    }
  }
  if (row.state !== 'uploading')
    throw new AppError('CONFLICT', {
      code: 'UPLOAD_STATE_NO_SHARDS',
      params: { state: uploadStateRef(row.state) },
    });
  if (row.storage !== deps.staging.driver) {
    throw new AppError('CONFLICT', 'STORAGE_DRIVER_CHANGED');
  }
  // Sending a shard again is harmless (API.md §7) only with the same bytes: other bytes would be silently
  // dropped (the stored ones stay), so the client is told. Shards stored before md5 was kept are not checked.
  if (hasShard && storedMd5 !== null && storedMd5 !== md5) {
    throw new AppError(
      'FAILED',
      { code: 'SHARD_STORED_OTHER_BYTES', params: { index: meta.shardIndex } },
      { ercd: CHECKSUM_MISMATCH_ERCD },
    );
  }

  if (cover) {
    const coverKey = `covers/${row.key}.${cover.ext}`;
    await deps.storage.put(coverKey, cover.bytes, cover.mime);
    if (row.cover && row.cover !== coverKey) await deps.storage.delete(row.cover);
    await repo.updateUpload(deps.db, row.key, { cover: coverKey });
  }

  let received: number | null = null;
  if (!hasShard) {
    try {
      await deps.staging.writeShard(staged(row), meta.shardIndex, shard.chunks);
    } catch (error) {
      if (error instanceof StagingGoneError) {
        throw new AppError('CONFLICT', 'UPLOAD_NO_LONGER_TAKES_SHARDS');
      }
      throw error;
    }
    try {
      // Only now, after the sync covering these bytes: the row says the shard is durable.
      received = await repo.insertShardAndCount(deps.db, row.key, meta.shardIndex, md5);
    } catch (error) {
      // The upload was cancelled while the bytes were being written: free what was just staged.
      if (!(await repo.findUpload(deps.db, row.key))) {
        await deps.staging.abort(staged(row), videoFileKey(row.key, row.suffix, row.createdAt));
        throw new AppError('NOT_FOUND', 'UPLOAD_CANCELLED');
      }
      throw error;
    }
  }
  // The 24 h expiry clock needs minute precision at best: one write per minute, not one per shard.
  if (now.getTime() - row.updatedAt.getTime() > TOUCH_EVERY_MS) await repo.touchUpload(deps.db, row.key, now);

  const span = deps.staging.partOf(staged(row), meta.shardIndex);
  if (span) {
    const have = await repo.countShards(deps.db, row.key, { first: span.firstShard, last: span.lastShard });
    if (have === span.lastShard - span.firstShard + 1) await ensurePartUploaded(deps, row, span.partNumber);
  }
  return {
    fileUploadId: meta.key,
    shardIndex: meta.shardIndex,
    received: received ?? (await repo.countShards(deps.db, row.key)),
  };
}

function assertSameUpload(row: repo.UploadRow, userId: number, meta: ShardMeta): void {
  if (row.userId !== userId) throw new AppError('NOT_FOUND', 'UPLOAD_NOT_FOUND');
  const differing = (['size', 'shardSize', 'name', 'suffix', 'use'] as const).filter(
    (f) => row[f] !== meta[f],
  );
  if (differing.length) {
    throw AppError.validation(
      differing.map((f) => ({
        path: f,
        code: 'UPLOAD_FIELD_DIFFERS' as const,
        params: { field: f, value: String(row[f]) },
      })),
    );
  }
}

/**
 * `POST /fileservice/merge` (API.md §7). Idempotent: returns the current state.
 * - all shards there and still uploading → the file moves into storage (local: a rename; S3: remaining
 *   parts sent, then CompleteMultipartUpload), state `processing`, the probe job is queued →
 *   `{ merged: true, fileKey, url }`
 * - already processing or ready → the same answer; another merge in progress → `{ merged: false }`
 * @throws FAILED with ercd SHARDS_MISSING and `data: { missing, missingCount, truncated }` (missing lists at
 *   most 1000 indices, ascending); FAILED when the probe refused the file; NOT_FOUND for a key this user
 *   has no upload under (another user's upload of the same key is theirs alone)
 */
export async function mergeUpload(
  deps: FileServiceDeps,
  userId: number,
  key: string,
  now = new Date(),
): Promise<MergeResult> {
  const row = await loadOwned(deps.db, userId, key);
  const fileKey = videoFileKey(row.key, row.suffix, row.createdAt);
  if (row.state === 'processing' || row.state === 'ready') {
    // The stored name: a row merged before names carried `createdAt` keeps its `videos/<key>.<suffix>`.
    const merged = row.fileKey ?? fileKey;
    return { merged: true, fileKey: merged, url: videoUrl(merged) };
  }
  if (row.state === 'failed') throw new AppError('FAILED', uploadFailure(row) ?? 'MERGE_FAILED');

  const received = await repo.listShards(deps.db, row.key);
  if (received.length < row.shardTotal) {
    const have = new Set(received);
    const missing: number[] = [];
    for (let i = 1; i <= row.shardTotal; i++) if (!have.has(i)) missing.push(i);
    throw new AppError(
      'FAILED',
      { code: 'SHARDS_MISSING', params: { missing: missing.length, total: row.shardTotal } },
      {
        ercd: SHARDS_MISSING_ERCD,
        data: {
          missing: missing.slice(0, MISSING_LIST_MAX),
          missingCount: missing.length,
          truncated: missing.length > MISSING_LIST_MAX,
        },
      },
    );
  }
  if (!(await repo.claimMerge(deps.db, row.key, now, new Date(now.getTime() - STALE_MERGE_MS))))
    return { merged: false };

  try {
    for (let p = 1; p <= deps.staging.partCount(staged(row)); p++) await ensurePartUploaded(deps, row, p);
    const parts = await repo.listParts(deps.db, row.key);
    await deps.staging.complete(staged(row), fileKey, videoContentType(row.suffix), parts);
  } catch (error) {
    // Give the merge back so the client can retry; nothing was lost.
    await repo.updateUpload(deps.db, row.key, { state: 'uploading' });
    throw error;
  }
  await repo.updateUpload(deps.db, row.key, {
    state: 'processing',
    fileKey,
    s3UploadId: null,
    updatedAt: now,
  });
  await deps.jobs.send(JOB_NAMES.videoProbe, { key: row.key });
  return { merged: true, fileKey, url: videoUrl(fileKey) };
}

/** Cover image URL of an upload (API.md §4 sized image, original size), or null. */
export function coverUrl(coverKey: string | null): string | null {
  return coverKey ? `/media/img/0x0/${coverKey}` : null;
}

/** An upload as other modules see it (the video module plays it): the stored row. */
export type UploadRow = repo.UploadRow;

/**
 * The author's upload of the client's `key` (API.md §7 `fileUploadId`), looked up under its scoped id
 * (`scopedUploadKey`), for the video module's publish and detail (issue #3).
 * @param db the database or the caller's transaction
 * @param opts.forUpdate lock the row until the end of the caller's transaction (publishing takes it, so a
 *   cancel of the same upload waits and then sees the video that plays it; issue #8 item 1)
 * @returns the row (any state), or null when the author has no such upload
 */
export async function findUserUpload(
  db: Db,
  userId: number,
  key: string,
  opts: { forUpdate?: boolean } = {},
): Promise<UploadRow | null> {
  const id = scopedUploadKey(userId, key);
  const row = opts.forUpdate ? await repo.findUploadForUpdate(db, id) : await repo.findUpload(db, id);
  return row && row.userId === userId ? row : null;
}

/**
 * `GET /fileservice/isExistLocalMergeFile` (API.md §7 plus the `receivedShards` extension, and `coverUrl`
 * once a cover exists). An unknown key answers `exists: false, state: 'uploading', receivedShards: []`, so
 * a client can ask before sending anything.
 * Keys are scoped by the token's user (scopedUploadKey): another user's upload is simply not there.
 */
export async function getMergeStatus(
  deps: FileServiceDeps,
  userId: number,
  key: string,
  lang: MessageLanguage,
): Promise<MergeFileStatus> {
  const row = UPLOAD_KEY_PATTERN.test(key)
    ? await repo.findUpload(deps.db, scopedUploadKey(userId, key))
    : null;
  if (row && row.userId !== userId) throw new AppError('NOT_FOUND', 'UPLOAD_NOT_FOUND');
  if (!row) {
    if (!UPLOAD_KEY_PATTERN.test(key))
      throw AppError.validation([{ path: 'fileUploadId', code: 'FILE_UPLOAD_ID_FORMAT' }]);
    return { exists: false, state: 'uploading', fileKey: null, url: null, receivedShards: [] };
  }
  const merged = row.state === 'processing' || row.state === 'ready';
  const status: MergeFileStatus = {
    exists: merged,
    state: row.state,
    fileKey: merged ? row.fileKey : null,
    url: merged && row.fileKey ? videoUrl(row.fileKey) : null,
    receivedShards: await repo.listShards(deps.db, row.key),
    coverUrl: coverUrl(row.cover),
  };
  if (row.state === 'ready') {
    status.duration = row.duration ?? undefined;
    status.width = row.width ?? undefined;
    status.height = row.height ?? undefined;
  }
  if (row.state === 'failed') {
    const reason = uploadFailure(row);
    status.error = reason ? renderMessage(reason, lang) : (row.error ?? undefined);
  }
  return status;
}

/** Frees the bytes an upload holds: staged bytes, the S3 multipart upload, the merged video, the cover. */
async function freeUploadBytes(deps: FileServiceDeps, row: repo.UploadRow): Promise<void> {
  const fileKey = videoFileKey(row.key, row.suffix, row.createdAt);
  if (row.storage === deps.staging.driver) await deps.staging.abort(staged(row), fileKey);
  if (row.fileKey) await deps.storage.delete(row.fileKey);
  if (row.cover) await deps.storage.delete(row.cover);
}

/** Frees everything an upload holds: its bytes (`freeUploadBytes`), then its rows. */
async function removeUpload(deps: FileServiceDeps, row: repo.UploadRow): Promise<void> {
  await freeUploadBytes(deps, row);
  await repo.deleteUpload(deps.db, row.key);
}

/**
 * `DELETE /fileservice/upload` (API.md §7): cancels the upload and frees its bytes — the partial file or
 * staged parts, the S3 multipart upload (aborted), a merged video, the cover — and removes its rows.
 * Cancelling an unknown key is not an error (the client may cancel before its first shard arrived).
 * The bytes behind a published, scheduled or under-review video are immutable (issue #8 item 1): such an
 * upload is refused. The check and the row's removal run in one transaction holding the upload row's lock,
 * which `publishVideo` takes too, so a publish cannot slip in between; the bytes are freed after the commit.
 * @throws CONFLICT (10008) while a merge is running, and with ercd UPLOAD_IN_USE when a published, scheduled
 *   or under-review video plays the upload; VALIDATION_FAILED for a key that is not 32 lowercase hex
 */
export async function cancelUpload(deps: FileServiceDeps, userId: number, key: string): Promise<null> {
  if (!UPLOAD_KEY_PATTERN.test(key))
    throw AppError.validation([{ path: 'fileUploadId', code: 'FILE_UPLOAD_ID_FORMAT' }]);
  const row = await deps.db.transaction(async (tx) => {
    const found = await repo.findUploadForUpdate(tx, scopedUploadKey(userId, key));
    if (!found) return null;
    if (found.userId !== userId) throw new AppError('NOT_FOUND', 'UPLOAD_NOT_FOUND');
    if (found.state === 'merging') throw new AppError('CONFLICT', 'UPLOAD_MERGING');
    if (await isUploadPinned(tx, userId, key)) {
      throw new AppError('CONFLICT', 'UPLOAD_IN_USE', { ercd: UPLOAD_IN_USE_ERCD });
    }
    await repo.deleteUpload(tx, found.key);
    return found;
  });
  if (row) await freeUploadBytes(deps, row);
  return null;
}

/**
 * The `upload-release` job (issue #8 item 1): after a video swaps its upload for another, the file it played
 * before is removed — row, bytes, cover — once no work of the author that is not deleted plays it
 * (`isUploadReferenced`). The check and the row's removal run in one transaction holding the upload row's
 * lock, which `publishVideo` takes too, so a publish that puts the file back into a work either commits
 * first (and the release keeps the file) or waits and finds the upload gone (10006); the bytes are freed
 * after the commit. Idempotent: an unknown key, another author's key, or a merge in flight does nothing, and
 * so does a NEW upload under the same client key (created after `swappedAt`: the author cancelled the old
 * one and started again before the job ran).
 * @param userId the author whose work played the upload
 * @param key the client key (API.md §7 `fileUploadId`)
 * @param swappedAt when the work stopped playing it (the publish's clock)
 * @returns whether the upload was removed
 */
export async function releaseUpload(
  deps: FileServiceDeps,
  userId: number,
  key: string,
  swappedAt: Date,
): Promise<boolean> {
  const row = await deps.db.transaction(async (tx) => {
    const found = await repo.findUploadForUpdate(tx, scopedUploadKey(userId, key));
    if (!found || found.userId !== userId || found.state === 'merging') return null;
    if (found.createdAt.getTime() > swappedAt.getTime()) return null;
    if (await isUploadReferenced(tx, userId, key)) return null;
    await repo.deleteUpload(tx, found.key);
    return found;
  });
  if (!row) return false;
  await freeUploadBytes(deps, row);
  return true;
}

/**
 * The periodic cleanup (API.md §7 "an upload untouched for 24 h is deleted with its bytes"): uploads still
 * `uploading` (or a `merging` that died, or `failed`) whose `updated_at` is 24 h or more before `now`.
 * Merged videos (`processing`, `ready`) are kept: they are the author's. An upload that a published,
 * scheduled or under-review video plays is never removed, whatever its state (issue #8 item 1).
 * @param now the clock (tests inject one)
 * @returns the keys removed
 */
export async function cleanupExpiredUploads(
  deps: FileServiceDeps,
  now = new Date(),
  batch = 500,
): Promise<string[]> {
  const rows = await repo.findUntouched(
    deps.db,
    ['uploading', 'merging', 'failed'],
    new Date(now.getTime() - UPLOAD_EXPIRY_MS),
    batch,
  );
  const pinned = await findPinnedUploads(
    deps.db,
    rows.map((r) => r.key),
  );
  const removed: string[] = [];
  for (const row of rows) {
    if (pinned.has(row.key)) continue;
    await removeUpload(deps, row);
    removed.push(row.key);
  }
  return removed;
}

/**
 * The probe job (issue #3): reads a merged video with ffprobe → duration (s), width, height (px), codecs;
 * bytes that are not a video whatever their name → state `failed` with the reason and the bytes deleted;
 * without a cover from the author, one is made from a frame about 1 s in (JPEG); → state `ready`.
 * Does nothing unless the upload is `processing` (a job delivered twice is harmless).
 * @throws when a tool is missing or storage fails (the queue retries)
 */
export async function runVideoProbe(deps: FileServiceDeps, key: string, now = new Date()): Promise<void> {
  const row = await repo.findUpload(deps.db, key);
  if (!row || row.state !== 'processing' || !row.fileKey) return;
  const fileKey = row.fileKey;
  const outcome = await withReadableInput(deps.storage, fileKey, async (input) => {
    const probe = await probeVideo(deps.ffprobePath, input);
    if ('error' in probe) return probe;
    const frame = row.cover
      ? null
      : await extractFrameJpeg(deps.ffmpegPath, input, Math.min(1, probe.duration / 2));
    return { probe, frame };
  });
  if ('error' in outcome) {
    await deps.storage.delete(fileKey);
    await repo.updateUpload(deps.db, key, {
      state: 'failed',
      error: outcome.error,
      errorMessage: outcome.reason,
      fileKey: null,
      updatedAt: now,
    });
    return;
  }
  let cover = row.cover;
  if (outcome.frame) {
    cover = `covers/${row.key}.jpg`;
    await deps.storage.put(cover, outcome.frame, 'image/jpeg');
  }
  const { probe } = outcome;
  await repo.updateUpload(deps.db, key, {
    state: 'ready',
    duration: probe.duration,
    width: probe.width,
    height: probe.height,
    codecs: probe.codecs,
    cover,
    updatedAt: now,
  });
}
