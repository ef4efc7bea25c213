import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { SESSION_COOKIE, USER_GUID_COOKIE, USER_GUID_HEADER, USERID_COOKIE } from '@cc/contracts';
import { and, eq, gt } from 'drizzle-orm';
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
}

/** Refresh `last_seen_at` at most this often (ms): a write per request would be waste. */
const LAST_SEEN_THROTTLE_MS = 5 * 60_000;

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
  if (previous) await db.delete(sessions).where(eq(sessions.id, hashSessionToken(previous)));
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
  if (token) await db.delete(sessions).where(eq(sessions.id, hashSessionToken(token)));
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

async function sessionPlugin(app: FastifyInstance, opts: { db: Db; config: AppConfig }): Promise<void> {
  const { db } = opts;
  await app.register(cookie);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    request.user = null;
    if (!needsSession(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return;
    const now = new Date();
    const [row] = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        userGuid: sessions.userGuid,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.id, hashSessionToken(token)), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!row) return;
    request.user = { id: row.userId, userGuid: row.userGuid };
    if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_THROTTLE_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
    }
  });
}

export default fp(sessionPlugin, { name: 'session' });
