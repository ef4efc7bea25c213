import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { SESSION_COOKIE, USER_GUID_COOKIE, USER_GUID_HEADER, USERID_COOKIE } from '@cc/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { AppError } from '../errors.js';

/**
 * Sessions (API.md §5): a random 32-byte token in the HttpOnly, SameSite=Lax cookie `cc_session`; the
 * database keeps only its sha256, so a leaked table cannot be replayed. Login also sets the readable
 * `userid` and `UserGuid` cookies the client signs with (same expiry).
 *
 * Routes read `request.user` (null when signed out) or call `requireUser` / `requireUserGuid`.
 * A server keeps the sessions it looked up for SESSION_CACHE_MS (issue #16): one lookup per session per
 * second at most; see SESSION_CACHE_MS for the bound this puts on sign-outs made elsewhere.
 */

export interface SessionUser {
  id: number;
  userGuid: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user from the session cookie, or null */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** this server's short-lived cache of looked-up sessions (issue #16; see SESSION_CACHE_MS) */
    sessionCache: SessionCache;
  }
}

/** Refresh `last_seen_at` at most this often (ms): a write per request would be waste. */
const LAST_SEEN_THROTTLE_MS = 5 * 60_000;

/**
 * How long (ms) a server trusts a session it looked up without asking the database again (issue #16 "API"):
 * the calls of one page load (the header's user info, the page's data, the badges) and a flood of one
 * author's calls share one lookup. THE BOUND: a session deleted by ANOTHER server (sign-out there, a
 * password change signing out the other devices, an expired-sessions purge) or by a password change on
 * this one is still accepted here for at most this long after the deletion; a sign-out on this server
 * takes effect at once (`endSession` forgets it), and a session's own expiry is checked on every use.
 */
export const SESSION_CACHE_MS = 1_000;
/** Sessions a server keeps in its cache at most (the oldest entry makes room): ~200 bytes each. */
export const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  /** sha256 of the token: the row's id */
  id: string;
  user: SessionUser;
  /** ms since the epoch */
  lastSeenAt: number;
  expiresAt: number;
  /** the entry is not used from this time on (ms since the epoch) */
  until: number;
}

/**
 * The sessions a server looked up in the last SESSION_CACHE_MS, by token hash. Only live sessions are kept
 * (an unknown token asks the database every time, so a sign-in elsewhere is seen at once).
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();

  /** The cached session of a token hash, if it may still be used at `now` (ms since the epoch). */
  get(id: string, now: number): CachedSession | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (now < entry.until && now < entry.expiresAt) return entry;
    this.#entries.delete(id);
    return undefined;
  }

  /** Keeps a live session found at `now` for SESSION_CACHE_MS; returns the kept entry. */
  set(session: Omit<CachedSession, 'until'>, now: number): CachedSession {
    if (this.#entries.size >= SESSION_CACHE_MAX && !this.#entries.has(session.id)) {
      // Map iteration is insertion order: the first key is the oldest entry
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    const entry = { ...session, until: now + SESSION_CACHE_MS };
    this.#entries.set(session.id, entry);
    return entry;
  }

  /** Forgets a session (its row was deleted by this server). */
  forget(id: string): void {
    this.#entries.delete(id);
  }
}

/**
 * The `sessions.id` of a session cookie's token: SHA-256, hex (64 characters). Only the hash is stored, so a copy of
 * the table signs nobody in; the cookie holds 32 random bytes, base64url (API.md §5).
 * @param token the `cc_session` cookie's value
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The signed-in user; throws NOT_LOGGED_IN (10002) when there is no valid session. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
  return request.user;
}

/**
 * For unsigned state-changing calls (file service, image upload; API.md §5, §8): a session AND the header
 * `x-user-guid` equal to the session's UserGuid. A cross-site form cannot set that header, so this also
 * guards against CSRF. Throws NOT_LOGGED_IN without a session, FORBIDDEN when the header is missing or wrong.
 */
