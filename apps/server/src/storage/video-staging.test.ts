import fs, { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

  it('concurrent shards given as chunks: one shared fdatasync may serve several, but only one begun after the write', async () => {
    const big = { key: 'c'.repeat(32), size: 64, shardSize: 8, shardTotal: 8, s3UploadId: null };
    await staging.begin(big);
    const events: string[] = [];
    const realWritev = fs.writev;
    const realSync = fs.fdatasync;
    let syncs = 0;
    const writev = vi.spyOn(fs, 'writev').mockImplementation((...a: unknown[]) => {
      const cb = a.pop() as (e: Error | null, n: number) => void;
      (realWritev as (...x: unknown[]) => void)(...a, (e: Error | null, n: number) => {
        events.push(`wrote ${String(a[2])}`);
        cb(e, n);
      });
    });
    const datasync = vi
      .spyOn(fs, 'fdatasync')
      .mockImplementation((fd: number, cb: (e: Error | null) => void) => {
        const n = ++syncs;
        events.push(`sync-start ${n}`);
        setTimeout(
          () =>
            realSync(fd, (e) => {
              events.push(`sync-end ${n}`);
              cb(e);
            }),
          5,
        );
      });
    try {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => {
          const bytes = Buffer.alloc(8, 65 + i);
          return staging
            .writeShard(big, i + 1, [bytes.subarray(0, 3), Buffer.alloc(0), bytes.subarray(3)])
            .then(() => events.push(`done ${i * 8}`));
        }),
      );
    } finally {
      writev.mockRestore();
      datasync.mockRestore();
    }
    expect(readFileSync(path.join(root, 'uploads', `${big.key}.part`)).toString()).toBe(
      'AAAAAAAABBBBBBBBCCCCCCCCDDDDDDDDEEEEEEEEFFFFFFFFGGGGGGGGHHHHHHHH',
    );
    expect(syncs).toBeGreaterThan(0);
    expect(syncs).toBeLessThan(8);
    for (let i = 0; i < 8; i++) {
      const wrote = events.indexOf(`wrote ${i * 8}`);
      const done = events.indexOf(`done ${i * 8}`);
      // some sync started after this shard's write and ended before the shard was reported durable
      const covered = events.some(
        (e, at) =>
          e.startsWith('sync-start') && at > wrote && events.indexOf(e.replace('start', 'end')) < done,
      );
      expect(covered, `shard ${i + 1}: ${events.join(', ')}`).toBe(true);
    }
    await staging.abort(big);
  });
});
