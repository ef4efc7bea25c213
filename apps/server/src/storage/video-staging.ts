import fs, { constants } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LocalDiskStorage } from './local-disk.js';
import { S3_MIN_PART_BYTES, S3Storage } from './s3.js';
import type { ObjectStorage } from './storage.js';

/**
 * Where the shards of a video upload go until the merge (issue #3, API.md §7), per storage driver.
 *
 * - local: one file `UPLOAD_DIR/<key>.part` preallocated at the full size; each shard is written at its
 *   byte offset, so the merge is a rename into the media directory — a metadata step, never a copy.
 * - s3: an S3 multipart upload. Parts must be at least 5 MiB, so a part is `ceil(5 MiB / shardSize)`
 *   consecutive shards (1 MiB shards → 5 per part, 2 MiB → 3, 5 MiB → 1), staged on local disk in
 *   `UPLOAD_DIR/<key>/<part>.part` and uploaded as soon as all its shards are there; the merge is
 *   CompleteMultipartUpload. Local disk never holds more than the parts still incomplete.
 *
 * Every write is fsynced before it returns: the caller records the shard as received only afterwards, so a
 * crash never counts a shard whose bytes are not on disk.
 */

/** The facts of an upload the staging needs. Sizes in bytes; shard indices and part numbers 1-based. */
export interface StagedUpload {
  key: string;
  size: number;
  shardSize: number;
  shardTotal: number;
  s3UploadId: string | null;
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

export class S3VideoStaging implements VideoStaging {
  readonly driver = 's3' as const;

  constructor(
    private readonly uploadDir: string,
    private readonly storage: S3Storage,
  ) {}

  /** Shards per part: the fewest whole shards reaching S3's 5 MiB minimum. */
  shardsPerPart(upload: Pick<StagedUpload, 'shardSize'>): number {
    return Math.ceil(S3_MIN_PART_BYTES / upload.shardSize);
  }

  private partDir(key: string): string {
    return path.join(this.uploadDir, key);
  }

  private partPath(key: string, partNumber: number): string {
    return path.join(this.partDir(key), `${partNumber}.part`);
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
    await mkdir(this.uploadDir, { recursive: true });
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

  writeShard(upload: StagedUpload, shardIndex: number, bytes: Buffer | readonly Buffer[]): Promise<void> {
    const { partNumber, firstShard } = this.partOf(upload, shardIndex);
    return writeAt(
      this.partPath(upload.key, partNumber),
      this.partBytes(upload, partNumber),
      (shardIndex - firstShard) * upload.shardSize,
      bytes,
    );
  }

  async uploadPart(upload: StagedUpload, fileKey: string, partNumber: number): Promise<string> {
    if (!upload.s3UploadId) throw new Error('upload has no S3 multipart upload');
    const file = this.partPath(upload.key, partNumber);
    // At most 5 MiB (or 6 MiB with 2 MiB shards) in memory: the SDK needs the length and a replayable body.
    const bytes = await readFile(file);
    if (bytes.length !== this.partBytes(upload, partNumber))
      throw new Error(`staged part ${partNumber} has the wrong size`);
    const etag = await this.storage.uploadPart(fileKey, upload.s3UploadId, partNumber, bytes);
    await rm(file, { force: true });
    return etag;
  }

  async complete(
    upload: StagedUpload,
    fileKey: string,
    _contentType: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    if (!upload.s3UploadId) throw new Error('upload has no S3 multipart upload');
    await this.storage.completeMultipartUpload(fileKey, upload.s3UploadId, parts);
    await rm(this.partDir(upload.key), { recursive: true, force: true });
  }

  async abort(upload: StagedUpload, fileKey: string): Promise<void> {
    if (upload.s3UploadId) await this.storage.abortMultipartUpload(fileKey, upload.s3UploadId);
    await rm(this.partDir(upload.key), { recursive: true, force: true });
  }

  async stagedBytes(upload: StagedUpload): Promise<number> {
    let total = 0;
    for (let p = 1; p <= this.partCount(upload); p++)
      total += await allocatedBytes(this.partPath(upload.key, p));
    return total;
  }
}

/** The staging matching the storage (local disk or S3). */
export function createVideoStaging(uploadDir: string, storage: ObjectStorage): VideoStaging {
  if (storage instanceof S3Storage) return new S3VideoStaging(uploadDir, storage);
  if (storage instanceof LocalDiskStorage) return new LocalVideoStaging(uploadDir, storage);
  throw new Error('video uploads need local-disk or S3 storage');
}
