import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalImageSize, IMAGE_SIZES } from '@cc/contracts';
import { LocalDiskStorage } from '../../storage/local-disk.js';
import { bombPng } from '../../test/images.js';
import { useTestApp } from '../../test/support.js';
import { renditionBytes } from './media.repo.js';
import { mediaRenditions } from './media.schema.js';
import {
  createRenditionCache,
  getImageRendition,
  listCommonMaterial,
  renditionKey,
  saveUploadedImage,
} from './media.service.js';

// The rendition cache is indexed in the database (media_renditions): a database per file.
const t = useTestApp();

const root = mkdtempSync(path.join(tmpdir(), 'cc-media-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = new LocalDiskStorage(root);

const make = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 640, height = 480) => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
  return image[format]().toBuffer();
};

describe('saveUploadedImage (API.md §8)', () => {
  it.each(['jpeg', 'png', 'webp', 'gif'] as const)(
    'accepts %s and reads its size from the bytes',
    async (format) => {
      const bytes = await make(format, 321, 123);
      const result = await saveUploadedImage(storage, 7, bytes);
      expect(result).toMatchObject({ width: 321, height: 123, size: bytes.length });
      expect(result.key).toMatch(/^images\/u7\/\d{6}\/[0-9a-f]{32}\.(jpg|png|webp|gif)$/);
      expect(result.url).toBe(`/media/img/0x0/${result.key}`);
      expect((await storage.get(result.key))?.equals(bytes)).toBe(true);
    },
  );
  it('checks the bytes, not the name: text is refused', async () => {
    await expect(
      saveUploadedImage(storage, 7, Buffer.from('<html>not an image</html>')),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
  it('refuses other image formats (SVG can carry script)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expect(saveUploadedImage(storage, 7, svg)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
  it('refuses over 20 MiB with TOO_LARGE and stores nothing', async () => {
    await expect(saveUploadedImage(storage, 9, Buffer.alloc(20 * 1024 * 1024 + 1))).rejects.toMatchObject({
      code: 'TOO_LARGE',
    });
    expect(await storage.stat('images/u9')).toBeNull();
  });
});

/** A cache over the test storage, on this file's database, bounded to `maxBytes` (default: unbounded). */
const cacheOf = (maxBytes = Number.MAX_SAFE_INTEGER) => createRenditionCache(storage, t.db, maxBytes);

describe('getImageRendition (API.md §4)', () => {
  it('resizes keeping the aspect when one side is 0', async () => {
    const { key } = await saveUploadedImage(storage, 1, await make('jpeg', 1600, 1200));
    const r = await getImageRendition(cacheOf(), key, 800, 0);
    const meta = await sharp(r!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    expect(r!.contentType).toBe('image/jpeg');
  });
  it('crops to cover when both sides are set', async () => {
    const { key } = await saveUploadedImage(storage, 1, await make('png', 1600, 1200));
    const meta = await sharp((await getImageRendition(cacheOf(), key, 120, 120))!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([120, 120]);
  });
  it('never upscales', async () => {
    const { key } = await saveUploadedImage(storage, 1, await make('jpeg', 300, 200));
    const meta = await sharp((await getImageRendition(cacheOf(), key, 800, 0))!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });
  it('caches each size once, indexed with its bytes', async () => {
    const { key } = await saveUploadedImage(storage, 1, await make('jpeg', 900, 900));
    const r = await getImageRendition(cacheOf(), key, 200, 200);
    expect((await storage.stat(renditionKey(key, 200, 200)))?.size).toBe(r!.bytes.length);
    const [row] = await t.db
      .select()
      .from(mediaRenditions)
      .where(eq(mediaRenditions.cacheKey, renditionKey(key, 200, 200)));
    expect(row?.bytes).toBe(r!.bytes.length);
  });
  it('answers null for a missing key and NOT_FOUND for a bad key', async () => {
    expect(await getImageRendition(cacheOf(), 'images/none.jpg', 10, 10)).toBeNull();
    await expect(getImageRendition(cacheOf(), '../../etc/passwd', 10, 10)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('fixed sizes (issue #8 item 6)', () => {
  it('renders only members of IMAGE_SIZES: 60 different sizes of one image make at most 4 renditions', async () => {
    const { key } = await saveUploadedImage(storage, 2, await make('png', 1000, 700));
    const cache = cacheOf();
    const asked = [1, 7, 64, 119, 120, 121, 199, 200, 201, 239, 240, 241, 500, 799, 800, 801, 1234, 4096];
    for (const w of asked) {
      for (const h of [0, w, Math.max(1, Math.round(w / 3))]) {
        const r = await getImageRendition(cache, key, w, h);
        const meta = await sharp(r!.bytes).metadata();
        const size = canonicalImageSize(w, h);
        // What was served is the canonical member's rendition, whatever was asked.
        if (size.height === 0) expect(meta.width).toBe(Math.min(size.width, 1000));
        else expect([meta.width, meta.height]).toEqual([size.width, size.height]);
      }
    }
    const rows = await t.db
      .select({ k: mediaRenditions.cacheKey })
      .from(mediaRenditions)
      .where(like(mediaRenditions.cacheKey, `%/${key}`));
    const allowed = IMAGE_SIZES.filter((s) => s.width || s.height).map((s) =>
      renditionKey(key, s.width, s.height),
    );
    expect(rows.map((r) => r.k).sort()).toEqual(allowed.sort());
  });
});

describe('rendition cache bound (issue #8 item 6, IMAGE_CACHE_MAX_BYTES)', () => {
  it('keeps the total within the bound, deleting the least recently used files and rows', async () => {
    // Each image's 800-px rendition is ≈ the same size; the bound holds about three of them.
    const keys: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      keys.push((await saveUploadedImage(storage, 3, await make('png', 900 + i, 600))).key);
    }
    const probe = await getImageRendition(cacheOf(), keys[0]!, 800, 0);
    const bound = Math.floor(probe!.bytes.length * 3.5);
    await t.db.delete(mediaRenditions);
    const cache = cacheOf(bound);
    for (const [i, key] of keys.entries()) {
      await getImageRendition(cache, key, 800, 0);
      expect(await renditionBytes(t.db)).toBeLessThanOrEqual(bound);
      expect(i < 3 || (await renditionBytes(t.db)) > bound - probe!.bytes.length).toBe(true);
      await new Promise((r) => setTimeout(r, 5)); // distinct last-use times
    }
    const present = async (key: string) => (await storage.stat(renditionKey(key, 800, 0))) !== null;
    // The last three written are kept; the five written before them are gone, files and rows.
    expect(await Promise.all(keys.map(present))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    const rows = await t.db.select({ k: mediaRenditions.cacheKey }).from(mediaRenditions);
    expect(rows.map((r) => r.k).sort()).toEqual(
      keys
        .slice(5)
        .map((k) => renditionKey(k, 800, 0))
        .sort(),
    );
  });

  it('evicts by last use, not by age', async () => {
    await t.db.delete(mediaRenditions);
    const keys: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      keys.push((await saveUploadedImage(storage, 4, await make('png', 950 + i, 640))).key);
    }
    const probe = await getImageRendition(cacheOf(), keys[0]!, 240, 0);
    await t.db.delete(mediaRenditions);
    const cache = cacheOf(Math.floor(probe!.bytes.length * 2.5));
    await getImageRendition(cache, keys[0]!, 240, 0);
    await new Promise((r) => setTimeout(r, 5));
    await getImageRendition(cache, keys[1]!, 240, 0);
    await new Promise((r) => setTimeout(r, 5));
    cache.touched.clear();
    await getImageRendition(cache, keys[0]!, 240, 0); // keys[0] is now the most recently used
    await new Promise((r) => setTimeout(r, 5));
    await getImageRendition(cache, keys[2]!, 240, 0);
    expect(await storage.stat(renditionKey(keys[0]!, 240, 0))).not.toBeNull();
    expect(await storage.stat(renditionKey(keys[1]!, 240, 0))).toBeNull();
    expect(await storage.stat(renditionKey(keys[2]!, 240, 0))).not.toBeNull();
  });
});

describe('only images are resized (issue #8 item 6)', () => {
  it.each([
    ['a video', 'videos/v1.mp4', 'video/mp4'],
    ['an untyped object', 'uploads/blob.bin', undefined],
    ['SVG (can carry script)', 'images/x.svg', 'image/svg+xml'],
    ['text', 'images/t.txt', 'text/plain'],
  ])('%s is no such image at every size', async (_name, key, type) => {
    await storage.put(key, Buffer.from('\x00\x00\x00\x18ftypmp42 not an image'), type);
    for (const [w, h] of [
      [0, 0],
      [120, 120],
      [240, 0],
      [33, 44],
    ] as const) {
      expect(await getImageRendition(cacheOf(), key, w, h)).toBeNull();
    }
  });
  it('bytes that claim an image type but do not decode are NOT_FOUND, never a crash', async () => {
    await storage.put('images/broken.png', Buffer.from('not a png at all'), 'image/png');
    await expect(getImageRendition(cacheOf(), 'images/broken.png', 240, 0)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('decompression bombs (issue #8 item 6, MAX_IMAGE_PIXELS)', () => {
  it('refuses an image over 50 MP at upload with TOO_LARGE / IMAGE_TOO_MANY_PIXELS, and stores nothing', async () => {
    for (const [w, h] of [
      [10_001, 5_000],
      [20_000, 2_501],
      [16_000, 16_000],
    ] as const) {
      await expect(saveUploadedImage(storage, 11, bombPng(w, h))).rejects.toMatchObject({
        code: 'TOO_LARGE',
        ercd: 'IMAGE_TOO_MANY_PIXELS',
      });
    }
    expect(await storage.stat('images/u11')).toBeNull();
  });
  it('accepts exactly 50 MP (the header is read, nothing is decoded)', async () => {
    const saved = await saveUploadedImage(storage, 12, bombPng(10_000, 5_000));
    expect([saved.width, saved.height]).toEqual([10_000, 5_000]);
  });
  it('refuses to resize an image over 50 MP already in storage, at every size', async () => {
    await storage.put('images/bomb.png', bombPng(16_000, 16_000), 'image/png');
    for (const [w, h] of [
      [120, 120],
      [240, 0],
      [800, 0],
    ] as const) {
      await expect(getImageRendition(cacheOf(), 'images/bomb.png', w, h)).rejects.toMatchObject({
        code: 'TOO_LARGE',
        ercd: 'IMAGE_TOO_MANY_PIXELS',
      });
    }
    expect(await storage.stat(renditionKey('images/bomb.png', 240, 0))).toBeNull();
  });
});

describe('listCommonMaterial (API.md §6)', () => {
  it('serves the contact-support QR code as a real PNG', async () => {
    const items = await listCommonMaterial(storage, 'contact_support', 'https://support.example/creator');
    expect(items).toHaveLength(1);
    const key = items[0]!.url.replace('/media/img/0x0/', '');
    const png = await storage.get(key);
    const meta = await sharp(png!).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(400);
    const stats = await sharp(png!).greyscale().stats();
    // A QR code is black modules on white: both extremes present.
    expect(stats.channels[0]!.min).toBe(0);
    expect(stats.channels[0]!.max).toBe(255);
  });
  it('gives a new key when the address changes, and nothing for unknown groups', async () => {
    const a = await listCommonMaterial(storage, 'contact_support', 'https://a.example');
    const b = await listCommonMaterial(storage, 'contact_support', 'https://b.example');
    expect(a[0]!.url).not.toBe(b[0]!.url);
    expect(await listCommonMaterial(storage, 'nothing', 'https://a.example')).toEqual([]);
  });
});
