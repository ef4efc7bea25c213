import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue #16 "server peak RSS < 200 MiB": the heavy npm packages below load on first use, not at start (each adds
 * megabytes of resident memory to an idle server; bench/README.md "Idle RSS after lazy imports"). The test runs
 * the real `main.ts start` (tsx) on a fresh data directory — PGlite, or a fresh PostgreSQL database when
 * `DATABASE_URL` is set — with a loader hook (`--import`) that records every module URL the ESM loader resolves;
 * once `/readyz` answers, SIGUSR2 makes the server print the packages it resolved, plus `require.cache` for
 * CommonJS. A static `import x from 'sharp'` in the app's graph, or a call at start (the default avatar drawn in
 * the server process), fails here.
 */

/** The packages that must not be loaded by an idle server (each `node_modules/<name>/`). */
const LAZY_PACKAGES = [
  'sharp',
  'mammoth',
  'qrcode',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  '@node-rs/jieba',
  'exceljs',
  'ioredis',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MARK = 'LAZY-IMPORTS ';

// The loader hook (runs on the loader thread): posts each resolved URL to the main thread.
const HOOK = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;

// Preloaded into the server (and its \`prepare\` child, which ignores it): the hook, and SIGUSR2 to report.
const PRELOAD = `
import { register, createRequire } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const urls = [];
port1.on('message', (url) => urls.push(url));
port1.unref();
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}), {
  data: { port: port2 },
  transferList: [port2],
});
process.on('SIGUSR2', () => {
  const packages = new Set();
  for (const file of [...urls, ...Object.keys(createRequire(process.cwd() + '/').cache)]) {
    const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file);
    if (m) packages.add(m[1]);
  }
  process.stdout.write(${JSON.stringify(MARK)} + JSON.stringify([...packages].sort()) + '\\n');
});`;

/** A fresh PostgreSQL database on `DATABASE_URL`'s server, or none (PGlite). */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `cc_lazy_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Starts `main.ts start` on a fresh data directory and database; resolves to the packages loaded when ready. */
async function packagesAtStart(): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cc-lazy-'));
  const db = await freshDatabase();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      `data:text/javascript,${encodeURIComponent(PRELOAD)}`,
      'apps/server/src/main.ts',
      'start',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        DATABASE_URL: db?.url ?? '',
        SEED_DEMO: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // run by afterAll too: a test that timed out never reaches its own `finally`
  const cleanup = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await db?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  cleanups.push(cleanup);
  let out = '';
  let asked = false;
  return new Promise<string[]>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it reported: ${out}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening && !asked) {
        asked = true;
        void fetch(`${listening[1]}/readyz`).then(() => child.kill('SIGUSR2'), reject);
      }
      const line = out.split('\n').find((l) => l.startsWith(MARK));
      if (line) resolve(JSON.parse(line.slice(MARK.length)) as string[]);
    });
  }).finally(() => {
    cleanups.splice(cleanups.indexOf(cleanup), 1);
    return cleanup();
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

describe('heavy packages load on first use (issue #16)', () => {
  it('a server started on a fresh data directory and database has loaded none of them when ready', async () => {
    const packages = await packagesAtStart();
    // the probe sees the app's graph (fastify and drizzle are eager), so an empty list is not a blind hook
    expect(packages).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm']));
    expect(packages.filter((p) => LAZY_PACKAGES.includes(p))).toEqual([]);
  }, 120_000);
});
