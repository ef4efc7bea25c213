import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type DbHandle, openDb } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { body, signedGet, type TestSession } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { hashSessionToken, SESSION_CACHE_MAX, SESSION_CACHE_MS, SessionCache } from './session.js';

// Issue #16 "API": a server keeps the sessions it looked up for SESSION_CACHE_MS. The rules this must not
// weaken: a sign-out elsewhere takes effect within that bound, a sign-out here at once, an expiry on time.

const t = useTestApp();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const userinfoStatus = async (app: FastifyInstance, session: TestSession) =>
  body(await signedGet(app, '/api/home/userinfo', {}, { session })).status;

describe('the session cache (issue #16)', () => {
  describe('a second server on the same database', () => {
    let second: FastifyInstance;
    let secondHandle: DbHandle | undefined;
    beforeAll(async () => {
      // On PostgreSQL a second pool, as a second process would have; PGlite lives in one process.
      if (t.config.databaseUrl) {
        secondHandle = await openDb({ databaseUrl: t.config.databaseUrl, pgliteDir: t.config.pgliteDir });
      }
      second = await buildApp(t.config, { handle: secondHandle ?? t.handle });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await secondHandle?.close();
    });

    it('refuses a session it cached once another server signed it out, within SESSION_CACHE_MS', async () => {
      const author = await t.signIn();
      // both servers have looked the session up (and keep it)
      expect(await userinfoStatus(t.app, author)).toBe(1);
      expect(await userinfoStatus(second, author)).toBe(1);
      const out = await signedGet(second, '/api/logout', {}, { session: author });
      expect(body(out).status).toBe(1);
      const signedOutAt = Date.now();
      // the server that signed out refuses at once …
      expect(await userinfoStatus(second, author)).toBe(10002);
      // … and the other one once its cached copy has lapsed
      await sleep(SESSION_CACHE_MS - (Date.now() - signedOutAt) + 50);
      expect(await userinfoStatus(t.app, author)).toBe(10002);
    });
  });

  it("refuses a cached session at its own expiry, whatever is left of the cache's second", async () => {
    const author = await t.signIn();
    const expiresAt = Date.now() + 600;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.id, hashSessionToken(author.cookies.cc_session!)));
    const cachedAt = Date.now();
    expect(await userinfoStatus(t.app, author)).toBe(1);
    await sleep(expiresAt - Date.now() + 50);
    expect(await userinfoStatus(t.app, author)).toBe(10002);
    // the refusal came from the cached expiry, not from a lapsed cache entry that sent it to the database
    expect(Date.now() - cachedAt).toBeLessThan(SESSION_CACHE_MS);
  });

  it('keeps at most SESSION_CACHE_MAX sessions, dropping the oldest', () => {
    const cache = new SessionCache();
    const entry = (id: string) => ({
      id,
      user: { id: 1, userGuid: 'g' },
      lastSeenAt: 0,
      expiresAt: Number.MAX_SAFE_INTEGER,
    });
    for (let i = 0; i <= SESSION_CACHE_MAX; i++) cache.set(entry(`s${i}`), 0);
    expect(cache.get('s0', 1)).toBeUndefined();
    expect(cache.get('s1', 1)).toBeDefined();
    expect(cache.get(`s${SESSION_CACHE_MAX}`, 1)).toBeDefined();
    // and nothing is used past its SESSION_CACHE_MS
    expect(cache.get('s1', SESSION_CACHE_MS)).toBeUndefined();
  });
});
