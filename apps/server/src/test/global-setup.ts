import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDb } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a file holding a migrated PGlite data dir (`dumpDataDir('none')`), or '' */
    ccPgliteSnapshot: string;
    /** a migrated PostgreSQL database to copy (`create database … template …`), or '' without DATABASE_URL */
    ccPgTemplate: string;
  }
}

/**
 * Vitest `globalSetup` of the server project (issue #7 "One test harness"): migrates ONE database per run
 * and hands it to every test file, which then starts from a copy instead of running initdb + migrations:
 * - PGlite: a dump of a migrated in-memory PGlite, loaded with `loadDataDir` (measured: about 3× faster
 *   than a fresh PGlite's initdb, the bulk of a file's setup);
 * - PostgreSQL (`DATABASE_URL` set): a migrated template database; each file runs
 *   `create database cc_test_… template cc_tpl_…` (no per-file migrations).
 * `createTestApp` falls back to a fresh, migrated database when nothing was provided.
 * @returns the teardown: removes the dump and drops the template
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const snapshot = path.join(tmpdir(), `cc-test-pglite-${id}.tar`);
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('ccPgliteSnapshot', snapshot);

  const baseUrl = process.env.DATABASE_URL;
  let template = '';
  if (baseUrl) {
    template = `cc_tpl_${id}`;
    await adminQuery(baseUrl, `create database ${template}`);
    const url = new URL(baseUrl);
    url.pathname = `/${template}`;
    const handle = await openDb({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
    await handle.migrate();
    // no connection may stay open on a template database
    await handle.close();
  }
  project.provide('ccPgTemplate', template);

  return async () => {
    await rm(snapshot, { force: true });
    if (baseUrl && template) await adminQuery(baseUrl, `drop database if exists ${template} with (force)`);
  };
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
