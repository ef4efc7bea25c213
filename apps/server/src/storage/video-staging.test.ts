import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.js';
import { LocalVideoStaging, StagingGoneError } from './video-staging.js';

const root = mkdtempSync(path.join(tmpdir(), 'cc-staging-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalVideoStaging (issue #3: offset writes into a preallocated file, merge by rename)', () => {
  const storage = new LocalDiskStorage(path.join(root, 'media'));
  const staging = new LocalVideoStaging(path.join(root, 'uploads'), storage);
  const upload = { key: 'a'.repeat(32), size: 10, shardSize: 4, shardTotal: 3, s3UploadId: null };
  const part = path.join(root, 'uploads', `${upload.key}.part`);

  it('preallocates at the full size, takes shards in any order, renames on complete', async () => {
    await staging.begin(upload);
    expect(statSync(part).size).toBe(10);
    await staging.writeShard(upload, 3, Buffer.from('89'));
    await staging.writeShard(upload, 1, Buffer.from('0123'));
    await staging.begin(upload); // a second begin (a racing first shard) never truncates
    await staging.writeShard(upload, 2, Buffer.from('4567'));
    expect(readFileSync(part).toString()).toBe('0123456789');
    const inode = statSync(part).ino;
    await staging.complete(upload, 'videos/x.mp4', 'video/mp4');
    expect(existsSync(part)).toBe(false);
    expect(statSync(storage.filePath('videos/x.mp4')).ino).toBe(inode);
    expect(await storage.stat('videos/x.mp4')).toEqual({ size: 10, contentType: 'video/mp4' });
  });

  it('a shard after the merge (or a cancel) gets StagingGoneError and leaves no file behind', async () => {
    await expect(staging.writeShard(upload, 1, Buffer.from('0123'))).rejects.toBeInstanceOf(StagingGoneError);
    expect(existsSync(part)).toBe(false);
  });

  it('abort frees the staged file', async () => {
    const other = { ...upload, key: 'b'.repeat(32) };
    await staging.begin(other);
    await staging.writeShard(other, 1, Buffer.from('0123'));
    expect(await staging.stagedBytes(other)).toBeGreaterThan(0);
    await staging.abort(other);
    expect(await staging.stagedBytes(other)).toBe(0);
  });
});
