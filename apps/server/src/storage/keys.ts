import { AppError } from '../errors.js';

/** Object keys (API.md §4): `[a-z0-9/_.-]`, no `..` segment, no leading or doubled `/`, at most 512 chars. */
const KEY_PATTERN = /^[a-z0-9_.-]+(\/[a-z0-9_.-]+)*$/;

/** True when `key` is a valid object key (API.md §4); guards every path built from a key. */
export function isValidKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 512 &&
    KEY_PATTERN.test(key) &&
    !key.split('/').some((s) => s === '..' || s === '.') &&
    // local-disk keeps `<key>.type` sidecars and `<key>.<uuid>.tmp` files beside objects
    !/\.(type|tmp)$/.test(key)
  );
}

/**
 * Throws NOT_FOUND for an invalid key: a traversal attempt gets the same answer as a missing object,
 * so it learns nothing (API.md §3 "no existence leak").
 */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new AppError('NOT_FOUND', 'OBJECT_NOT_FOUND');
}
