import { MsgGroup, renderMessage } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, sessions, users } from '../../db/schema/index.js';
import { createUser, uniqueAccount } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { hashSessionToken } from '../../plugins/session.js';

// Accounts and sessions (API.md §5): argon2id, cookies, logout, login limits, no account enumeration.
// Every test that counts attempts sends its own x-forwarded-for, so no test sees another's failures.
const t = useTestApp({
  trustProxy: ['127.0.0.1'],
  loginRateLimit: { perAccountIp: 3, perAccount: 8, perIp: 6, registerPerIp: 3, windowMinutes: 15 },
});

const post = (url: string, param: unknown, headers?: Record<string, string>) =>
  signedPost(t.app, url, param, { headers });

describe('register', () => {
  it('creates the user with an argon2id hash, signs in, and sends the welcome message in group 8', async () => {
    const res = await post(
      '/api/passport/register',
      { account: uniqueAccount('newbie'), password: 'long-enough-pw', mediaName: '新人作者' },
      { 'x-forwarded-for': '10.0.0.1' },
    );
    const env = body<{ userId: number }>(res);
    expect(env.status).toBe(1);
    const [user] = await t.db.select().from(users).where(eq(users.id, env.data.userId));
    expect(user!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(user!.passwordHash).not.toContain('long-enough-pw');
    const names = res.cookies.map((c) => c.name).sort();
    expect(names).toEqual(['UserGuid', 'cc_session', 'userid']);
    const welcome = await t.db.select().from(messages).where(eq(messages.userId, env.data.userId));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({
      msgGroup: MsgGroup.SYSTEM,
      kind: 'welcome',
      isRead: false,
      params: { mediaName: '新人作者' },
    });
  });

  it('refuses a taken account (case-insensitive) and bad input with field messages', async () => {
    const ip = { 'x-forwarded-for': '10.0.0.2' };
    const account = uniqueAccount('newbie');
    const param = { account, password: 'long-enough-pw', mediaName: '新人作者' };
    expect(body(await post('/api/passport/register', param, ip)).status).toBe(1);
    const taken = await post('/api/passport/register', { ...param, account: account.toUpperCase() }, ip);
    // issue #9: the refusal in the request's language, zh-CN without an Accept-Language
    expect(body(taken)).toMatchObject({ status: 0, messageCode: 'ACCOUNT_TAKEN', message: '该账号已被注册' });
    const takenEn = await post(
      '/api/passport/register',
      { ...param, account: account.toUpperCase() },
      { ...ip, 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(body(takenEn)).toMatchObject({ status: 0, message: 'this account is already taken' });
    const bad = await post(
      '/api/passport/register',
      { account: 'a', password: 'short', mediaName: '新' },
      ip,
    );
    const env = body<{ fields: { path: string; message: string; code: string }[] }>(bad);
    expect(env.status).toBe(10007);
    expect(env.data.fields.map((f) => f.path).sort()).toEqual(['account', 'mediaName', 'password']);
    const password = env.data.fields.find((f) => f.path === 'password');
    expect(password).toEqual({ path: 'password', code: 'PASSWORD_TOO_SHORT', message: '密码至少 8 个字符' });
  });
});

describe('password strength (issue #8 item 7)', () => {
  // One address per attempt: a refused registration still counts toward registerPerIp.
  let nextIp = 0;
  const register = (param: { account: string; password: string; mediaName: string }) =>
    post('/api/passport/register', param, { 'x-forwarded-for': `10.7.${++nextIp}.1` });

  it('refuses guessable passwords with WEAK_PASSWORD on the password field, and creates no account', async () => {
    const account = uniqueAccount('zhangwei');
    const mediaName = 'Speedster Reviews';
    const weak = [
      '12345678',
      ' '.repeat(8),
      'password',
      'qwertyuiop',
      'aaaaaaaaaaaa',
      'iloveyou2024',
      'P@ssw0rd!',
      `${account}a`, // the account name plus one letter
      `${account.toUpperCase()}1`,
      'SpeedsterReviews1', // the media name plus one digit
    ];
    for (const password of weak) {
      const res = await register({ account, password, mediaName });
      expect(res.statusCode, password).toBe(400);
      const text = renderMessage('WEAK_PASSWORD', 'zh-CN');
      expect(body(res), password).toEqual({
        status: 10007,
        message: text,
        ercd: 'WEAK_PASSWORD',
        messageCode: 'WEAK_PASSWORD',
        data: { fields: [{ path: 'password', message: text, code: 'WEAK_PASSWORD' }] },
      });
    }
    expect(await t.db.select().from(users).where(eq(users.account, account))).toHaveLength(0);
  });

  it('accepts passwords that are hard to guess', async () => {
    for (const password of ['long-enough-pw', 'correct horse battery staple', 'gK7#pLq2-vW9']) {
      const res = await register({ account: uniqueAccount('strong'), password, mediaName: '新人作者' });
      expect(body(res).status, password).toBe(1);
    }
  });
});

describe('login and session', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and readable userid/UserGuid cookies', async () => {
    const user = await createUser(t.db, t.config);
    const res = await post('/api/passport/login', { account: user.account, password: 'password-123' });
    expect(body(res)).toEqual({ status: 1, message: 'success', data: { userId: user.id } });
    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(byName.cc_session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(byName.cc_session!.secure).toBeFalsy();
    expect(byName.userid).toMatchObject({ value: String(user.id), sameSite: 'Lax' });
    expect(byName.userid!.httpOnly).toBeFalsy();
    expect(byName.UserGuid).toMatchObject({ value: user.guid });
    // Only the token's hash is stored.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashSessionToken(byName.cc_session!.value)));
    expect(row).toMatchObject({ userId: user.id, userGuid: user.guid });
    expect(await t.db.select().from(sessions).where(eq(sessions.id, byName.cc_session!.value))).toHaveLength(
      0,
    );
  });

  it('marks the cookies Secure behind https (COOKIE_SECURE auto, x-forwarded-proto from a trusted proxy)', async () => {
    const user = await createUser(t.db, t.config);
    const res = await post(
      '/api/passport/login',
      { account: user.account, password: 'password-123' },
      { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.5.5.5' },
    );
    expect(res.cookies).toHaveLength(3);
    expect(res.cookies.every((c) => c.secure)).toBe(true);
  });

  it('logout deletes the session row, clears the three cookies and ends access', async () => {
    const session = await t.signIn();
    expect(body(await signedGet(t.app, '/api/home/userinfo', {}, { session })).status).toBe(1);
    const out = await signedGet(t.app, '/api/logout', {}, { session });
    expect(body(out)).toEqual({ status: 1, message: 'success', data: null });
    const cleared = Object.fromEntries(out.cookies.map((c) => [c.name, c]));
    for (const name of ['cc_session', 'userid', 'UserGuid']) {
      expect(cleared[name]!.value).toBe('');
      expect(cleared[name]!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashSessionToken(session.cookies.cc_session!))),
    ).toHaveLength(0);
    // The old cookie no longer works.
    expect(body(await signedGet(t.app, '/api/home/userinfo', {}, { session })).status).toBe(10002);
  });

  it('gives an unknown account and a wrong password the same answer (no enumeration)', async () => {
    const known = await createUser(t.db, t.config);
    const unknown = await post(
      '/api/passport/login',
      { account: uniqueAccount('nobody'), password: 'whatever-pw' },
      { 'x-forwarded-for': '10.9.9.9' },
    );
    const wrong = await post(
      '/api/passport/login',
      { account: known.account, password: 'wrong-password' },
      { 'x-forwarded-for': '10.9.9.9' },
    );
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(body(unknown)).toEqual(body(wrong));
    expect(body(wrong)).toEqual({
      status: 0,
      message: '账号或密码错误',
      data: null,
      ercd: 'FAILED',
      messageCode: 'WRONG_CREDENTIALS',
    });
    const wrongEn = await post(
      '/api/passport/login',
      { account: known.account, password: 'wrong-password' },
      { 'x-forwarded-for': '10.9.9.9', 'accept-language': 'en-US' },
    );
    expect(body(wrongEn)).toMatchObject({ status: 0, message: 'account or password is wrong' });
  });
});

describe('login rate limit (database-backed)', () => {
  it('locks an (account, address) pair after perAccountIp failures, even for the right password, with Retry-After', async () => {
    const { account } = await createUser(t.db, t.config);
    const ip = { 'x-forwarded-for': '10.4.4.4' };
    for (let i = 0; i < 3; i++) {
      expect(body(await post('/api/passport/login', { account, password: 'nope-nope' }, ip)).status).toBe(0);
    }
    const locked = await post(
      '/api/passport/login',
      { account: account.toUpperCase(), password: 'password-123' },
      ip,
    );
    expect(locked.statusCode).toBe(429);
    expect(body(locked)).toMatchObject({
      status: 10009,
      ercd: 'RATE_LIMITED',
      messageCode: 'LOGIN_LIMITED',
      message: '登录尝试次数过多，请 15 分钟后再试',
    });
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
  });

  it('limits failures per IP across accounts; another IP is not affected', async () => {
    const { account } = await createUser(t.db, t.config);
    const ip = { 'x-forwarded-for': '10.1.1.1' };
    for (let i = 0; i < 6; i++) {
      expect(
        body(await post('/api/passport/login', { account: uniqueAccount('acct'), password: 'nope-nope' }, ip))
          .status,
      ).toBe(0);
    }
    const blocked = await post('/api/passport/login', { account, password: 'password-123' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).status).toBe(10009);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await post(
      '/api/passport/login',
      { account, password: 'password-123' },
      { 'x-forwarded-for': '10.1.1.2' },
    );
    expect(body(elsewhere).status).toBe(1);
  });

  it("a stranger's failures from another address never lock the owner out (below the ceiling)", async () => {
    const { account } = await createUser(t.db, t.config);
    const stranger = { 'x-forwarded-for': '10.6.6.1' };
    const owner = { 'x-forwarded-for': '10.6.6.2' };
    for (let i = 0; i < 5; i++)
      await post('/api/passport/login', { account, password: 'nope-nope' }, stranger);
    const strangerNow = await post('/api/passport/login', { account, password: 'password-123' }, stranger);
    expect(body(strangerNow).status).toBe(10009);
    expect(body(await post('/api/passport/login', { account, password: 'password-123' }, owner)).status).toBe(
      1,
    );
  });

  it('refuses every address once the per-account ceiling is reached (distributed guessing)', async () => {
    const { account } = await createUser(t.db, t.config);
    // 3 + 3 + 2 failures from three addresses: the ceiling (8), each pair under or at its own limit.
    for (const [ip, n] of [
      ['10.8.0.1', 3],
      ['10.8.0.2', 3],
      ['10.8.0.3', 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const res = await post(
          '/api/passport/login',
          { account, password: 'nope-nope' },
          { 'x-forwarded-for': ip },
        );
        expect(body(res).status).toBe(0);
      }
    }
    const fresh = await post(
      '/api/passport/login',
      { account, password: 'password-123' },
      { 'x-forwarded-for': '10.8.0.4' },
    );
    expect(fresh.statusCode).toBe(429);
    expect(body(fresh).status).toBe(10009);
  });

  it("the owner's success clears only the owner's pair: a guesser's count survives it", async () => {
    const { account } = await createUser(t.db, t.config);
    const guesser = { 'x-forwarded-for': '10.9.1.1' };
    const owner = { 'x-forwarded-for': '10.9.1.2' };
    for (let i = 0; i < 2; i++)
      await post('/api/passport/login', { account, password: 'nope-nope' }, guesser);
    expect(body(await post('/api/passport/login', { account, password: 'password-123' }, owner)).status).toBe(
      1,
    );
    expect(body(await post('/api/passport/login', { account, password: 'nope-nope' }, guesser)).status).toBe(
      0,
    );
    const locked = await post('/api/passport/login', { account, password: 'password-123' }, guesser);
    expect(body(locked).status).toBe(10009);
  });

  it('clears the failures of an account after a successful login', async () => {
    const { account } = await createUser(t.db, t.config);
    const ip = { 'x-forwarded-for': '10.3.3.3' };
    const attempt = (password: string) => post('/api/passport/login', { account, password }, ip);
    expect(body(await attempt('bad-password')).status).toBe(0);
    expect(body(await attempt('bad-password')).status).toBe(0);
    expect(body(await attempt('password-123')).status).toBe(1);
    // Without the reset these would make 4 failures and the last login a 10009.
    expect(body(await attempt('bad-password')).status).toBe(0);
    expect(body(await attempt('bad-password')).status).toBe(0);
    expect(body(await attempt('password-123')).status).toBe(1);
  });

  it('limits registrations per IP', async () => {
    const ip = { 'x-forwarded-for': '10.2.2.2' };
    const register = (account: string) =>
      post('/api/passport/register', { account, password: 'long-enough-pw', mediaName: '作者名' }, ip);
    for (let i = 0; i < 3; i++) expect(body(await register(uniqueAccount('reg'))).status).toBe(1);
    const fourth = await register(uniqueAccount('reg'));
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth)).toMatchObject({
      status: 10009,
      message: '注册次数过多，请 15 分钟后再试',
    });
    expect(fourth.headers['retry-after']).toBeDefined();
  });
});
