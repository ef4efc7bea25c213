import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

/** The Drizzle database (or a transaction: a transaction is a Db too), whichever driver is configured. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** applies the SQL migrations in `db/migrations` (drizzle's migrator for the matching driver) */
  migrate(): Promise<void>;
  /** throws when the database is unreachable */
  ping(): Promise<void>;
  /** closes the pool / PGlite; a second call is a no-op */
  close(): Promise<void>;
  /**
   * The connection pool right now (PostgreSQL; issue #16 metrics and overload answers): connections open, idle,
   * and queries waiting for one. PGlite has no pool: all zero.
   */
  poolStats(): { total: number; idle: number; waiting: number };
}

/** `src/db/migrations` next to this file; `dist/migrations` in the compiled server (apps/server/build.mjs copies it). */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite's buffer pool (PostgreSQL `shared_buffers`; PGlite's default is PostgreSQL's 128 MB, nearly all of it
 * resident once touched). 16 MB holds this product's hot pages; reads beyond it go to the OS page cache
 * through PGlite's file system. Measured in bench/README.md "Startup" (issue #7: < 300 MiB idle on PGlite).
 * Durability is unchanged: this is the cache, not the WAL.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * True when `pgliteDir` holds no database yet (initdb writes `PG_VERSION` first), i.e. opening it will run
 * initdb. `memory://` is always fresh.
 */
export function pgliteNeedsInit(pgliteDir: string): boolean {
  return pgliteDir === 'memory://' || !existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/**
 * The advisory lock (class, id) that serialises migrations of one PostgreSQL database across servers
 * (issue #16). Class 16 is this lock's own; other advisory locks in the codebase use other classes.
 */
export const MIGRATION_LOCK: [number, number] = [16, 1];

/**
 * Whether drizzle's migrator would apply anything: by its own rule, a migration is applied when the newest
 * `created_at` in `drizzle.__drizzle_migrations` is older than the migration's `folderMillis`.
 * @param client a connection (node-postgres `query`)
 * @param newest the newest migration's `folderMillis` (ms since the epoch, from the journal)
 * @returns true when the table is missing or older than `newest`
 * @throws what the query throws, other than "schema or table missing" (42P01, 3F000)
 */
async function migrationsPending(
  client: { query(text: string): Promise<{ rows: { at: string | number | null }[] }> },
  newest: number,
): Promise<boolean> {
  try {
    const { rows } = await client.query('select max(created_at) as at from drizzle.__drizzle_migrations');
    const at = rows[0]?.at;
    return at === null || at === undefined || Number(at) < newest;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return true;
    throw e;
  }
}

/**
 * Opens the database: node-postgres Pool when `databaseUrl` is set, else PGlite (PostgreSQL in process)
 * in `pgliteDir` (`memory://` for tests). One SQL dialect for both (ARCHITECTURE.md "Storage and scale").
 * @param opts.pgliteLoadDataDir a PGlite data-dir dump (`dumpDataDir()`) to start from instead of initdb:
 *   the test harness's migrated snapshot (apps/server/src/test/global-setup.ts, issue #7)
 */
export async function openDb(opts: {
  databaseUrl?: string;
  pgliteDir: string;
  pgliteLoadDataDir?: Blob;
}): Promise<DbHandle> {
  // Only the configured driver is loaded (issue #7: idle memory).
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }, { readMigrationFiles }] =
      await Promise.all([
        import('pg'),
        import('drizzle-orm/node-postgres'),
        import('drizzle-orm/node-postgres/migrator'),
        import('drizzle-orm/migrator'),
      ]);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client's error (e.g. the server restarting) must not crash the process.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema });
    let ended: Promise<void> | undefined;
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      migrate: async () => {
        // Many servers start at once on one PostgreSQL (issue #16 "Many servers"): drizzle's migrator checks and
        // applies without a lock, so concurrent starts could apply one migration twice. One session-level
        // advisory lock makes them take turns; the later ones find nothing left to apply. A database already
        // migrated (`npm run migrate` as a release step) is not locked at all: behind PgBouncer in transaction
        // mode a session-level lock and its unlock may reach different backends, and the lock would stay held
        // (docs/operations.md "PostgreSQL through a pooler").
        const client = await pool.connect();
        try {
          const newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
          if (!(await migrationsPending(client, newest))) return;
          await client.query('select pg_advisory_lock($1, $2)', MIGRATION_LOCK);
          try {
            await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
          } finally {
            await client.query('select pg_advisory_unlock($1, $2)', MIGRATION_LOCK);
          }
        } finally {
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // idempotent: the app's onClose and a test harness may both close it
      close: () => (ended ??= pool.end()),
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const inMemory = opts.pgliteDir === 'memory://';
  if (!inMemory) mkdirSync(opts.pgliteDir, { recursive: true });
  // Options in one object: `new PGlite(undefined, options)` would drop them (the first argument is taken as
  // the options when it is not a string).
  const client = new PGlite({
    dataDir: inMemory ? undefined : opts.pgliteDir,
    loadDataDir: opts.pgliteLoadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  let closing: Promise<void> | undefined;
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: 0, idle: 0, waiting: 0 }),
    close: () => (closing ??= client.closed ? Promise.resolve() : client.close()),
  };
}
