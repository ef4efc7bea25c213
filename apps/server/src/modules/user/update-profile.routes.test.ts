import { fillAvatar, type ImageUploadResult, type UserInfo } from '@cc/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImage } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { DEFAULT_AVATAR_KEY } from './user.service.js';

// Issue #9 "Account settings": POST /api/user/update_profile { avator?, mediaName? } (docs/api.md).
const t = useTestApp();

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#2468f2' } })
    .png()
    .toBuffer();

type Fields = { fields: { path: string; message: string }[] };

describe('POST /api/user/update_profile', () => {
  it('changes the media name (trimmed) and answers the new user info, as home/userinfo shows it', async () => {
    const author = await t.signIn({ mediaName: '旧名字' });
    const env = await t.post<UserInfo>('/api/user/update_profile', { mediaName: '  新名字车评  ' }, author);
    expect(env).toMatchObject({ status: 1, data: { mediaName: '新名字车评', authStatus: 0 } });
    const info = await t.get<UserInfo>('/api/home/userinfo', {}, author);
    expect(info.data).toEqual(env.data);
    expect(info.data.avator).toBe(`/media/img/{0}x{0}/${DEFAULT_AVATAR_KEY}`);
  });

  it('sets an uploaded image as the avatar, served at 120 × 120 through the template (spec §3, §9)', async () => {
    const author = await t.signIn();
    const image: ImageUploadResult = await createImage(t, author, await png(640, 400));
    const env = await t.post<UserInfo>('/api/user/update_profile', { avator: image.url }, author);
    expect(env.status).toBe(1);
    expect(env.data.avator).toBe(`/media/img/{0}x{0}/${image.key}`);
    const served = await t.app.inject(fillAvatar(env.data.avator));
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 120, height: 120 });
    // the media name is left as it was
    expect((await t.get<UserInfo>('/api/home/userinfo', {}, author)).data).toEqual(env.data);
  });

  it("refuses another author's image and any URL that is not one of ours, naming avator; nothing changes", async () => {
    const owner = await t.signIn();
    const other = await t.signIn({ mediaName: '不变的名字' });
    const image = await createImage(t, owner, await png(200, 200));
    for (const avator of [
      image.url,
      `/media/img/0x0/images/u${other.userId}/nope.png`,
      'https://evil.example/a.png',
      'javascript:alert(1)',
    ]) {
      const env = await t.post<Fields>('/api/user/update_profile', { avator, mediaName: '改了吗' }, other);
      expect(env.status, avator).toBe(10007);
      expect(env.data.fields[0]?.path, avator).toBe('avator');
    }
    expect((await t.get<UserInfo>('/api/home/userinfo', {}, other)).data).toMatchObject({
      mediaName: '不变的名字',
      avator: `/media/img/{0}x{0}/${DEFAULT_AVATAR_KEY}`,
    });
  });

  it('applies the registration rules to the media name and refuses an empty change', async () => {
    const author = await t.signIn();
    for (const mediaName of ['新', 'x'.repeat(21), '   ', 'bad\u0000name']) {
      const env = await t.post<Fields>('/api/user/update_profile', { mediaName }, author);
      expect(env.status, JSON.stringify(mediaName)).toBe(10007);
      expect(env.data.fields[0]?.path).toBe('mediaName');
    }
    expect((await t.post('/api/user/update_profile', {}, author)).status).toBe(10007);
  });

  it('needs a session (10002)', async () => {
    expect((await t.post('/api/user/update_profile', { mediaName: '匿名的人' })).status).toBe(10002);
  });
});
