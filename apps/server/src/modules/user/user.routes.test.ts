import { fillAvatar, IDENTITY_TYPE_163, type MyInfo, type UserInfo } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { body, createTestApp, login, signedGet, type TestApp } from '../../test/helpers.js';
import {
  DEFAULT_AVATAR_KEY,
  is163,
  issueUploadFileSecret,
  issueUploadToken,
  verifyUploadFileSecret,
  verifyUploadToken,
} from './user.service.js';

// The calls of API.md §6, from the database.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('user info', () => {
  it('home/userinfo returns authStatus, the avatar template with {0} and the media name', async () => {
    await createUser(t.db, t.config, { account: 'info_user', mediaName: '车评小李', authStatus: 2 });
    const session = await login(t.app, 'info_user');
    const env = body<UserInfo>(await signedGet(t.app, '/api/home/userinfo', {}, { session }));
    expect(env).toEqual({
      status: 1,
      message: 'success',
      data: { authStatus: 2, avator: `/media/img/{0}x{0}/${DEFAULT_AVATAR_KEY}`, mediaName: '车评小李' },
    });
    expect(fillAvatar(env.data.avator)).toBe(`/media/img/120x120/${DEFAULT_AVATAR_KEY}`);
  });

  it('uses the uploaded avatar key when there is one', async () => {
    await createUser(t.db, t.config, { account: 'avatar_user', avatarKey: 'avatars/u1.png' });
    const session = await login(t.app, 'avatar_user');
    expect(body<UserInfo>(await signedGet(t.app, '/api/home/userinfo', {}, { session })).data.avator).toBe(
      '/media/img/{0}x{0}/avatars/u1.png',
    );
  });

  it('the default avatar exists in storage as a PNG (served by the media module)', async () => {
    const res = await t.app.inject(`/media/img/120x120/${DEFAULT_AVATAR_KEY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });

  it('get_my_info_by_id lists identities; type 163 makes is163', async () => {
    const a = await createUser(t.db, t.config, { account: 'ident_163', identities: [IDENTITY_TYPE_163, 7] });
    const b = await createUser(t.db, t.config, { account: 'ident_none', identities: [7] });
    const infoA = body<MyInfo>(
      await signedGet(
        t.app,
        '/api/user_center/get_my_info_by_id',
        {},
        { session: await login(t.app, 'ident_163') },
      ),
    ).data;
    const infoB = body<MyInfo>(
      await signedGet(
        t.app,
        '/api/user_center/get_my_info_by_id',
        {},
        { session: await login(t.app, 'ident_none') },
      ),
    ).data;
    expect(infoA).toMatchObject({ id: a.id, userIdentityList: [{ type: 7 }, { type: 163 }] });
    expect(infoB).toMatchObject({ id: b.id, userIdentityList: [{ type: 7 }] });
    expect(is163(infoA)).toBe(true);
    expect(is163(infoB)).toBe(false);
  });

  it('get_user_grade: rankResult 0 at grade 2, 1 at grade 3', async () => {
    await createUser(t.db, t.config, { account: 'grade_two', grade: 2 });
    await createUser(t.db, t.config, { account: 'grade_three', grade: 3 });
    const two = body(
      await signedGet(t.app, '/api/program/get_user_grade', {}, { session: await login(t.app, 'grade_two') }),
    );
    const three = body(
      await signedGet(
        t.app,
        '/api/program/get_user_grade',
        {},
        { session: await login(t.app, 'grade_three') },
      ),
    );
    expect(two.data).toEqual({ rankResult: 0, grade: 2 });
    expect(three.data).toEqual({ rankResult: 1, grade: 3 });
  });

  it('get_dynamic_auth reflects the user column', async () => {
    await createUser(t.db, t.config, { account: 'dyn_on', dynamicShow: 1 });
    await createUser(t.db, t.config, { account: 'dyn_off', dynamicShow: 0 });
    expect(
      body(
        await signedGet(
          t.app,
          '/api/dynamic/get_dynamic_auth',
          {},
          { session: await login(t.app, 'dyn_on') },
        ),
      ).data,
    ).toEqual({ dynamicShow: 1 });
    expect(
      body(
        await signedGet(
          t.app,
          '/api/dynamic/get_dynamic_auth',
          {},
          { session: await login(t.app, 'dyn_off') },
        ),
      ).data,
    ).toEqual({ dynamicShow: 0 });
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
      expect(body(await signedGet(t.app, url, {})).status, url).toBe(10002);
    }
  });
});

describe('upload secrets', () => {
  it('upload_file_secret is bound to the user and expires after 24 h', async () => {
    const user = await createUser(t.db, t.config, { account: 'secret_user' });
    const other = await createUser(t.db, t.config, { account: 'secret_other' });
    const session = await login(t.app, 'secret_user');
    const env = body<{ uploadFileSecret: string; expiresAt: string }>(
      await signedGet(t.app, '/api/manage/upload_file_secret', {}, { session }),
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
    const user = await createUser(t.db, t.config, { account: 'video_user' });
    const other = await createUser(t.db, t.config, { account: 'video_other' });
    const session = await login(t.app, 'video_user');
    const env = body<{ token: string; expiresAt: string }>(
      await signedGet(t.app, '/api/video/get_upload_video_secret', {}, { session }),
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
    const user = await createUser(t.db, t.config, { account: 'video_expired' });
    const stale = await issueUploadToken(t.db, user.id, new Date(Date.now() - 25 * 3600_000));
    const fresh = await issueUploadToken(t.db, user.id);
    expect(await verifyUploadToken(t.db, stale.token)).toBeNull();
    expect((await verifyUploadToken(t.db, fresh.token))?.userId).toBe(user.id);
  });
});
