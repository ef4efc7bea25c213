import { type ChangePasswordResult, renderMessage, WRONG_OLD_PASSWORD_ERCD } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { type TestAuthor } from '../../test/factories.js';
import { body, login, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { WEAK_PASSWORD_ERCD } from './password-strength.js';

// Issue #9 "Account settings": POST /api/user/change_password { oldPassword, newPassword } (docs/api.md).
const t = useTestApp({
  loginRateLimit: { perAccountIp: 3, perAccount: 100, perIp: 100, registerPerIp: 100, windowMinutes: 15 },
});

const STRONG = 'violet-harbour-sextant-42';

const change = (author: TestAuthor, oldPassword: string, newPassword: string) =>
  t.post<ChangePasswordResult>('/api/user/change_password', { oldPassword, newPassword }, author);

const signedIn = async (session: TestAuthor) => (await t.get('/api/home/userinfo', {}, session)).status === 1;

const loginStatus = async (account: string, password: string) =>
  body(await signedPost(t.app, '/api/passport/login', { account, password })).status;

describe('POST /api/user/change_password', () => {
  it('changes the password, signs out the other sessions of the author only, and keeps the asking one', async () => {
    const author = await t.signIn();
    // the same author signed in on a second device, and another author
    const otherDevice = { ...author, ...(await login(t.app, author.account, author.password)) };
    const stranger = await t.signIn();

    const env = await change(author, author.password, STRONG);
    expect(env).toMatchObject({ status: 1, data: { signedOutSessions: 1 } });

    expect(await signedIn(author)).toBe(true);
    expect((await t.get('/api/home/userinfo', {}, otherDevice)).status).toBe(10002);
    expect(await signedIn(stranger)).toBe(true);
    expect(await loginStatus(author.account, author.password)).toBe(0);
    expect(await loginStatus(author.account, STRONG)).toBe(1);
  });

  it('refuses a wrong current password with status 0 and ercd WRONG_OLD_PASSWORD; nothing changes', async () => {
    const author = await t.signIn();
    const otherDevice = { ...author, ...(await login(t.app, author.account, author.password)) };
    const env = await change(author, 'not-my-password', STRONG);
    expect(env).toMatchObject({
      status: 0,
      ercd: WRONG_OLD_PASSWORD_ERCD,
      messageCode: 'WRONG_OLD_PASSWORD',
      message: renderMessage('WRONG_OLD_PASSWORD', 'zh-CN'),
    });
    expect(await signedIn(otherDevice)).toBe(true);
    expect(await loginStatus(author.account, STRONG)).toBe(0);
    expect(await loginStatus(author.account, author.password)).toBe(1);
  });

  it('refuses a guessable new password with WEAK_PASSWORD (the registration rule), naming password', async () => {
    const author = await t.signIn({ mediaName: 'Speedster Reviews' });
    for (const weak of ['12345678', 'qwertyuiop', `${author.account}1`, 'speedsterreviews']) {
      const env = await t.post<{ fields: { path: string }[] }>(
        '/api/user/change_password',
        { oldPassword: author.password, newPassword: weak },
        author,
      );
      expect(env, weak).toMatchObject({ status: 10007, ercd: WEAK_PASSWORD_ERCD });
      expect(env.data.fields[0]?.path).toBe('password');
    }
    expect(await loginStatus(author.account, author.password)).toBe(1);
  });

  it('applies the length rule and refuses the current password as the new one, naming the field', async () => {
    const author = await t.signIn();
    for (const [param, path] of [
      [{ oldPassword: author.password, newPassword: 'short' }, 'newPassword'],
      [{ oldPassword: author.password, newPassword: author.password }, 'newPassword'],
      [{ oldPassword: '', newPassword: STRONG }, 'oldPassword'],
    ] as const) {
      const env = await t.post<{ fields: { path: string }[] }>('/api/user/change_password', param, author);
      expect(env.status).toBe(10007);
      expect(env.data.fields[0]?.path).toBe(path);
    }
  });

  it('limits wrong current passwords per account (10009 with Retry-After, even with the right one); others are unaffected', async () => {
    const author = await t.signIn();
    for (let i = 0; i < 3; i++) expect((await change(author, `wrong-${i}-password`, STRONG)).status).toBe(0);
    const res = await signedPost(
      t.app,
      '/api/user/change_password',
      { oldPassword: author.password, newPassword: STRONG },
      { session: author },
    );
    expect(body(res)).toMatchObject({ status: 10009, ercd: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await loginStatus(author.account, author.password)).toBe(1);

    const other = await t.signIn();
    expect((await change(other, other.password, STRONG)).status).toBe(1);
  });

  it('a successful change clears the wrong attempts before it', async () => {
    const author = await t.signIn();
    for (let i = 0; i < 2; i++) expect((await change(author, `wrong-${i}-password`, STRONG)).status).toBe(0);
    expect((await change(author, author.password, STRONG)).status).toBe(1);
    for (let i = 0; i < 2; i++) expect((await change(author, `wrong-${i}-again`, STRONG)).status).toBe(0);
    expect((await change(author, STRONG, `${STRONG}-next`)).status).toBe(1);
  });

  it('needs a session (10002)', async () => {
    expect(
      (await t.post('/api/user/change_password', { oldPassword: 'x', newPassword: STRONG })).status,
    ).toBe(10002);
  });
});
