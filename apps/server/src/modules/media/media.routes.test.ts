import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageUploadResult } from '@cc/contracts';
import { uploadImage, type UploadImageOptions } from '../../test/factories.js';
import { body, type TestSession } from '../../test/helpers.js';
import { LocalDiskStorage } from '../../storage/local-disk.js';
import { bombPng } from '../../test/images.js';
import { useTestApp } from '../../test/support.js';
import { MEDIA_ANONYMOUS_PER_MINUTE } from './media.routes.js';

// API.md §8 (image upload), §4 (image serving), §6 (common_material), through the real app.
const t = useTestApp({ supportUrl: 'https://support.example/creator' });

/** The app's media storage (local disk under MEDIA_DIR), to put objects no upload would accept. */
const disk = () => new LocalDiskStorage(t.config.mediaDir);

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#2468f2' } })
    .jpeg()
    .toBuffer();

/** The editor's cover upload: width, height and scene fields, then the file (default `cover.jpg`). */
const upload = (session: TestSession, bytes: Buffer, opts: UploadImageOptions = {}) =>
  uploadImage(t, session, bytes, {
    fields: { width: '1', height: '1' },
    scene: 'cover',
    filename: 'cover.jpg',
    ...opts,
  });

describe('POST /fileservice/image (API.md §8)', () => {
  it('stores a JPEG under any field name and answers url, key, width, height, size', async () => {
    const session = await t.signIn();
    const bytes = await jpeg(640, 360);
    const res = await upload(session, bytes, { field: 'coverFile' });
    expect(res.statusCode).toBe(200);
    const env = body<ImageUploadResult>(res);
    expect(env.status).toBe(1);
    expect(env.data).toMatchObject({ width: 640, height: 360, size: bytes.length });
    expect(env.data.url).toBe(`/media/img/0x0/${env.data.key}`);
    const served = await t.app.inject(`/media/img/240x0/${env.data.key}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([240, 135]);
  });

  it('checks the bytes, not the name: a renamed text file is refused with 10007', async () => {
    const session = await t.signIn();
    const res = await upload(session, Buffer.from('just text, not a picture'), { filename: 'photo.jpg' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ status: 10007, ercd: 'VALIDATION_FAILED' });
  });

  it('refuses a decompression bomb (over 50 MP) with 10010 / IMAGE_TOO_MANY_PIXELS', async () => {
    const session = await t.signIn();
    const res = await upload(session, bombPng(16_000, 16_000), { filename: 'bomb.png' });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ status: 10010, ercd: 'IMAGE_TOO_MANY_PIXELS' });
  });

  it('refuses more than 20 MiB with 10010', async () => {
    const session = await t.signIn();
    const res = await upload(session, Buffer.alloc(20 * 1024 * 1024 + 10, 0xff));
    expect(body(res)).toMatchObject({ status: 10010, ercd: 'TOO_LARGE' });
    expect(res.statusCode).toBe(413);
  });

  it('needs a session (10002) and the x-user-guid header (10005)', async () => {
    const session = await t.signIn();
    const bytes = await jpeg(10, 10);
    expect(body(await upload(session, bytes, { cookies: {} })).status).toBe(10002);
    expect(body(await upload(session, bytes, { guid: null })).status).toBe(10005);
    expect(body(await upload(session, bytes, { guid: 'someone-else' })).status).toBe(10005);
  });
});

describe('GET /media/img/{w}x{h}/{key} (API.md §4)', () => {
  it('never upscales', async () => {
    const session = await t.signIn();
    const env = body<ImageUploadResult>(await upload(session, await jpeg(200, 100)));
    const meta = await sharp((await t.app.inject(`/media/img/800x0/${env.data.key}`)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 100]);
  });

  it.each([
    '/media/img/10x10/..%2F..%2Fetc%2Fpasswd',
    '/media/img/10x10/images/../../x',
    '/media/img/axb/images/x.jpg',
    '/media/img/10x10/NOPE.jpg',
  ])('answers 404 with the envelope for %s', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 10006 });
  });
});

describe('GET /media/img hardening (issue #8 item 6)', () => {
  it('answers 404 with the envelope for a key that is not an image (a video), at every size', async () => {
    await disk().put('videos/clip.mp4', Buffer.alloc(64, 1), 'video/mp4');
    for (const size of ['0x0', '120x120', '240x0', '77x33']) {
      const res = await t.app.inject(`/media/img/${size}/videos/clip.mp4`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 10006, ercd: 'NOT_FOUND' });
    }
  });

  it('refuses four bombs resized at once with 10010, and the server keeps answering', async () => {
    for (let i = 0; i < 4; i += 1)
      await disk().put(`images/bomb${i}.png`, bombPng(16_000, 16_000), 'image/png');
    const [health, ...answers] = await Promise.all([
      t.app.inject('/healthz'),
      ...[0, 1, 2, 3].map((i) => t.app.inject(`/media/img/240x0/images/bomb${i}.png`)),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 10010, ercd: 'IMAGE_TOO_MANY_PIXELS' });
    }
    expect(health.statusCode).toBe(200);
    expect((await t.app.inject('/media/img/120x120/avatar/default.png')).statusCode).toBe(200);
  });

  it('limits anonymous requests per address, and counts a signed-in author apart', async () => {
    const url = '/media/img/120x120/images/none.png';
    const from = (ip: string, cookies?: Record<string, string>) =>
      t.app.inject({ url, remoteAddress: ip, ...(cookies ? { cookies } : {}) });
    for (let i = 0; i < MEDIA_ANONYMOUS_PER_MINUTE; i += 1)
      expect((await from('203.0.113.9')).statusCode).toBe(404);
    const limited = await from('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 10009 });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address, and an author on the same address, have their own budgets.
    expect((await from('203.0.113.10')).statusCode).toBe(404);
    const author = await t.signIn();
    expect((await from('203.0.113.9', author.cookies)).statusCode).toBe(404);
  });
});

describe('GET /api/common_material (API.md §6)', () => {
  it('lists the contact-support QR image, which is served as a PNG', async () => {
    const session = await t.signIn();
    const env = await t.get<{ name: string; url: string }[]>(
      '/api/common_material',
      { groupName: 'contact_support' },
      session,
    );
    expect(env.status).toBe(1);
    expect(env.data).toHaveLength(1);
    const png = await t.app.inject(env.data[0]!.url);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).width).toBe(400);
  });

  it('validates groupName', async () => {
    expect((await t.get('/api/common_material', {}, await t.signIn())).status).toBe(10007);
  });
});
