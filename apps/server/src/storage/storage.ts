import { LocalDiskStorage } from './local-disk.js';

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
}

/** Builds the configured storage. Today: local disk under `mediaDir` (bytes) — S3 arrives with issue #3. */
export function createStorage(config: { mediaDir: string }): ObjectStorage {
  return new LocalDiskStorage(config.mediaDir);
}
