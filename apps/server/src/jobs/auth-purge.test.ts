import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authAttempts, certificationPhoneCodes, sessions, uploadTokens } from '../db/schema/index.js';
import { createUser } from '../test/factories.js';
import { useTestApp } from '../test/support.js';
import { issueUploadToken, verifyUploadToken } from '../modules/user/user.service.js';
import { AUTH_PURGE_CRON, runAuthPurge } from './auth-purge.js';
import { JOB_NAMES } from './queue.js';

/**
 * The `auth-purge` job (issue #7 "Tables that do not grow forever"), on PGlite or, with DATABASE_URL, on
 * PostgreSQL: rows past their expiry go, live rows stay, in batches; the job is scheduled hourly.
 */

const t = useTestApp();
const MINUTE_MS = 60_000;
const NOW = new Date('2030-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

async function sessionFor(userId: number, userGuid: string, expiresAt: Date): Promise<string> {
  const id = randomBytes(32).toString('hex');
  await t.db.insert(sessions).values({ id, userId, userGuid, expiresAt });
  return id;
}

const sessionIds = async (userId: number) =>
  (
    await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.userId} = ${userId}`)
  ).map((r) => r.id);

async function attemptsOf(ip: string): Promise<Date[]> {
  const rows = await t.db
    .select({ at: authAttempts.createdAt })
    .from(authAttempts)
    .where(sql`${authAttempts.ip} = ${ip}`);
  return rows.map((r) => r.at).sort((a, b) => a.getTime() - b.getTime());
}

/** The rows of a raw `db.execute` (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

describe('auth-purge', () => {
  it('deletes sessions expired at or before now and keeps live ones', async () => {
    const user = await createUser(t.db, t.config);
    const expired = await sessionFor(user.id, user.guid, ago(MINUTE_MS));
    const atNow = await sessionFor(user.id, user.guid, NOW);
    const live = await sessionFor(user.id, user.guid, new Date(NOW.getTime() + MINUTE_MS));
    const purged = await runAuthPurge(t.db, t.config, NOW);
    expect(purged.sessions).toBeGreaterThanOrEqual(2);
    const left = await sessionIds(user.id);
    expect(left).toContain(live);
    expect(left).not.toContain(expired);
    expect(left).not.toContain(atNow);
  });

  it('deletes auth attempts older than the configured rate-limit window and keeps those inside it', async () => {
    const windowMs = t.config.loginRateLimit.windowMinutes * MINUTE_MS;
    const ip = `10.7.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const inside = ago(windowMs - 1000);
    await t.db.insert(authAttempts).values([
      { kind: 'login_failure', ip, account: 'someone', createdAt: ago(windowMs + 1000) },
      { kind: 'register', ip, account: null, createdAt: ago(windowMs) },
      { kind: 'login_failure', ip, account: 'someone', createdAt: inside },
    ]);
    await runAuthPurge(t.db, t.config, NOW);
    expect(await attemptsOf(ip)).toEqual([inside]);
  });

  it('reads the window from the config: a longer window keeps older attempts', async () => {
    const ip = `10.8.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const thirtyMinutesAgo = ago(30 * MINUTE_MS);
    await t.db
      .insert(authAttempts)
      .values({ kind: 'register', ip, account: null, createdAt: thirtyMinutesAgo });
    const hour = { loginRateLimit: { ...t.config.loginRateLimit, windowMinutes: 60 } };
    await runAuthPurge(t.db, hour, NOW);
    expect(await attemptsOf(ip)).toEqual([thirtyMinutesAgo]);
    const tenMinutes = { loginRateLimit: { ...t.config.loginRateLimit, windowMinutes: 10 } };
    await runAuthPurge(t.db, tenMinutes, NOW);
    expect(await attemptsOf(ip)).toEqual([]);
  });

  it('deletes expired upload tokens and keeps live ones, which still verify', async () => {
    const user = await createUser(t.db, t.config);
    const old = await issueUploadToken(t.db, user.id, ago(25 * 60 * MINUTE_MS));
    const fresh = await issueUploadToken(t.db, user.id, ago(MINUTE_MS));
    await runAuthPurge(t.db, t.config, NOW);
    const rows = await t.db
      .select({ id: uploadTokens.id })
      .from(uploadTokens)
      .where(sql`${uploadTokens.userId} = ${user.id}`);
    expect(rows).toHaveLength(1);
    expect(await verifyUploadToken(t.db, fresh.token, { now: NOW })).toMatchObject({ userId: user.id });
    expect(await verifyUploadToken(t.db, old.token, { now: ago(25 * 60 * MINUTE_MS) })).toBeNull();
  });

  it('deletes expired phone codes of certification and keeps live ones (issue #11)', async () => {
    const user = await createUser(t.db, t.config);
    await t.db.insert(certificationPhoneCodes).values([
      { userId: user.id, phoneBidx: 'v1:expired', codeHash: 'h', expiresAt: ago(MINUTE_MS) },
      {
        userId: user.id,
        phoneBidx: 'v1:live',
        codeHash: 'h',
        expiresAt: new Date(NOW.getTime() + MINUTE_MS),
      },
    ]);
    const purged = await runAuthPurge(t.db, t.config, NOW);
    expect(purged.phoneCodes).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ phoneBidx: certificationPhoneCodes.phoneBidx })
      .from(certificationPhoneCodes)
      .where(sql`${certificationPhoneCodes.userId} = ${user.id}`);
    expect(left).toEqual([{ phoneBidx: 'v1:live' }]);
  });

  it('deletes in batches of batchRows and stops after maxBatches statements (the rest waits for the next run)', async () => {
    const user = await createUser(t.db, t.config);
    await runAuthPurge(t.db, t.config, NOW); // nothing else expired is left from other tests
    for (let i = 0; i < 7; i++) await sessionFor(user.id, user.guid, ago((i + 1) * MINUTE_MS));
    const live = await sessionFor(user.id, user.guid, new Date(NOW.getTime() + MINUTE_MS));
    const capped = await runAuthPurge(t.db, t.config, NOW, { batchRows: 2, maxBatches: 2 });
    expect(capped.sessions).toBe(4);
    expect(await sessionIds(user.id)).toHaveLength(4);
    const rest = await runAuthPurge(t.db, t.config, NOW, { batchRows: 2 });
    expect(rest.sessions).toBe(3);
    expect(await sessionIds(user.id)).toEqual([live]);
  });

  it('is a pg-boss queue scheduled hourly', async () => {
    expect(JOB_NAMES.authPurge).toBe('auth-purge');
    const schedules = await t.db.execute(
      sql`select name, cron from pgboss.schedule where name = ${JOB_NAMES.authPurge}`,
    );
    expect(rowsOf(schedules)).toEqual([{ name: 'auth-purge', cron: AUTH_PURGE_CRON }]);
    expect(AUTH_PURGE_CRON).toMatch(/^\d{1,2} \* \* \* \*$/);
    const queues = await t.db.execute(sql`select name from pgboss.queue where name = ${JOB_NAMES.authPurge}`);
    expect(rowsOf(queues)).toHaveLength(1);
  });
});
