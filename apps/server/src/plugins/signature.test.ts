import {
  computeSign,
  DEV_SIGN_SECRET,
  ENCRYPT_TYPE,
  idParamSchema,
  nullDataSchema,
  signPayload,
  WEB_CID,
  WEB_VER,
} from '@cc/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessions } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { body, signedGet, signedPost } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { requireUser, requireUserGuid, SESSION_CACHE_MS } from './session.js';
import { signedRoute } from './signature.js';

// Signed requests (API.md §2) and the envelope / status table (API.md §3): every rejection.
const now = () => Math.floor(Date.now() / 1000);

const t = useTestApp({}, (app) => {
  app.post('/fileservice/test_guid', async (request) => ({ user: requireUserGuid(request).id }));
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/test/echo',
      param: idParamSchema,
      summary: 'echo',
      data: z.strictObject({ id: z.int(), user: z.int() }),
    },
    async (param, request) => ({
      id: param.id,
      user: requireUser(request).id,
    }),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/test/echo_post',
      param: idParamSchema,
      summary: 'echo',
      data: z.strictObject({ id: z.int() }),
    },
    async (param) => ({ id: param.id }),
  );
  signedRoute(
    app,
    { method: 'GET', url: '/api/test/boom', auth: 'public', summary: 'boom', data: nullDataSchema },
    async () => {
      throw new Error('connection string postgres://secret@db leaked?');
    },
  );
  signedRoute(
    app,
    { method: 'GET', url: '/api/test/internal', auth: 'public', summary: 'internal', data: nullDataSchema },
    async () => {
      throw new AppError('INTERNAL', 'INTERNAL', { cause: new Error('disk /var/lib/secret full') });
    },
  );
});

