/**
 * The load test's own target (issue #16 "A load test"): ONE real server process, started the way production
 * starts it (`node --enable-source-maps apps/server/dist/main.js start`, `NODE_ENV=production`, or from source with
 * tsx when `LOAD_SERVER=source`), on a fresh PostgreSQL database `cc_load_<pid>` that is created here and dropped
 * afterwards (or a fresh PGlite data directory with `BENCH_LOAD_DB=pglite`).
 *
 * Settings it sets, and why (bench/README.md "Load"):
 *  - production secrets made up for the run (`SIGN_SECRETS`, `APP_SECRET`, `DATA_KEY`, `OPEN_SITE_KEYS`), so the
 *    production checks pass; the runner signs with the same secret and sends the same site key;
 *  - `TRUST_PROXY=loopback`: the load's authors each come from their own address of the benchmarking range
 *    198.18.0.0/15 (RFC 2544) in `X-Forwarded-For`, as they would through nginx; with it the per-address limits
 *    (`LOGIN_RATE_LIMIT.registerPerIp` = 10 registrations per 15 min, `REQUEST_LIMITS.anonymousPerMinute`) stay at
 *    their defaults and still let 200 authors sign up. No request limit is lifted;
 *  - `SMS_SENDER=webhook` to a closed port (production refuses `log`; the load sends no code);
 *  - the server's JSON log (level `info`, as production) goes to a file in the run's temp dir, never the terminal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A server this bench started, and how to reach and stop it. */
export interface StartedServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** the secret of cid 500 the server checks signatures with (API.md §2) */
  signSecret: string;
  /** the reader site `reader`'s key (API.md §10) */
  siteKey: string;
  /** `PostgreSQL` or `PGlite` */
  db: string;
  /** the fresh PostgreSQL database's URL (undefined on PGlite: only the server may open its data dir) */
  databaseUrl: string | undefined;
  pid: number;
  /** the server's own log file (JSON lines) */
  logFile: string;
  /** SIGTERM, wait for exit (at most 20 s, then SIGKILL), drop the database and the temp dir */
  stop(): Promise<void>;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Polls `GET /readyz` every 100 ms until it answers 200. @throws Error when the process exits or after `timeoutMs` */
async function waitReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms`);
}

/**
 * Starts one server as described in the file's comment.
 * @param opts.db `postgres` (needs `opts.databaseUrl`, the PostgreSQL server to create `cc_load_<pid>` on) or `pglite`
 * @param opts.from `dist` (the built bundle; `npm run bench:load` builds it first) or `source` (tsx)
 * @param opts.nodeArgs extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=…`
 * @throws Error when the bundle is missing, the database cannot be created or the server is not ready in 120 s
 */
export async function startServer(opts: {
  db: 'postgres' | 'pglite';
  databaseUrl: string | undefined;
  from: 'dist' | 'source';
  nodeArgs: string[];
}): Promise<StartedServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cc-load-'));
  let databaseUrl = '';
  let dropDb = async () => {};
  if (opts.db === 'postgres') {
    if (!opts.databaseUrl)
      throw new Error('BENCH_LOAD_DB=postgres needs DATABASE_URL (the server to create on)');
    const name = `cc_load_${process.pid}`;
    await adminQuery(opts.databaseUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(opts.databaseUrl, `create database ${name}`);
    const url = new URL(opts.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = () => adminQuery(opts.databaseUrl!, `drop database if exists ${name} with (force)`);
  }
  const entry =
    opts.from === 'dist'
      ? [...opts.nodeArgs, '--enable-source-maps', path.join(root, 'apps/server/dist/main.js'), 'start']
      : [...opts.nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), 'start'];
  if (opts.from === 'dist' && !existsSync(entry.at(-2)!))
    throw new Error('apps/server/dist/main.js is missing: run `node apps/server/build.mjs` first');
  const port = await getPort({ host: '127.0.0.1' });
  const signSecret = randomBytes(24).toString('hex');
  const siteKey = randomBytes(24).toString('hex');
  const logFile = path.join(dataDir, 'server.log');
  // the log file is the child's own stdout/stderr: its writes never wait for this process to read a pipe
  const logFd = openSync(logFile, 'w');
  const child = spawn(process.execPath, entry, {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SIGN_SECRETS: JSON.stringify({ '500': signSecret }),
      APP_SECRET: randomBytes(24).toString('hex'),
      DATA_KEY: randomBytes(32).toString('hex'),
      OPEN_SITE_KEYS: JSON.stringify({ reader: siteKey }),
      SMS_SENDER: 'webhook',
      SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: process.env.LOAD_SERVER_LOG_LEVEL ?? 'info',
    },
  });
  closeSync(logFd);
  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanup = async () => {
    await dropDb().catch((e: unknown) => console.error(`dropping the load database: ${String(e)}`));
    if (process.env.LOAD_KEEP !== '1') await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(baseUrl, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    console.error(`server log: ${logFile}`);
    process.env.LOAD_KEEP = '1';
    await cleanup();
    throw error;
  }
  return {
    baseUrl,
    signSecret,
    siteKey,
    db: opts.db === 'postgres' ? 'PostgreSQL' : 'PGlite',
    databaseUrl: databaseUrl || undefined,
    pid: child.pid!,
    logFile,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      await cleanup();
    },
  };
}
