import { fillAvatar, IDENTITY_TYPE_163, type MyInfo, type UserInfo } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import {
  DEFAULT_AVATAR_KEY,
  is163,
  issueUploadFileSecret,
  issueUploadToken,
  verifyUploadFileSecret,
  verifyUploadToken,
} from './user.service.js';

// The calls of API.md §6, from the database.
const t = useTestApp();

describe('user info', () => {
  it('home/userinfo returns authStatus, the avatar template with {0} and the media name', async () => {
    const author = await t.signIn({ mediaName: '车评小李', authStatus: 2 });
    const env = await t.get<UserInfo>('/api/home/userinfo', {}, author);
    expect(env).toEqual({
      status: 1,
      message: 'success',
      data: { authStatus: 2, avator: `/media/img/{0}x{0}/${DEFAULT_AVATAR_KEY}`, mediaName: '车评小李' },
    });
    expect(fillAvatar(env.data.avator)).toBe(`/media/img/120x120/${DEFAULT_AVATAR_KEY}`);
  });

  it('uses the uploaded avatar key when there is one', async () => {
    const author = await t.signIn({ avatarKey: 'avatars/u1.png' });
    expect((await t.get<UserInfo>('/api/home/userinfo', {}, author)).data.avator).toBe(
      '/media/img/{0}x{0}/avatars/u1.png',
    );
  });

  it('the default avatar exists in storage as a PNG (served by the media module)', async () => {
    const res = await t.app.inject(`/media/img/120x120/${DEFAULT_AVATAR_KEY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });

  it('get_my_info_by_id lists identities; type 163 makes is163', async () => {
    const a = await t.signIn({ identities: [IDENTITY_TYPE_163, 7] });
    const b = await t.signIn({ identities: [7] });
    const infoA = (await t.get<MyInfo>('/api/user_center/get_my_info_by_id', {}, a)).data;
    const infoB = (await t.get<MyInfo>('/api/user_center/get_my_info_by_id', {}, b)).data;
    expect(infoA).toMatchObject({ id: a.userId, userIdentityList: [{ type: 7 }, { type: 163 }] });
    expect(infoB).toMatchObject({ id: b.userId, userIdentityList: [{ type: 7 }] });
    expect(is163(infoA)).toBe(true);
    expect(is163(infoB)).toBe(false);
  });

  it('get_user_grade: rankResult 0 at grade 2, 1 at grade 3', async () => {
    const two = await t.get('/api/program/get_user_grade', {}, await t.signIn({ grade: 2 }));
    const three = await t.get('/api/program/get_user_grade', {}, await t.signIn({ grade: 3 }));
    expect(two.data).toEqual({ rankResult: 0, grade: 2 });
    expect(three.data).toEqual({ rankResult: 1, grade: 3 });
  });

  it('get_dynamic_auth reflects the user column', async () => {
    const on = await t.signIn({ dynamicShow: 1 });
    const off = await t.signIn({ dynamicShow: 0 });
    expect((await t.get('/api/dynamic/get_dynamic_auth', {}, on)).data).toEqual({ dynamicShow: 1 });
    expect((await t.get('/api/dynamic/get_dynamic_auth', {}, off)).data).toEqual({ dynamicShow: 0 });
  });

  it('every §6 call needs a session (10002)', async () => {
    for (const url of [
      '/api/home/userinfo',
      '/api/user_center/get_my_info_by_id',
      '/api/program/get_user_grade',
      '/api/dynamic/get_dynamic_auth',
      '/api/manage/upload_file_secret',
      '/api/video/get_upload_video_secret',
      '/api/home/overview',
    ]) {
      expect((await t.get(url, {})).status, url).toBe(10002);
    }
  });
});

describe('upload secrets', () => {
  it('upload_file_secret is bound to the user and expires after 24 h', async () => {
    const { user, ...session } = await t.signIn();
    const other = await createUser(t.db, t.config);
    const env = await t.get<{ uploadFileSecret: string; expiresAt: string }>(
      '/api/manage/upload_file_secret',
      {},
      session,
    );
    expect(env.status).toBe(1);
    const expires = Date.parse(env.data.expiresAt);
    expect(Math.abs(expires - (Date.now() + 24 * 3600_000))).toBeLessThan(5000);
    const self = { id: user.id, userGuid: user.guid };
    expect(verifyUploadFileSecret(t.config.appSecret, env.data.uploadFileSecret, self)).toBe(true);
    expect(
      verifyUploadFileSecret(t.config.appSecret, env.data.uploadFileSecret, {
        id: other.id,
        userGuid: other.guid,
      }),
    ).toBe(false);
    expect(verifyUploadFileSecret('another-app-secret-value', env.data.uploadFileSecret, self)).toBe(false);
    expect(
      verifyUploadFileSecret(t.config.appSecret, env.data.uploadFileSecret, self, new Date(expires + 1000)),
    ).toBe(false);
    const tampered = env.data.uploadFileSecret.replace(
      /^(\d+)\.(\d+)\./,
      (_m, id: string, exp: string) => `${id}.${Number(exp) + 3600}.`,
    );
    expect(verifyUploadFileSecret(t.config.appSecret, tampered, self)).toBe(false);
    // An older secret is still valid until it expires.
    const old = issueUploadFileSecret(t.config.appSecret, self, new Date(Date.now() - 23 * 3600_000));
    expect(verifyUploadFileSecret(t.config.appSecret, old.uploadFileSecret, self)).toBe(true);
  });

  it('get_upload_video_secret issues a token that verifyUploadToken resolves to its user only, for 24 h', async () => {
    const { user, ...session } = await t.signIn();
    const other = await createUser(t.db, t.config);
    const env = await t.get<{ token: string; expiresAt: string }>(
      '/api/video/get_upload_video_secret',
      {},
      session,
    );
    expect(env.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const found = await verifyUploadToken(t.db, env.data.token);
    expect(found).toMatchObject({ userId: user.id, userGuid: user.guid });
    expect(await verifyUploadToken(t.db, env.data.token, { expectedUserId: user.id })).not.toBeNull();
    expect(await verifyUploadToken(t.db, env.data.token, { expectedUserId: other.id })).toBeNull();
    expect(
      await verifyUploadToken(t.db, env.data.token, { now: new Date(Date.parse(env.data.expiresAt) + 1) }),
    ).toBeNull();
    expect(await verifyUploadToken(t.db, 'not-a-token')).toBeNull();
    expect(await verifyUploadToken(t.db, '')).toBeNull();
  });

  it('an expired token is refused while a fresh one of the same user works', async () => {
    const user = await createUser(t.db, t.config);
    const stale = await issueUploadToken(t.db, user.id, new Date(Date.now() - 25 * 3600_000));
    const fresh = await issueUploadToken(t.db, user.id);
    expect(await verifyUploadToken(t.db, stale.token)).toBeNull();
    expect((await verifyUploadToken(t.db, fresh.token))?.userId).toBe(user.id);
  });
});
