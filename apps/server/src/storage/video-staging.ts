import fs, { constants } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LocalDiskStorage } from './local-disk.js';
import { isNoSuchUpload, S3_MIN_PART_BYTES, S3Storage } from './s3.js';
import type { ObjectStorage } from './storage.js';

/**
 * Where the shards of a video upload go until the merge (issue #3, API.md §7), per storage driver.
 *
 * - local: one file `UPLOAD_DIR/<key>.part` preallocated at the full size; each shard is written at its
 *   byte offset, so the merge is a rename into the media directory — a metadata step, never a copy.
 * - s3: an S3 multipart upload. Parts must be at least 5 MiB, so a part is `ceil(5 MiB / shardSize)`
 *   consecutive shards (1 MiB shards → 5 per part, 2 MiB → 3, 5 MiB → 1). Shards are staged in the bucket
 *   itself (`staging/<key>/`, see S3VideoStaging; issue #16: any of several servers may receive any shard)
 *   and a part is uploaded as soon as all its shards are there; the merge is CompleteMultipartUpload.
 *
 * Every write is durable before it returns (local: fsynced; s3: acknowledged by S3): the caller records the
 * shard as received only afterwards, so a crash never counts a shard whose bytes are not stored.
 */

/** The facts of an upload the staging needs. Sizes in bytes; shard indices and part numbers 1-based. */
export interface StagedUpload {
  key: string;
  size: number;
  shardSize: number;
  shardTotal: number;
  s3UploadId: string | null;
  /**
   * The merged object's key (`videoFileKey`); when given, the s3 driver sends a shard that is a whole part
   * straight into the multipart upload (issue #16), else it stages it like the others.
   */
  fileKey?: string;
}

/** The shards making up one S3 part. */
export interface PartSpan {
  partNumber: number;
  firstShard: number;
  lastShard: number;
}