describe('signed requests', () => {
  it('accepts a correctly signed GET and hands the validated param to the route', async () => {
    const session = await t.signIn();
    const res = await signedGet(t.app, '/api/test/echo', { id: '7' }, { session });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 1, message: 'success', data: { id: 7, user: session.userId } });
  });

  it('accepts a POST as urlencoded and as a JSON object with the same six fields', async () => {
    const session = await t.signIn();
    const form = await signedPost(t.app, '/api/test/echo_post', { id: 3 }, { session });
    expect(body(form)).toMatchObject({ status: 1, data: { id: 3 } });
    const json = await signedPost(t.app, '/api/test/echo_post', { id: 4 }, { session, json: true });
    expect(body(json)).toMatchObject({ status: 1, data: { id: 4 } });
  });

  it('refuses a missing sign with 10003', async () => {
    const session = await t.signIn();
    const res = await signedGet(t.app, '/api/test/echo', { id: 1 }, { session, fields: { sign: undefined } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      status: 10003,
      ercd: 'BAD_SIGNATURE',
      messageCode: 'SIGN_MISSING',
      message: '缺少签名 sign',
      data: null,
    });
  });

  it('refuses a wrong sign with 10003', async () => {
    const session = await t.signIn();
    const res = await signedGet(
      t.app,
      '/api/test/echo',
      { id: 1 },
      { session, fields: { sign: 'a'.repeat(32) } },
    );
    expect(body(res)).toMatchObject({ status: 10003, message: '签名错误' });
  });

  it('refuses a sign made with another secret', async () => {
    const session = await t.signIn();
    const res = await signedGet(t.app, '/api/test/echo', { id: 1 }, { session, secret: 'not-the-secret' });
    expect(body(res).status).toBe(10003);
  });

  it('refuses a tampered param with 10003', async () => {
    const session = await t.signIn();
    const res = await signedGet(
      t.app,
      '/api/test/echo',
      { id: 1 },
      { session, fields: { param: '{"id":2}' } },
    );
    expect(body(res).status).toBe(10003);
  });

  it('refuses a tampered uid, t or cid with 10003 (all are signed or checked)', async () => {
    const session = await t.signIn();
    const tampered = await signedGet(
      t.app,
      '/api/test/echo',
      { id: 1 },
      { session, fields: { t: String(now() + 1) } },
    );
    expect(body(tampered).status).toBe(10003);
    const cid = await signedGet(t.app, '/api/test/echo', { id: 1 }, { session, fields: { cid: '999' } });
    expect(body(cid).status).toBe(10003);
  });

  it('refuses a request 301 s too old or too new with 10004, and accepts 300 s at both edges', async () => {
    const session = await t.signIn();
    const old = await signedGet(t.app, '/api/test/echo', { id: 1 }, { session, t: now() - 301 });
    expect(old.statusCode).toBe(400);
    expect(body(old)).toMatchObject({ status: 10004, ercd: 'REQUEST_EXPIRED' });
    // 302 instead of 301: the second may tick between signing and checking, which brings a future t closer
    // (the old side above only gets older, so 301 stays exact there).
    const future = await signedGet(t.app, '/api/test/echo', { id: 1 }, { session, t: now() + 302 });
    expect(body(future).status).toBe(10004);
    // 299 instead of 300: the second may tick between signing and checking.
    const edgeOld = await signedGet(t.app, '/api/test/echo', { id: 1 }, { session, t: now() - 299 });
    expect(body(edgeOld).status).toBe(1);
    const edgeNew = await signedGet(t.app, '/api/test/echo', { id: 1 }, { session, t: now() + 300 });
    expect(body(edgeNew).status).toBe(1);
  });

  it('refuses a uid that differs from the session user with 10002', async () => {
    const session = await t.signIn();
    const res = await signedGet(
      t.app,
      '/api/test/echo',
      { id: 1 },
      { session, uid: String(session.userId + 1) },
    );
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ status: 10002, ercd: 'NOT_LOGGED_IN' });
    const anonymous = await signedGet(t.app, '/api/test/echo', { id: 1 }, { session, uid: '0' });
    expect(body(anonymous).status).toBe(10002);
  });

  it('refuses an authenticated route without a session with 10002, even with a plausible uid', async () => {
    const session = await t.signIn();
    const res = await signedGet(t.app, '/api/test/echo', { id: 1 }, { uid: String(session.userId) });
    expect(body(res)).toMatchObject({ status: 10002 });
    const forged = await signedGet(
      t.app,
      '/api/test/echo',
      { id: 1 },
      { uid: String(session.userId), session: { ...session, cookies: { cc_session: 'forged' } } },
    );
    expect(body(forged).status).toBe(10002);
  });

  it('refuses a missing or wrong encryptType header with 10003 and says so', async () => {
    const session = await t.signIn();
    const missing = await signedGet(
      t.app,
      '/api/test/echo',
      { id: 1 },
      { session, headers: { encrypttype: undefined } },
    );
    expect(body(missing)).toMatchObject({
      status: 10003,
      message: `请求头 encryptType 必须为 ${ENCRYPT_TYPE}（MD5 签名）`,
    });
    const wrong = await signedGet(
      t.app,
      '/api/test/echo',
      { id: 1 },
      { session, headers: { encrypttype: '2' } },
    );
    expect(body(wrong).status).toBe(10003);
  });

  it('refuses a param that is not JSON with 10007', async () => {
    const session = await t.signIn();
    const res = await signedGet(t.app, '/api/test/echo', null, { session, rawParam: '{id:1' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      status: 10007,
      ercd: 'VALIDATION_FAILED',
      data: { fields: [{ path: 'param' }] },
    });
  });

  it('refuses a param that fails the schema with 10007 and data.fields', async () => {
    const session = await t.signIn();
    const res = await signedGet(t.app, '/api/test/echo', { id: 0 }, { session });
    const env = body<{ fields: { path: string; message: string }[] }>(res);
    expect(env.status).toBe(10007);
    expect(env.data.fields).toEqual([{ path: 'id', message: '缺少 id', code: 'ID_REQUIRED' }]);
    expect(env.message).toBe('缺少 id');
    // the same refusal for a client that asks for English (issue #9): same codes, English texts
    const en = body(
      await signedGet(t.app, '/api/test/echo', { id: 0 }, { session, headers: { 'accept-language': 'en' } }),
    );
    expect(en).toMatchObject({
      message: 'id is required',
      data: { fields: [{ path: 'id', message: 'id is required', code: 'ID_REQUIRED' }] },
    });
  });

  it('checks the signature before the param (a bad sign with a bad param is 10003)', async () => {
    const session = await t.signIn();
    const res = await signedGet(t.app, '/api/test/echo', { id: 0 }, { session, fields: { sign: 'x' } });
    expect(body(res).status).toBe(10003);
  });

  it('answers an unknown /api/ path and an unknown /fileservice/ path with the 10006 envelope, never HTML', async () => {
    for (const url of ['/api/nope', '/api/content/nope?x=1', '/fileservice/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(body(res)).toMatchObject({ status: 10006, ercd: 'NOT_FOUND', data: null });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: { a: 1 } });
    expect(body(post).status).toBe(10006);
  });

  it('never leaks the message of an unexpected error (10500 "internal error")', async () => {
    for (const url of ['/api/test/boom', '/api/test/internal']) {
      const res = await signedGet(t.app, url, {});
      expect(res.statusCode).toBe(500);
      expect(body(res)).toEqual({
        status: 10500,
        message: '服务器内部错误，请稍后再试',
        data: null,
        ercd: 'INTERNAL',
        messageCode: 'INTERNAL',
      });
      expect(res.body).not.toMatch(/secret/);
    }
  });

  it('maps a body over the limit to 10010 and a bad content type or JSON body to 10007', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo_post',
      payload: 'x'.repeat(9 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(body(big)).toMatchObject({ status: 10010, ercd: 'TOO_LARGE' });
    const type = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo_post',
      payload: 'hello',
      headers: { 'content-type': 'text/csv' },
    });
    expect(body(type)).toMatchObject({ status: 10007 });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo_post',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(body(json)).toMatchObject({ status: 10007 });
  });

  it('leaves /api/config unsigned and public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(body(res)).toMatchObject({ status: 1, data: { imageHosts: [], feedbackUrl: expect.any(String) } });
  });

  it('signs exactly as contracts computeSign says (md5 of cid + param + ver + t + secret)', async () => {
    const session = await t.signIn();
    const t0 = String(now());
    const param = '{"id":5}';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/echo',
      query: {
        cid: WEB_CID,
        ver: WEB_VER,
        uid: String(session.userId),
        t: t0,
        param,
        sign: computeSign(WEB_CID, param, WEB_VER, t0, DEV_SIGN_SECRET),
      },
      headers: { encrypttype: '1' },
      cookies: session.cookies,
    });
    expect(body(res).data).toEqual({ id: 5, user: session.userId });
    expect(
      signPayload(
        { id: 5 },
        { cid: WEB_CID, ver: WEB_VER, uid: '1', secret: DEV_SIGN_SECRET, nowSeconds: Number(t0) },
      ).param,
    ).toBe(param);
  });
});

