import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { CounterState } from '../../lib/rate-limit-store.js';
import { rateLimits } from './ratelimit.schema.js';

/**
 * The upsert of {@link hit}, built once per database handle (issue #16: drizzle's query builder was a tenth
 * of a request's CPU). Prepared with an empty name: node-postgres still sends an unnamed statement, so a
 * PgBouncer in transaction mode keeps working (docs/operations.md).
 */
function hitStatement(db: Db) {
  const t = rateLimits;
  const windowEnd = sql`now() + ${sql.placeholder('windowMs')} * interval '1 millisecond'`;
  return db
    .insert(t)
    .values({ key: sql.placeholder('key'), hits: sql.placeholder('cost'), expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${t.expiresAt} <= now() then excluded.hits else ${t.hits} + excluded.hits end`,
        expiresAt: sql`case when ${t.expiresAt} <= now() then excluded.expires_at else ${t.expiresAt} end`,
      },
    })
    .returning({
      total: t.hits,
      ttlMs: sql<string>`greatest(0, ceil(extract(epoch from (${t.expiresAt} - now())) * 1000))`,
    })
    .prepare('');
}

const statements = new WeakMap<Db, ReturnType<typeof hitStatement>>();

/**
 * Adds `cost` to the window of `key` in ONE statement (an upsert): a missing or expired window starts anew
 * with `cost` and closes `windowMs` from now (database clock, so servers with skewed clocks agree).
 * @param key already hashed (ratelimit.service.ts)
 * @param cost positive integer (1 for a request, the byte count for a body)
 * @param windowMs window length, milliseconds
 */
export async function hit(db: Db, key: string, cost: number, windowMs: number): Promise<CounterState> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = hitStatement(db)));
  const [row] = await statement.execute({ key, cost, windowMs });
  return { total: Number(row?.total ?? cost), ttlMs: Number(row?.ttlMs ?? windowMs) };
}

/** Deletes at most `limit` windows that closed before now; returns how many. */
export async function purgeExpired(db: Db, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${rateLimits} where key in (
      select key from ${rateLimits} where ${rateLimits.expiresAt} <= now() limit ${limit}
    ) returning key`);
  return (result as { rows: unknown[] }).rows.length;
}
