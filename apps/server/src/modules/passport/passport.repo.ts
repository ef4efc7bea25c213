import { and, count, eq, gt, inArray, lte, min, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authAttempts, sessions } from './passport.schema.js';

/**
 * What an attempt row counts toward: a failed login, a registration, or a wrong current password at a
 * password change (issue #9 account settings).
 */
export type AttemptKind = 'login_failure' | 'register' | 'password_failure';

export async function recordAttempt(
  db: Db,
  kind: AttemptKind,
  ip: string,
  account: string | null,
): Promise<void> {
  await db.insert(authAttempts).values({ kind, ip, account });
}

/** Count and oldest time of attempts of a kind since `since`, by account, by IP, or by the (account, IP) pair. */
export async function countAttempts(
  db: Db,
  kind: AttemptKind,
  by: { account: string; ip: string } | { account: string } | { ip: string },
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const where: SQL[] = [eq(authAttempts.kind, kind), gt(authAttempts.createdAt, since)];
  if ('account' in by) where.push(eq(authAttempts.account, by.account));
  if ('ip' in by) where.push(eq(authAttempts.ip, by.ip));
  const [row] = await db
    .select({ n: count(), oldest: min(authAttempts.createdAt) })
    .from(authAttempts)
    .where(and(...where));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { n: Number(row?.n ?? 0), oldest };
}

/** Deletes every attempt of one kind for an account (after a successful password change). */
export async function clearAccountAttempts(db: Db, kind: AttemptKind, account: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.account, account)));
}

/**
 * Deletes every session of `userId` except `keepSessionId` (the sha256 id of the session that asked).
 * @returns how many sessions were deleted
 */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return gone.length;
}

/** Deletes the login failures of one (account, IP) pair (after that pair's successful login). */
export async function clearPairFailures(db: Db, account: string, ip: string): Promise<void> {
  await db
    .delete(authAttempts)
    .where(
      and(eq(authAttempts.kind, 'login_failure'), eq(authAttempts.account, account), eq(authAttempts.ip, ip)),
    );
}

/**
 * Deletes at most `limit` sessions expired at `now` (expires_at ≤ now: the session plugin no longer accepts
 * them), in one statement; rows another transaction holds are skipped, not waited for.
 * @returns how many rows were deleted
 */
export async function deleteExpiredSessions(db: Db, now: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lte(sessions.expiresAt, now))
    .limit(limit)
    .for('update', { skipLocked: true });
  const gone = await db.delete(sessions).where(inArray(sessions.id, batch)).returning({ id: sessions.id });
  return gone.length;
}

/**
 * Deletes at most `limit` attempts made at or before `before` (outside every rate-limit window that
 * `countAttempts` looks at), in one statement; rows another transaction holds are skipped.
 * @returns how many rows were deleted
 */
export async function deleteAttemptsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: authAttempts.id })
    .from(authAttempts)
    .where(lte(authAttempts.createdAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  const gone = await db
    .delete(authAttempts)
    .where(inArray(authAttempts.id, batch))
    .returning({ id: authAttempts.id });
  return gone.length;
}