describe('sessions', () => {
  it('requireUserGuid: 10002 without a session, 10005 without or with a wrong x-user-guid, ok with it', async () => {
    const session = await t.signIn();
    const post = (headers: Record<string, string>, cookies?: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/fileservice/test_guid', headers, cookies, payload: {} });
    expect(body(await post({})).status).toBe(10002);
    const missing = await post({}, session.cookies);
    expect(missing.statusCode).toBe(403);
    expect(body(missing)).toMatchObject({ status: 10005, ercd: 'FORBIDDEN' });
    expect(
      body(await post({ 'x-user-guid': '00000000-0000-0000-0000-000000000000' }, session.cookies)).status,
    ).toBe(10005);
    expect(body(await post({ 'x-user-guid': session.userGuid }, session.cookies))).toEqual({
      status: 1,
      message: 'success',
      data: { user: session.userId },
    });
  });

  it('an expired session is no session (10002)', async () => {
    const s = await t.signIn();
    expect(body(await signedGet(t.app, '/api/test/echo', { id: 1 }, { session: s })).status).toBe(1);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, s.userId));
    // the server trusts a session it looked up for SESSION_CACHE_MS (session-cache.test.ts, issue #16)
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
    expect(body(await signedGet(t.app, '/api/test/echo', { id: 1 }, { session: s })).status).toBe(10002);
  });
});

describe('health and docs', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document (not an envelope) with the signed calls', async () => {
    const res = await t.app.inject('/api/docs/json');
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/passport/login', '/api/article/publish', '/api/home/userinfo']),
    );
  });
});
