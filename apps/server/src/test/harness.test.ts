import type { UserInfo } from '@cc/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/client.js';
import { createUser } from './factories.js';
import { useTestApp } from './support.js';

// The test harness itself (issue #7 "One test harness"): a migrated, empty database per file, a new
// signed-in author per signIn, and members that refuse to be read outside the file's tests.
const t = useTestApp();

let outside: unknown;
try {
  void t.app;
} catch (e) {
  outside = e;
}

describe('useTestApp', () => {
  it('refuses t.app before its beforeAll ran (at collection time)', () => {
    expect(outside).toBeInstanceOf(Error);
    expect((outside as Error).message).toMatch(/only inside tests/);
  });

  it('starts every file on a database with every migration applied (the snapshot is never stale)', async () => {
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await t.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((applied as { rows: { n: number }[] }).rows[0]!.n).toBe(journal.entries.length);
    expect(t.handle.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('signIn makes a NEW author per call, each signed in as itself', async () => {
    const one = await t.signIn({ mediaName: '作者一' });
    const two = await t.signIn({ mediaName: '作者二' });
    expect(one.userId).not.toBe(two.userId);
    expect(one.account).not.toBe(two.account);
    expect(one.cookies.cc_session).not.toBe(two.cookies.cc_session);
    expect((await t.get<UserInfo>('/api/home/userinfo', {}, one)).data.mediaName).toBe('作者一');
    expect((await t.get<UserInfo>('/api/home/userinfo', {}, two)).data.mediaName).toBe('作者二');
    // anonymous without a session
    expect((await t.get('/api/home/userinfo')).status).toBe(10002);
  });

  it('restart() builds a new app on the same database: rows and sessions survive', async () => {
    const author = await t.signIn();
    const before = t.app;
    const after = await t.restart();
    expect(after).not.toBe(before);
    expect(t.app).toBe(after);
    expect((await t.get('/api/home/userinfo', {}, author)).status).toBe(1);
    const other = await createUser(t.db, t.config);
    expect(
      (await t.post('/api/passport/login', { account: other.account, password: 'password-123' })).status,
    ).toBe(1);
  });
});
