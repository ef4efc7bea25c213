import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isValidKey } from './keys.js';
import { LocalDiskStorage } from './local-disk.js';

const root = mkdtempSync(path.join(tmpdir(), 'cc-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('object keys (API.md §4)', () => {
  it('accepts [a-z0-9/_.-] paths', () => {
    expect(isValidKey('images/u1/202611/abc.jpg')).toBe(true);
    expect(isValidKey('a_b-c.d')).toBe(true);
  });
  it.each([
    '../etc/passwd',
    'a/../../b',
    '/abs',
    'a//b',
    'A.jpg',
    'a b',
    'a/./b',
    'a\\b',
    'x.jpg.type',
    'x.tmp',
    '',
    'a/',
  ])('refuses %j', (key) => expect(isValidKey(key)).toBe(false));
});

describe('LocalDiskStorage', () => {
  const storage = new LocalDiskStorage(root);
  it('stores, stats, reads and deletes', async () => {
    await storage.put('a/b/c.png', Buffer.from('hello'), 'image/png');
    expect(await storage.stat('a/b/c.png')).toEqual({ size: 5, contentType: 'image/png' });
    expect((await storage.get('a/b/c.png'))?.toString()).toBe('hello');
    await storage.delete('a/b/c.png');
    expect(await storage.get('a/b/c.png')).toBeNull();
    expect(await storage.stat('a/b/c.png')).toBeNull();
    await expect(storage.delete('a/b/c.png')).resolves.toBeUndefined();
  });
  it('leaves no temporary files behind', async () => {
    await storage.put('t/x.bin', Buffer.alloc(1000, 1));
    expect(readdirSync(path.join(root, 't'))).toEqual(['x.bin']);
  });
  it('refuses traversal with NOT_FOUND and touches nothing', async () => {
    await expect(storage.get('../outside')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.put('a/../../x', Buffer.from('x'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
