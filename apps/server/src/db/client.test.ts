import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { type DbHandle, MIGRATION_LOCK, openDb, PGLITE_SHARED_BUFFERS, pgliteNeedsInit } from './client.js';

/** `show shared_buffers` on the open database, e.g. '16MB'. */
async function sharedBuffers(handle: DbHandle): Promise<string | undefined> {
  const res = (await handle.db.execute(sql`show shared_buffers`)) as { rows: { shared_buffers?: string }[] };
  return res.rows[0]?.shared_buffers;
}

describe('openDb on PGlite', () => {
  it('runs with the small buffer pool (issue #7: idle memory) and closes idempotently', async () => {
    const handle = await openDb({ pgliteDir: 'memory://' });
    expect(await sharedBuffers(handle)).toBe(PGLITE_SHARED_BUFFERS);
    await Promise.all([handle.close(), handle.close()]);
    await expect(handle.ping()).rejects.toThrow('database closed');
  });

  it('pgliteNeedsInit: true for a new directory, false once initdb has run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-pglite-'));
    try {
      expect(pgliteNeedsInit(dir)).toBe(true);
      const handle = await openDb({ pgliteDir: dir });
      await handle.close();
      expect(pgliteNeedsInit(dir)).toBe(false);
      expect(pgliteNeedsInit('memory://')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const pgUrl = process.env.DATABASE_URL;

/** Runs one statement on the server of `DATABASE_URL` (create/drop databases). */
async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgUrl)('openDb on PostgreSQL', () => {
  it('three servers migrating one new database at once apply every migration once (issue #16)', async () => {
    const name = `cc_migrate_${process.pid}_${Date.now() % 100000}`;
    await admin(`create database ${name}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDb({ databaseUrl: url.toString(), pgliteDir: '' })),
    );
    // a holder of the lock makes every migrate wait: none may run before it is released
    const holder = new pg.Client({ connectionString: url.toString() });
    holder.on('error', () => {}); // the drop below ends its connection if the test failed first
    try {
      await holder.connect();
      await holder.query('select pg_advisory_lock($1, $2)', MIGRATION_LOCK);
      let done = 0;
      const runs = handles.map((h) => h.migrate().then(() => void done++));
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toBe(0);
      await holder.query('select pg_advisory_unlock($1, $2)', MIGRATION_LOCK);
      await Promise.all(runs);
      expect(done).toBe(3);
      const res = (await handles[0]!.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`,
      )) as { rows: { n: number; d: number }[] };
      expect(res.rows[0]!.n).toBeGreaterThan(10);
      expect(res.rows[0]!.n).toBe(res.rows[0]!.d);
      // migrated: a later start takes no lock (behind PgBouncer in transaction mode it could stay held), so a
      // holder of the lock does not keep it waiting
      await holder.query('select pg_advisory_lock($1, $2)', MIGRATION_LOCK);
      const later = await openDb({ databaseUrl: url.toString(), pgliteDir: '' });
      handles.push(later);
      const finished = await Promise.race([
        later.migrate().then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), 5000)),
      ]);
      expect(finished).toBe(true);
      await holder.query('select pg_advisory_unlock($1, $2)', MIGRATION_LOCK);
    } finally {
      await holder.end().catch(() => undefined);
      await Promise.all(handles.map((h) => h.close()));
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