export interface VideoStaging {
  readonly driver: 'local' | 's3';
  /** Prepares a new upload whose merged object will be `fileKey`; returns the S3 UploadId (s3) or null. */
  begin(
    upload: Pick<StagedUpload, 'key' | 'size'>,
    fileKey: string,
    contentType: string,
  ): Promise<{ s3UploadId: string | null }>;
  /**
   * Undoes one `begin` whose upload row lost the race to another first shard: drops only what that call
   * made (its S3 multipart upload), never the staged bytes, which belong to the winner.
   */
  release(fileKey: string, begun: { s3UploadId: string | null }): Promise<void>;
  /**
   * Writes a shard's bytes (one buffer or the chunks as received) at their place and returns once they are
   * durable (fdatasync, possibly one shared with concurrent shards of the same file that began after this
   * write).
   */
  writeShard(upload: StagedUpload, shardIndex: number, bytes: Buffer | readonly Buffer[]): Promise<void>;
  /** The part a shard belongs to (s3), or null when the driver has no parts (local). */
  partOf(upload: StagedUpload, shardIndex: number): PartSpan | null;
  /** Number of parts (s3); 0 for local. */
  partCount(upload: StagedUpload): number;
  /** Uploads a complete staged part and frees its local bytes; returns the ETag (s3 only). */
  uploadPart(upload: StagedUpload, fileKey: string, partNumber: number): Promise<string>;
  /** Moves the complete file into storage under `fileKey` (local: rename; s3: complete the multipart upload). */
  complete(
    upload: StagedUpload,
    fileKey: string,
    contentType: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void>;
  /** Frees everything staged for the upload (partial file, staged parts, the S3 multipart upload). */
  abort(upload: StagedUpload, fileKey: string): Promise<void>;
  /** Bytes currently staged on local disk for the upload (tests, cleanup reports). */
  stagedBytes(upload: StagedUpload): Promise<number>;
}

/** Thrown by writeShard when the upload's staging is gone (merged, cancelled, expired) meanwhile. */
export class StagingGoneError extends Error {
  constructor() {
    super('the staged file of this upload is gone (merged, cancelled or expired)');
    this.name = 'StagingGoneError';
  }
}

/** Creates `file` at `size` bytes (sparse) unless it exists; never truncates what is there. */
async function preallocate(file: string, size: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // O_CREAT without O_TRUNC: a restart or a concurrent first shard must never wipe shards already there.
  const fh = await open(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    // ftruncate preallocates the full size (sparse on most file systems); shards fill it in any order.
    if ((await fh.stat()).size < size) await fh.truncate(size);
  } finally {
    await fh.close();
  }
}

/**
 * One fdatasync per file serving every write that completed before it started. fdatasync flushes the file
 * (the inode), whichever descriptor wrote the pages, so while a sync runs, the writers that finish meanwhile
 * wait for ONE next sync (started after the running one, hence after their writes) instead of one each.
 * A writer is only told "durable" by a sync that began after its write returned: the caller's row insert
 * still follows a sync covering its bytes. Per process, keyed by path; a failed sync fails its waiters.
 */
interface SyncState {
  running: Promise<void> | null;
  next: Promise<void> | null;
}
const syncs = new Map<string, SyncState>();

/** Makes the bytes written so far through `fh` (to `file`) durable, sharing the sync with concurrent writers. */
function coalescedDatasync(file: string, fd: number): Promise<void> {
  let state = syncs.get(file);
  if (!state) {
    state = { running: null, next: null };
    syncs.set(file, state);
  }
  const s = state;
  const start = (): Promise<void> => {
    // fdatasync: the data and the size, without the timestamps (the file's length never changes after
    // preallocation, so this skips a metadata journal commit).
    const run = new Promise<void>((resolve, reject) =>
      fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    ).finally(() => {
      if (s.running === run) s.running = null;
      if (!s.running && !s.next && syncs.get(file) === s) syncs.delete(file);
    });
    s.running = run;
    return run;
  };
  if (!s.running) return start();
  // A sync is running and may have started before this write finished: wait for the next one (shared by
  // everyone arriving now). The writer that creates it keeps its descriptor open until it settles.
  s.next ??= s.running
    .catch(() => undefined)
    .then(() => {
      s.next = null;
      return start();
    });
  return s.next;
}

/**
 * Writes `bytes` (one buffer, or the chunks as received: written with writev, never concatenated) at
 * `offset` of `file`, preallocated at `size`, then fdatasyncs (coalesced with concurrent writers of the same
 * file, see coalescedDatasync). With `create: false` the file must exist: a shard arriving after the merge
 * renamed it (or a cancel removed it) must not leave a new file behind, so it gets StagingGoneError instead.
 */
async function writeAt(
  file: string,
  size: number,
  offset: number,
  bytes: Buffer | readonly Buffer[],
  create = true,
): Promise<void> {
  if (create) await preallocate(file, size);
  // open and close run on this thread: they take microseconds on a local file system, whereas through the
  // libuv pool (4 threads) they queued behind the 5 MiB writes and fdatasyncs of the other shards (~30 ms
  // per shard in the upload bench). The write and the sync stay in the pool.
  let fd: number;
  try {
    fd = fs.openSync(file, constants.O_RDWR);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StagingGoneError();
    throw error;
  }
  try {
    let chunks = Buffer.isBuffer(bytes) ? [bytes] : bytes.filter((b) => b.length > 0);
    let position = offset;
    while (chunks.length) {
      const bytesWritten = await new Promise<number>((resolve, reject) =>
        fs.writev(fd, chunks, position, (error, n) => (error ? reject(error) : resolve(n))),
      );
      position += bytesWritten;
      // A short write (rare on regular files): continue after the bytes that made it.
      let skip = bytesWritten;
      while (chunks.length && skip >= chunks[0]!.length) {
        skip -= chunks[0]!.length;
        chunks = chunks.slice(1);
      }
      if (skip > 0) chunks = [chunks[0]!.subarray(skip), ...chunks.slice(1)];
    }
    await coalescedDatasync(file, fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Allocated bytes of a file (sparse files count only what was written), 0 when missing. */
async function allocatedBytes(file: string): Promise<number> {
  const s = await stat(file).catch(() => null);
  return s ? s.blocks * 512 : 0;
}

export class LocalVideoStaging implements VideoStaging {
  readonly driver = 'local' as const;

  constructor(
    private readonly uploadDir: string,
    private readonly storage: LocalDiskStorage,
  ) {}

  partFile(key: string): string {
    return path.join(this.uploadDir, `${key}.part`);
  }

  /** Preallocates `UPLOAD_DIR/<key>.part` at the full size; shards then only write into it. */
  async begin(upload: Pick<StagedUpload, 'key' | 'size'>): Promise<{ s3UploadId: string | null }> {
    await preallocate(this.partFile(upload.key), upload.size);
    return { s3UploadId: null };
  }

  async release(): Promise<void> {}

  writeShard(upload: StagedUpload, shardIndex: number, bytes: Buffer | readonly Buffer[]): Promise<void> {
    return writeAt(this.partFile(upload.key), upload.size, (shardIndex - 1) * upload.shardSize, bytes, false);
  }

  partOf(): PartSpan | null {
    return null;
  }

  partCount(): number {
    return 0;
  }

  uploadPart(): Promise<string> {
    return Promise.reject(new Error('local staging has no parts'));
  }

  async complete(upload: StagedUpload, fileKey: string, contentType: string): Promise<void> {
    const target = this.storage.filePath(fileKey);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.type`, contentType);
    const source = this.partFile(upload.key);
    try {
      await rename(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A merge retried after a crash between the rename and the state update: the file is already there.
      if (code === 'ENOENT' && (await stat(target).catch(() => null))?.size === upload.size) return;
      // UPLOAD_DIR on another file system than the media dir: the rename cannot work, so copy (slow;
      // docs/operations.md says to keep both on one file system).
      if (code !== 'EXDEV') throw error;
      const tmp = `${target}.${upload.key}.tmp`;
      await copyFile(source, tmp);
      await rename(tmp, target);
      await rm(source, { force: true });
    }
  }

  async abort(upload: StagedUpload): Promise<void> {
    await rm(this.partFile(upload.key), { force: true });
  }

  stagedBytes(upload: StagedUpload): Promise<number> {
    return allocatedBytes(this.partFile(upload.key));
  }
}

/** Prefix of the objects staging upload `key` in the bucket (issue #16): `staging/<key>/`. */
export function s3StagingPrefix(key: string): string {
  return `staging/${key}/`;
}

/**
 * Video staging on S3 (STORAGE_DRIVER=s3), shared by every server (issue #16, docs/decisions/0020): a shard
 * is acknowledged only once S3 holds it, so whichever server the next shard, the part upload or the merge
 * reaches finds it, and a server killed at any moment loses nothing acknowledged.
 * - A shard that is a whole part (5 MiB shards; a one-shard last part) goes straight into the multipart
 *   upload (UploadPart), then its ETag is written to `staging/<key>/p<part>.etag`.
 * - Other shards become objects `staging/<key>/s<index>`. Once a part's shards are all recorded, any server
 *   (the one storing its last shard, or the merge) reads them, sends the part (UploadPart), writes the ETag
 *   object, and only then deletes the shard objects. A second server sending the same part at the same time
 *   sends the same bytes, or finds the shards gone and reads the ETag object instead.
 * - The merge completes the multipart upload and deletes the prefix; abort deletes it too.
 * Parts staged on local disk by an earlier version (`UPLOAD_DIR/<key>/<part>.part`) are still read and freed.
 */
export class S3VideoStaging implements VideoStaging {
  readonly driver = 's3' as const;

  /**
   * @param uploadDir where an earlier version staged parts on local disk (read for uploads begun then)
   * @param storage the bucket
   */
  constructor(
    private readonly uploadDir: string,
    private readonly storage: S3Storage,
  ) {}

  /** Shards per part: the fewest whole shards reaching S3's 5 MiB minimum. */
  shardsPerPart(upload: Pick<StagedUpload, 'shardSize'>): number {
    return Math.ceil(S3_MIN_PART_BYTES / upload.shardSize);
  }

  /** The object holding shard `shardIndex` of upload `key` until its part is sent. */
  shardObject(key: string, shardIndex: number): string {
    return `${s3StagingPrefix(key)}s${shardIndex}`;
  }

  /** The object recording the ETag of part `partNumber` once sent (written before its shards are deleted). */
  etagObject(key: string, partNumber: number): string {
    return `${s3StagingPrefix(key)}p${partNumber}.etag`;
  }

  private legacyPartPath(key: string, partNumber: number): string {
    return path.join(this.uploadDir, key, `${partNumber}.part`);
  }

  private partBytes(upload: StagedUpload, partNumber: number): number {
    const partSize = this.shardsPerPart(upload) * upload.shardSize;
    return Math.min(partSize, upload.size - (partNumber - 1) * partSize);
  }

  async begin(
    _upload: Pick<StagedUpload, 'key' | 'size'>,
    fileKey: string,
    contentType: string,
  ): Promise<{ s3UploadId: string | null }> {
    return { s3UploadId: await this.storage.createMultipartUpload(fileKey, contentType) };
  }

  async release(fileKey: string, begun: { s3UploadId: string | null }): Promise<void> {
    if (begun.s3UploadId) await this.storage.abortMultipartUpload(fileKey, begun.s3UploadId);
  }

  partOf(upload: StagedUpload, shardIndex: number): PartSpan {
    const per = this.shardsPerPart(upload);
    const partNumber = Math.ceil(shardIndex / per);
    const firstShard = (partNumber - 1) * per + 1;
    return { partNumber, firstShard, lastShard: Math.min(firstShard + per - 1, upload.shardTotal) };
  }

  partCount(upload: StagedUpload): number {
    return Math.ceil(upload.shardTotal / this.shardsPerPart(upload));
  }

  /**
   * Puts the shard in S3 and returns once S3 acknowledged it: straight into the multipart upload when the
   * shard is a whole part and `upload.fileKey` is known, else as the object `shardObject(key, index)`.
   * @throws StagingGoneError when the multipart upload was completed or aborted meanwhile
   */
  async writeShard(
    upload: StagedUpload,
    shardIndex: number,
    bytes: Buffer | readonly Buffer[],
  ): Promise<void> {
    const body = Buffer.isBuffer(bytes) ? bytes : bytes.length === 1 ? bytes[0]! : Buffer.concat(bytes);
    const { partNumber, firstShard, lastShard } = this.partOf(upload, shardIndex);
    if (firstShard !== lastShard || !upload.fileKey || !upload.s3UploadId) {
      await this.storage.put(this.shardObject(upload.key, shardIndex), body, 'application/octet-stream');
      return;
    }
    let etag: string;
    try {
      etag = await this.storage.uploadPart(upload.fileKey, upload.s3UploadId, partNumber, body);
    } catch (error) {
      if (isNoSuchUpload(error)) throw new StagingGoneError();
      throw error;
    }
    await this.storage.put(this.etagObject(upload.key, partNumber), Buffer.from(etag), 'text/plain');
  }

  /**
   * Makes sure part `partNumber` is in the multipart upload and returns its ETag: from the ETag object when
   * the part was sent already (by this server or another), else by sending the part assembled from its
   * staged shards (at most 6 MiB in memory), writing the ETag object, then deleting the shard objects.
   * @throws StagingGoneError when the multipart upload was completed or aborted meanwhile; Error when a shard
   *   of the part is in neither S3 nor the legacy local file (the caller must only ask for a complete part)
   */
  async uploadPart(upload: StagedUpload, fileKey: string, partNumber: number): Promise<string> {
    if (!upload.s3UploadId) throw new Error('upload has no S3 multipart upload');
    const etagKey = this.etagObject(upload.key, partNumber);
    const sent = await this.storage.get(etagKey);
    if (sent) return sent.toString('utf8');
    const per = this.shardsPerPart(upload);
    const firstShard = (partNumber - 1) * per + 1;
    const lastShard = Math.min(firstShard + per - 1, upload.shardTotal);
    const indices = Array.from({ length: lastShard - firstShard + 1 }, (_, i) => firstShard + i);
    const shards = await Promise.all(indices.map((i) => this.storage.get(this.shardObject(upload.key, i))));
    if (shards.some((s) => s === null)) {
      // Another server sent this part meanwhile: it wrote the ETag object before deleting the shards.
      const again = await this.storage.get(etagKey);
      if (again) return again.toString('utf8');
      // Shards staged on local disk by an earlier version (one preallocated file per part).
      const legacy = await readFile(this.legacyPartPath(upload.key, partNumber)).catch(() => null);
      if (!legacy) throw new Error(`staged shards of part ${partNumber} are missing`);
      indices.forEach((index, n) => {
        if (shards[n]) return;
        const offset = (index - firstShard) * upload.shardSize;
        shards[n] = legacy.subarray(offset, Math.min(offset + upload.shardSize, legacy.length));
      });
    }
    const bytes = Buffer.concat(shards as Buffer[]);
    if (bytes.length !== this.partBytes(upload, partNumber))
      throw new Error(`staged part ${partNumber} has the wrong size`);
    let etag: string;
    try {
      etag = await this.storage.uploadPart(fileKey, upload.s3UploadId, partNumber, bytes);
    } catch (error) {
      if (isNoSuchUpload(error)) throw new StagingGoneError();
      throw error;
    }
    await this.storage.put(etagKey, Buffer.from(etag), 'text/plain');
    await this.storage.deleteMany(indices.map((i) => this.shardObject(upload.key, i)));
    await rm(this.legacyPartPath(upload.key, partNumber), { force: true });
    return etag;
  }

  /**
   * Completes the multipart upload, then deletes everything staged. A completion retried after a crash
   * between S3's completion and the upload's state change (NoSuchUpload while the object is there at its
   * full size) counts as done.
   */
  async complete(
    upload: StagedUpload,
    fileKey: string,
    _contentType: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    if (!upload.s3UploadId) throw new Error('upload has no S3 multipart upload');
    try {
      await this.storage.completeMultipartUpload(fileKey, upload.s3UploadId, parts);
    } catch (error) {
      if (!isNoSuchUpload(error) || (await this.storage.stat(fileKey))?.size !== upload.size) throw error;
    }
    await this.clear(upload.key);
  }

  async abort(upload: StagedUpload, fileKey: string): Promise<void> {
    if (upload.s3UploadId) await this.storage.abortMultipartUpload(fileKey, upload.s3UploadId);
    await this.clear(upload.key);
  }

  /** Deletes the staging objects of upload `key` and any legacy local part files. */
  async clear(key: string): Promise<void> {
    const staged = await this.storage.list(s3StagingPrefix(key));
    await this.storage.deleteMany(staged.map((o) => o.key));
    await rm(path.join(this.uploadDir, key), { recursive: true, force: true });
  }

  /** Bytes of shards staged for the upload: shard objects in S3 plus legacy local part files. */
  async stagedBytes(upload: StagedUpload): Promise<number> {
    const staged = await this.storage.list(s3StagingPrefix(upload.key));
    let total = staged.filter((o) => !o.key.endsWith('.etag')).reduce((sum, o) => sum + o.size, 0);
    for (let p = 1; p <= this.partCount(upload); p++)
      total += await allocatedBytes(this.legacyPartPath(upload.key, p));
    return total;
  }

  /**
   * The upload keys that have objects under `staging/` (for the orphan sweep, jobs/upload-staging-sweep.ts),
   * each with the newest object's time.
   */
  async stagedUploads(): Promise<Map<string, Date | null>> {
    const keys = new Map<string, Date | null>();
    for (const o of await this.storage.list('staging/')) {
      const key = o.key.split('/')[1];
      if (!key) continue;
      const seen = keys.get(key);
      if (!keys.has(key) || (o.lastModified && (!seen || o.lastModified > seen)))
        keys.set(key, o.lastModified);
    }
    return keys;
  }
}

/** The staging matching the storage (local disk or S3). */
export function createVideoStaging(uploadDir: string, storage: ObjectStorage): VideoStaging {
  if (storage instanceof S3Storage) return new S3VideoStaging(uploadDir, storage);
  if (storage instanceof LocalDiskStorage) return new LocalVideoStaging(uploadDir, storage);
  throw new Error('video uploads need local-disk or S3 storage');
}
