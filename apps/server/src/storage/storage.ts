import type { Readable } from 'node:stream';
import type { S3Config } from '../config.js';
import { LocalDiskStorage } from './local-disk.js';
import { S3Storage } from './s3.js';

/** Size and type of a stored object. */
export interface ObjectInfo {
  /** bytes */
  size: number;
  contentType: string | undefined;
}

/**
 * Where media bytes live (ARCHITECTURE.md "Storage and scale"): local disk by default, S3-compatible object
 * storage at scale (issue #3). Keys follow API.md §4 (`[a-z0-9/_.-]`, no `..`); every method validates the
 * key and throws AppError NOT_FOUND for an invalid one.
 */
export interface ObjectStorage {
  /** Stores the bytes under `key`, replacing what was there; atomic: readers see the old or the new bytes. */
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The bytes under `key`, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Size and type, or null when there is no object. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Streams the object, or the inclusive byte range `start..end` of it (video range requests, issue #3);
   * null when there is no object. The caller checks the range against `stat().size` first.
   */
  createReadStream(key: string, range?: ByteRange): Promise<Readable | null>;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Builds the configured storage: local disk under `mediaDir` (default), or S3-compatible object storage
 * when `storageDriver` is `s3` (STORAGE_DRIVER, issue #3).
 */
export function createStorage(config: {
  mediaDir: string;
  storageDriver?: 'local' | 's3';
  s3?: S3Config | undefined;
}): ObjectStorage {
  if (config.storageDriver === 's3') {
    if (!config.s3) throw new Error('STORAGE_DRIVER=s3 needs the S3_* settings');
    return new S3Storage(config.s3);
  }
  return new LocalDiskStorage(config.mediaDir);
}
