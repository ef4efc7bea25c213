import { and, count, eq, gt, min, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authAttempts } from '../../db/schema/index.js';

export type AttemptKind = 'login_failure' | 'register';

export async function recordAttempt(
  db: Db,
  kind: AttemptKind,
  ip: string,
  account: string | null,
): Promise<void> {
  await db.insert(authAttempts).values({ kind, ip, account });
}

/** Count and oldest time of attempts of a kind since `since`, by account or by IP. */
export async function countAttempts(
  db: Db,
  kind: AttemptKind,
  by: { account: string } | { ip: string },
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const where: SQL[] = [eq(authAttempts.kind, kind), gt(authAttempts.createdAt, since)];
  where.push('account' in by ? eq(authAttempts.account, by.account) : eq(authAttempts.ip, by.ip));
  const [row] = await db
    .select({ n: count(), oldest: min(authAttempts.createdAt) })
    .from(authAttempts)
    .where(and(...where));
  const oldest = row?.oldest ? new Date(row.oldest as unknown as string) : null;
  return { n: Number(row?.n ?? 0), oldest };
}

export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db
    .delete(authAttempts)
    .where(and(eq(authAttempts.kind, 'login_failure'), eq(authAttempts.account, account)));
}
