import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { CounterState } from '../../lib/rate-limit-store.js';
import { rateLimits } from './ratelimit.schema.js';

/**
 * Adds `cost` to the window of `key` in ONE statement (an upsert): a missing or expired window starts anew
 * with `cost` and closes `windowMs` from now (database clock, so servers with skewed clocks agree).
 * @param key already hashed (ratelimit.service.ts)
 * @param cost positive integer (1 for a request, the byte count for a body)
 * @param windowMs window length, milliseconds
 */
export async function hit(db: Db, key: string, cost: number, windowMs: number): Promise<CounterState> {
  const t = rateLimits;
  const result = await db.execute(sql`
    insert into ${t} (key, hits, expires_at)
    values (${key}, ${cost}, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when ${t.expiresAt} <= now() then excluded.hits else ${t.hits} + excluded.hits end,
      expires_at = case when ${t.expiresAt} <= now() then excluded.expires_at else ${t.expiresAt} end
    returning hits as total, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000)) as ttl_ms`);
  const row = (result as { rows: { total: string | number; ttl_ms: string | number }[] }).rows[0];
  return { total: Number(row?.total ?? cost), ttlMs: Number(row?.ttl_ms ?? windowMs) };
}

/** Deletes at most `limit` windows that closed before now; returns how many. */
export async function purgeExpired(db: Db, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${rateLimits} where key in (
      select key from ${rateLimits} where ${rateLimits.expiresAt} <= now() limit ${limit}
    ) returning key`);
  return (result as { rows: unknown[] }).rows.length;
}
