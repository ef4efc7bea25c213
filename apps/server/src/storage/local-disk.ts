import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey } from './keys.js';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectInfo, ObjectStorage } from './storage.js';

/**
 * Objects as files under one root directory. Each object is written to a temporary file and renamed into
 * place, so a crash never leaves a half-written object. The content type is kept in a `.type` sidecar.
 */
export class LocalDiskStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  /** The absolute file path of a key; throws NOT_FOUND for an invalid key (no path traversal). */
  filePath(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    // Belt and braces: the key pattern already forbids escaping the root.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('key escapes the storage root');
    return full;
  }

  async put(key: string, bytes: Buffer, contentType?: string): Promise<void> {
    const target = this.filePath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, bytes);
      if (contentType) await writeFile(`${target}.type`, contentType);
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.filePath(key));
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'EISDIR'
      )
        return null;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const file = this.filePath(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      const contentType = await readFile(`${file}.type`, 'utf8').catch(() => undefined);
      return { size: s.size, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.filePath(key);
    await rm(file, { force: true });
    await rm(`${file}.type`, { force: true });
  }

  async createReadStream(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.filePath(key);
    const s = await stat(file).catch(() => null);
    if (!s?.isFile()) return null;
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }
}
