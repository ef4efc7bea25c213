/**
 * The API bench's baseline (started by bench/api/run.ts in a child process with IPC): a bare Fastify app
 * (no plugins, default logger off) with a `pg.Pool` of the same size as the real server's (10,
 * apps/server/src/db/client.ts) that answers what `GET /api/home/userinfo` answers by running the same SQL,
 * and nothing else — no signature, no helmet, no rate limit, no schema check, no envelope plugin.
 *
 * The statements are the ones the real route sends, captured once (issue #16) by wrapping node-postgres's
 * `Client.prototype.query` around one signed `GET /api/home/userinfo` of a registered author on PostgreSQL
 * (drizzle's text, verbatim; the session plugin, the request-limit counter, then the user module):
 *  1. plugins/session.ts      — the session of the cookie (`SESSION_SELECT`)
 *  2. modules/ratelimit       — the author's request counter, an upsert (`COUNTER_UPSERT`)
 *  3. modules/user (user.repo `findUserById`) — the author (`USER_SELECT`)
 *
 * Routes (both answer the envelope `{ status: 1, message: 'success', data: { authStatus, avator, mediaName } }`):
 *  - `GET /bare/userinfo`          — 1 and 3: what the answer needs (the issue's "two PostgreSQL queries"); the
 *                                    baseline of the goal ratio
 *  - `GET /bare/userinfo-counted`  — 1, 2 and 3: all three statements as captured before issue #16's changes
 *
 * IPC as bench/api/server.ts: sends `{ base }`; `{ cmd: 'cpu' }` → `process.cpuUsage()`; `{ cmd: 'stop' }`.
 * Env: DATABASE_URL (required).
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';

const SESSION_SELECT =
  'select "id", "user_id", "user_guid", "last_seen_at" from "sessions" where ("sessions"."id" = $1 and "sessions"."expires_at" > $2) limit $3';
const COUNTER_UPSERT = `
    insert into "rate_limits" (key, hits, expires_at)
    values ($1, $2, now() + $3 * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when "rate_limits"."expires_at" <= now() then excluded.hits else "rate_limits"."hits" + excluded.hits end,
      expires_at = case when "rate_limits"."expires_at" <= now() then excluded.expires_at else "rate_limits"."expires_at" end
    returning hits as total, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000)) as ttl_ms`;
const USER_SELECT =
  'select "id", "guid", "account", "password_hash", "media_name", "avatar_key", "auth_status", "grade", "dynamic_show", "role", "small_video_max_seconds", "publish_point", "content_assistant", "white_lists", "created_at", "updated_at" from "users" where "users"."id" = $1 limit $2';

interface SessionRow {
  user_id: number;
}
interface UserRow {
  auth_status: number;
  avatar_key: string | null;
  media_name: string;
}

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  pool.on('error', () => {});
  const app = Fastify();

  const answer = async (cookie: string | undefined, counted: boolean) => {
    const token = /(?:^|;\s*)cc_session=([^;]+)/.exec(cookie ?? '')?.[1];
    if (!token) return { status: 10002, message: 'not signed in', data: null };
    const hash = createHash('sha256').update(decodeURIComponent(token)).digest('hex');
    const session = await pool.query<SessionRow>(SESSION_SELECT, [hash, new Date(), 1]);
    const userId = session.rows[0]?.user_id;
    if (userId === undefined) return { status: 10002, message: 'not signed in', data: null };
    if (counted) {
      const key = createHash('sha256').update(`author:${userId}`).digest('base64url');
      await pool.query(COUNTER_UPSERT, [key, 1, 60_000]);
    }
    const user = (await pool.query<UserRow>(USER_SELECT, [userId, 1])).rows[0]!;
    return {
      status: 1,
      message: 'success',
      data: {
        authStatus: user.auth_status,
        avator: `/media/img/{0}x{0}/${user.avatar_key ?? 'avatar/default.png'}`,
        mediaName: user.media_name,
      },
    };
  };
  app.get('/bare/userinfo', (request) => answer(request.headers.cookie, false));
  app.get('/bare/userinfo-counted', (request) => answer(request.headers.cookie, true));

  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (message: { cmd: string }) => {
    if (message.cmd === 'cpu') process.send!(process.cpuUsage());
    else if (message.cmd === 'stop')
      void app
        .close()
        .then(() => pool.end())
        .finally(() => process.exit(0));
  });
  process.send!({ base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
