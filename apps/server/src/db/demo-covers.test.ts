import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../storage/local-disk.js';
import { demoCoverKey, ensureDemoCovers } from './demo-covers.js';

const root = mkdtempSync(path.join(tmpdir(), 'cc-demo-covers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('demo covers', () => {
  it('writes six distinct 800×600 JPEGs, once', async () => {
    const storage = new LocalDiskStorage(root);
    await ensureDemoCovers(storage);
    const sums = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const bytes = (await storage.get(demoCoverKey(i)))!;
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);
      sums.add(bytes.toString('base64'));
    }
    expect(sums.size).toBe(6);
    expect(demoCoverKey(7)).toBe(demoCoverKey(1));
    const before = await storage.stat(demoCoverKey(0));
    await ensureDemoCovers(storage);
    expect(await storage.stat(demoCoverKey(0))).toEqual(before);
  });
});
