import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../storage/local-disk.js';
import { getImageRendition, listCommonMaterial, saveUploadedImage } from './media.service.js';

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

describe('getImageRendition (API.md §4)', () => {
  it('resizes keeping the aspect when one side is 0', async () => {
    const { key } = await saveUploadedImage(storage, 1, await make('jpeg', 1600, 1200));
    const r = await getImageRendition(storage, key, 800, 0);
    const meta = await sharp(r!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    expect(r!.contentType).toBe('image/jpeg');
  });
  it('crops to cover when both sides are set', async () => {
    const { key } = await saveUploadedImage(storage, 1, await make('png', 1600, 1200));
    const meta = await sharp((await getImageRendition(storage, key, 120, 120))!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([120, 120]);
  });
  it('never upscales', async () => {
    const { key } = await saveUploadedImage(storage, 1, await make('jpeg', 300, 200));
    const meta = await sharp((await getImageRendition(storage, key, 800, 0))!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });
  it('caches each size once', async () => {
    const { key } = await saveUploadedImage(storage, 1, await make('jpeg', 900, 900));
    await getImageRendition(storage, key, 200, 200);
    expect(await storage.stat(`cache/200x200/${key}`)).not.toBeNull();
  });
  it('answers null for a missing key and NOT_FOUND for a bad key or a huge size', async () => {
    expect(await getImageRendition(storage, 'images/none.jpg', 10, 10)).toBeNull();
    await expect(getImageRendition(storage, '../../etc/passwd', 10, 10)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(getImageRendition(storage, 'images/a.jpg', 5000, 10)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
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
