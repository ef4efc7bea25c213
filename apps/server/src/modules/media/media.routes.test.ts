import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageUploadResult } from '@cc/contracts';
import { createUser } from '../../test/factories.js';
import { body, createTestApp, login, signedGet, type TestApp, type TestSession } from '../../test/helpers.js';

// API.md §8 (image upload), §4 (image serving), §6 (common_material), through the real app.
let t: TestApp;
let session: TestSession;
beforeAll(async () => {
  t = await createTestApp({ supportUrl: 'https://support.example/creator' });
  await createUser(t.db, t.config, { account: 'media_user' });
  session = await login(t.app, 'media_user');
});
afterAll(() => t.close());

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#2468f2' } })
    .jpeg()
    .toBuffer();

function upload(
  bytes: Buffer,
  opts: { guid?: string | null; cookies?: Record<string, string>; field?: string; filename?: string } = {},
) {
  const form = new FormData();
  form.append('width', '1');
  form.append('height', '1');
  form.append('scene', 'cover');
  form.append(opts.field ?? 'file', new Blob([new Uint8Array(bytes)]), opts.filename ?? 'cover.jpg');
  const headers: Record<string, string> = { cid: '500', ver: '1.0.4' };
  const guid = opts.guid === undefined ? session.userGuid : opts.guid;
  if (guid !== null) headers['x-user-guid'] = guid;
  return t.app.inject({
    method: 'POST',
    url: '/fileservice/image',
    payload: form,
    headers,
    cookies: opts.cookies ?? session.cookies,
  });
}

describe('POST /fileservice/image (API.md §8)', () => {
  it('stores a JPEG under any field name and answers url, key, width, height, size', async () => {
    const bytes = await jpeg(640, 360);
    const res = await upload(bytes, { field: 'coverFile' });
    expect(res.statusCode).toBe(200);
    const env = body<ImageUploadResult>(res);
    expect(env.status).toBe(1);
    expect(env.data).toMatchObject({ width: 640, height: 360, size: bytes.length });
    expect(env.data.url).toBe(`/media/img/0x0/${env.data.key}`);
    const served = await t.app.inject(`/media/img/320x0/${env.data.key}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
  });

  it('checks the bytes, not the name: a renamed text file is refused with 10007', async () => {
    const res = await upload(Buffer.from('just text, not a picture'), { filename: 'photo.jpg' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ status: 10007, ercd: 'VALIDATION_FAILED' });
  });

  it('refuses more than 20 MiB with 10010', async () => {
    const res = await upload(Buffer.alloc(20 * 1024 * 1024 + 10, 0xff));
    expect(body(res)).toMatchObject({ status: 10010, ercd: 'TOO_LARGE' });
    expect(res.statusCode).toBe(413);
  });

  it('needs a session (10002) and the x-user-guid header (10005)', async () => {
    const bytes = await jpeg(10, 10);
    expect(body(await upload(bytes, { cookies: {} })).status).toBe(10002);
    expect(body(await upload(bytes, { guid: null })).status).toBe(10005);
    expect(body(await upload(bytes, { guid: 'someone-else' })).status).toBe(10005);
  });
});

describe('GET /media/img/{w}x{h}/{key} (API.md §4)', () => {
  it('never upscales', async () => {
    const env = body<ImageUploadResult>(await upload(await jpeg(200, 100)));
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

describe('GET /api/common_material (API.md §6)', () => {
  it('lists the contact-support QR image, which is served as a PNG', async () => {
    const env = body<{ name: string; url: string }[]>(
      await signedGet(t.app, '/api/common_material', { groupName: 'contact_support' }, { session }),
    );
    expect(env.status).toBe(1);
    expect(env.data).toHaveLength(1);
    const png = await t.app.inject(env.data[0]!.url);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).width).toBe(400);
  });

  it('validates groupName', async () => {
    expect(body(await signedGet(t.app, '/api/common_material', {}, { session })).status).toBe(10007);
  });
});