export function requireUserGuid(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  const header = request.headers[USER_GUID_HEADER];
  if (typeof header !== 'string' || header !== user.userGuid) {
    throw new AppError('FORBIDDEN', { code: 'USER_GUID_REQUIRED', params: { header: USER_GUID_HEADER } });
  }
  return user;
}

function isSecure(config: AppConfig, request: FastifyRequest): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure;
}

/**
 * Creates a session row for the user and sets the three cookies (API.md §5).
 * @param db the database or the surrounding transaction
 */
export async function startSession(
  db: Db,
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
): Promise<void> {
  // A new sign-in replaces whatever session this browser had (no session fixation, no orphaned rows).
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) {
    const id = hashSessionToken(previous);
    await db.delete(sessions).where(eq(sessions.id, id));
    request.server.sessionCache.forget(id);
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.sessionTtlDays * 86_400_000);
  await db
    .insert(sessions)
    .values({ id: hashSessionToken(token), userId: user.id, userGuid: user.userGuid, expiresAt });
  const secure = isSecure(config, request);
  const base = { path: '/', sameSite: 'lax' as const, secure, expires: expiresAt };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(USERID_COOKIE, String(user.id), { ...base, httpOnly: false });
  reply.setCookie(USER_GUID_COOKIE, user.userGuid, { ...base, httpOnly: false });
}

/** Deletes the request's session row (if any) and clears the three cookies. Idempotent. */
export async function endSession(
  db: Db,
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) {
    const id = hashSessionToken(token);
    await db.delete(sessions).where(eq(sessions.id, id));
    // a sign-out takes effect on this server at once (on the others within SESSION_CACHE_MS)
    request.server.sessionCache.forget(id);
  }
  const secure = isSecure(config, request);
  for (const name of [SESSION_COOKIE, USERID_COOKIE, USER_GUID_COOKIE]) {
    reply.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: name === SESSION_COOKIE });
  }
  request.user = null;
}

/** Paths that need to know the user: the API, the file service and the media routes. */
function needsSession(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/fileservice/') || url.startsWith('/media/');
}

/**
 * The name of the session lookup's prepared query: empty, so drizzle builds the statement once (issue #16: the
 * query builder was a tenth of a request's CPU) while node-postgres still sends it as an UNNAMED statement —
 * nothing is kept per connection, which a PgBouncer in transaction mode requires (docs/operations.md).
 */
const UNNAMED_STATEMENT = '';

/**
 * The live session of a token hash: `{ id, userId, userGuid, lastSeenAt, expiresAt }` when a row with that id
 * expires after `now` (an ISO timestamp), else nothing. Built once per database handle.
 */
function sessionLookup(db: Db) {
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      userGuid: sessions.userGuid,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(UNNAMED_STATEMENT);
}

async function sessionPlugin(app: FastifyInstance, opts: { db: Db; config: AppConfig }): Promise<void> {
  const { db } = opts;
  await app.register(cookie);
  app.decorateRequest('user', null);
  const lookup = sessionLookup(db);
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);

  app.addHook('onRequest', async (request) => {
    request.user = null;
    if (!needsSession(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return;
    const now = Date.now();
    const id = hashSessionToken(token);
    let session = cache.get(id, now);
    if (!session) {
      const [row] = await lookup.execute({ id, now: new Date(now).toISOString() });
      if (!row) return;
      session = cache.set(
        {
          id: row.id,
          user: { id: row.userId, userGuid: row.userGuid },
          lastSeenAt: row.lastSeenAt.getTime(),
          expiresAt: row.expiresAt.getTime(),
        },
        now,
      );
    }
    request.user = { ...session.user };
    if (now - session.lastSeenAt > LAST_SEEN_THROTTLE_MS) {
      session.lastSeenAt = now;
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, session.id));
    }
  });
}

export default fp(sessionPlugin, { name: 'session' });
