/**
 * Upload bench (issue #3), run with `npm run bench:upload`. PRINTS (never asserts):
 *  - a raw write of the file's bytes (sequential write + fsync) — the baseline, measured in this run;
 *  - the whole upload protocol over loopback HTTP against the real server, started in a child process of
 *    its own (the compiled apps/server/dist/main.js) so its RSS is the server's alone (register, get_upload_video_secret,
 *    shards from 5 concurrent workers with content-md5, merge; the client is another child process),
 *    for 5 MiB shards on a file of at least 2 GiB and for 1 MiB shards;
 *  - for each: throughput, the ratio to the raw write (goal ≥ 0.8 for 5 MiB shards), the merge time (goal
 *    < 1 s) and the peak RSS of the server process sampled every 50 ms (goal < 200 MiB).
 *
 * Shard sizes follow the spec §9 table, which the server enforces: 1 MiB shards exist only for files of at
 * most 500 MiB, so the 1 MiB run uses a 500 MiB file (the largest the table gives 1 MiB shards); the 5 MiB
 * run uses BENCH_UPLOAD_GIB GiB (default 2). The files are generated in a temporary directory and deleted.
 *
 * Env: BENCH_UPLOAD_GIB (default 2), BENCH_UPLOAD_RUNS (default `5,1`), BENCH_TMP (default the OS temp
 * dir), BENCH_UPLOAD_PROF (a directory: CPU profiles of the server and the client), BENCH_UPLOAD_DBS (`postgres`, `pglite` or both comma-separated; default `postgres` when DATABASE_URL
 * is set, else `pglite`), DATABASE_URL (the PostgreSQL of the `postgres` runs). Each database gets its own
 * server process, so PGlite's in-process heap never inflates the PostgreSQL figures.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import * as esbuild from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.js';
import {
  DEV_SIGN_SECRET,
  ENCRYPT_TYPE,
  type Envelope,
  MB,
  shardSizeFor,
  signPayload,
  WEB_CID,
  WEB_VER,
} from '@cc/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const fmt = (n: number, d = 2) => n.toFixed(d);
const mib = (bytes: number) => bytes / MB;

/** Writes `size` bytes of pseudo-random data (incompressible, cheap to make) in 8 MiB blocks. */
async function generateFile(file: string, size: number): Promise<void> {
  const fh = await open(file, 'w');
  const block = randomBytes(8 * MB);
  try {
    for (let pos = 0; pos < size; pos += block.length) {
      // vary each block a little so no layer can deduplicate them
      block.writeUInt32LE(pos / block.length, 0);
      await fh.write(block, 0, Math.min(block.length, size - pos), pos);
    }
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** The baseline: read the file in `chunk`-byte pieces and write them sequentially to a new file, then fsync. */
async function rawWrite(source: string, target: string, chunk: number): Promise<number> {
  const started = performance.now();
  const out = await open(target, 'w');
  try {
    for await (const piece of createReadStream(source, { highWaterMark: chunk }))
      await out.write(piece as Buffer);
    await out.sync();
  } finally {
    await out.close();
  }
  return (performance.now() - started) / 1000;
}

/**
 * BENCH_UPLOAD_PROF=<dir>: the server and the client write V8 CPU profiles (`--cpu-prof`) into
 * `<dir>/<name>` (one per thread: the largest is the main thread).
 */
function profArgs(name: string): string[] {
  const dir = process.env.BENCH_UPLOAD_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, name)}`] : [];
}

/** A `kB` line of /proc/<pid>/status (VmRSS, VmHWM), in bytes. */
async function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

interface BenchServer {
  base: string;
  mediaDir: string;
  db: string;
  /** RSS now; resets the kernel's peak (VmHWM) to it */
  mark(): Promise<number>;
  /** peak RSS since the last mark (VmHWM: every page, not a sample) */
  peak(): Promise<number>;
  /** CPU seconds (user + system) the server process has used so far (/proc/<pid>/stat) */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the server the way production runs it — the compiled `apps/server/dist/main.js start` (`npm run
 * bench:upload` builds it first), alone in its process — on a free loopback port with `databaseUrl` ('' =
 * PGlite in `dataDir`), and waits for `/readyz`. Its memory is read from /proc: `VmRSS`, and `VmHWM` (the
 * kernel's peak RSS, reset by writing 5 to /proc/<pid>/clear_refs), so no spike between samples is missed.
 */
async function startServer(dataDir: string, databaseUrl: string): Promise<BenchServer> {
  const port = await getPort({ host: '127.0.0.1' });
  // BENCH_UPLOAD_SERVER_ROOT: another checkout's built server (e.g. the commit before a change), same bench
  const serverRoot = path.resolve(process.env.BENCH_UPLOAD_SERVER_ROOT ?? root);
  const main = path.join(serverRoot, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [...profArgs('server'), main, 'start'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      DEMO_TRAFFIC: '0',
      LOG_LEVEL: 'warn',
      // Each run registers a bench user from 127.0.0.1; with a PostgreSQL that keeps the counters between
      // runs, the default 10 per 15 min stops a series of runs.
      LOGIN_RATE_LIMIT: JSON.stringify({ registerPerIp: 1000 }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('bench server not ready in 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    base,
    mediaDir: path.join(dataDir, 'media'),
    db: databaseUrl ? 'PostgreSQL' : 'PGlite',
    async mark() {
      await writeFile(`/proc/${pid}/clear_refs`, '5');
      return procStatus(pid, 'VmRSS');
    },
    peak: () => procStatus(pid, 'VmHWM'),
    async cpu() {
      // fields 14 and 15 (utime, stime) in clock ticks (100/s), counted after the `(comm)` field
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Session {
  base: string;
  cookie: string;
  userId: number;
}

async function signedCall<T>(
  s: Session,
  method: 'GET' | 'POST',
  url: string,
  payload: unknown,
  uid: string,
): Promise<T> {
  const fields = signPayload(payload, { cid: WEB_CID, ver: WEB_VER, uid, secret: DEV_SIGN_SECRET });
  const query = method === 'GET' ? `?${new URLSearchParams({ ...fields })}` : '';
  const res = await fetch(`${s.base}${url}${query}`, {
    method,
    headers: {
      encrypttype: ENCRYPT_TYPE,
      cookie: s.cookie,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: method === 'POST' ? new URLSearchParams({ ...fields }).toString() : undefined,
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (cookies.length) s.cookie = cookies.join('; ');
  const env = (await res.json()) as Envelope<T>;
  if (env.status !== 1) throw new Error(`${url}: ${env.status} ${env.message}`);
  return env.data;
}

/**
 * Runs the client (bench/upload/client.ts) in a child process, so this process — the server — is measured
 * alone (its RSS, and its CPU is not shared with the client's MD5 and form encoding on the same thread).
 */
function uploadFile(
  base: string,
  token: string,
  userGuid: string,
  file: string,
  size: number,
): Promise<{ shards: number; merge: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        ...profArgs('client'),
        path.join(here, 'client.ts'),
        base,
        token,
        userGuid,
        file,
        String(size),
      ],
      { maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`client failed: ${stderr || error.message}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop()!) as { shards: number; merge: number });
      },
    );
  });
}

/** bench/upload/browser-client.ts bundled into one classic script (the real @cc/uploader and its deps). */
async function browserClientScript(): Promise<string> {
  const out = await esbuild.build({
    entryPoints: [path.join(here, 'browser-client.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

/**
 * Uploads `file` with the web app's uploader in Chromium: a fresh context holding the session's cookies
 * (so every shard carries them, as from the web app), a page of the server's origin (`/readyz`; the script
 * is evaluated through the DevTools protocol, so the server's CSP is not in the way), the file chosen in a
 * file input by path (Chromium reads it from disk; its bytes never cross the protocol).
 */
async function uploadInBrowser(
  browser: Browser,
  script: string,
  s: Session,
  token: string,
  userGuid: string,
  file: string,
): Promise<{ shards: number; merge: number }> {
  const context = await browser.newContext();
  try {
    await context.addCookies(
      s.cookie.split('; ').map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: s.base };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${s.base}/readyz`);
    await page.evaluate(script);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'cc-bench-file';
      document.body.append(input);
    });
    await page.setInputFiles('#cc-bench-file', file);
    return await page.evaluate(([t, g]) => window.__ccBenchUpload(t!, g!), [token, userGuid]);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const gib = Number(process.env.BENCH_UPLOAD_GIB ?? 2);
  const dbs = (process.env.BENCH_UPLOAD_DBS ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')).split(',');
  if (dbs.includes('postgres') && !process.env.DATABASE_URL)
    throw new Error('BENCH_UPLOAD_DBS=postgres needs DATABASE_URL');
  const work = await mkdtemp(path.join(process.env.BENCH_TMP ?? tmpdir(), 'cc-bench-upload-'));
  const wanted = (process.env.BENCH_UPLOAD_RUNS ?? '5,1').split(',');
  const runs = [
    { id: '5', size: Math.round(gib * 1024) * MB },
    { id: '1', size: Number(process.env.BENCH_UPLOAD_1_MIB ?? 500) * MB },
  ]
    .filter((r) => wanted.includes(r.id))
    .map((r) => ({ ...r, label: `${shardSizeFor(r.size) / MB} MiB shards` }));
  const clients = (process.env.BENCH_UPLOAD_CLIENTS ?? 'node,browser').split(',');
  const rows: string[] = [];
  let browser: Browser | undefined;
  let script: string | undefined;
  try {
    for (const db of dbs) {
      const dataDir = path.join(work, `data-${db}`);
      await mkdir(dataDir, { recursive: true });
      const server = await startServer(dataDir, db === 'postgres' ? process.env.DATABASE_URL! : '');
      console.log(`upload bench: server on ${server.base} (own process), ${server.db}, work dir ${work}`);
      try {
        const s: Session = { base: server.base, cookie: '', userId: 0 };
        const account = `bench_${randomBytes(3).toString('hex')}`;
        const reg = await signedCall<{ userId: number }>(
          s,
          'POST',
          '/api/passport/register',
          { account, password: randomBytes(12).toString('hex'), mediaName: 'Bench' },
          '0',
        );
        s.userId = reg.userId;
        // State-changing file-service calls carry the UserGuid cookie's value as x-user-guid (API.md §5).
        const userGuid = /(?:^|; )UserGuid=([^;]+)/.exec(s.cookie)?.[1];
        if (!userGuid) throw new Error('register set no UserGuid cookie');
        const { token } = await signedCall<{ token: string }>(
          s,
          'GET',
          '/api/video/get_upload_video_secret',
          {},
          String(s.userId),
        );
        for (const run of runs) {
          // a video suffix: the web uploader checks the chosen file's extension (spec §5)
          const source = path.join(work, 'source.mp4');
          console.log(`\n${server.db}, ${run.label}: generating ${fmt(mib(run.size), 0)} MiB …`);
          await generateFile(source, run.size);
          const shardSize = shardSizeFor(run.size);
          // Warm the page cache equally for every side: each reads the source once before its timing.
          const rawSeconds = await rawWrite(source, path.join(work, 'raw.bin'), shardSize);
          await rm(path.join(work, 'raw.bin'), { force: true });
          for (const client of clients) {
            const rssBefore = await server.mark();
            const cpuBefore = await server.cpu();
            const { shards, merge } =
              client === 'browser'
                ? await uploadInBrowser(
                    (browser ??= await chromium.launch({
                      executablePath: CHROMIUM_PATH,
                      args: [...CHROMIUM_ARGS],
                      headless: true,
                    })),
                    (script ??= await browserClientScript()),
                    s,
                    token,
                    decodeURIComponent(userGuid),
                    source,
                  )
                : await uploadFile(server.base, token, decodeURIComponent(userGuid), source, run.size);
            const peak = await server.peak();
            // steadier than wall time on a shared machine: the server's CPU per MiB uploaded (shards + merge)
            const cpuPerMib = (((await server.cpu()) - cpuBefore) * 1000) / mib(run.size);
            const ratio = rawSeconds / shards;
            const name = client === 'browser' ? 'web uploader (Chromium)' : 'bench client (node)';
            rows.push(
              `| ${server.db} | ${run.label} | ${fmt(mib(run.size), 0)} MiB | ${name} | ${fmt(mib(run.size) / rawSeconds, 0)} MiB/s | ` +
                `${fmt(mib(run.size) / shards, 0)} MiB/s | ${fmt(ratio)} | ${fmt(merge * 1000, 0)} ms | ${fmt(cpuPerMib)} ms | ${fmt(mib(peak), 0)} MiB (${fmt(mib(rssBefore), 0)} before) |`,
            );
            console.log(
              `${server.db}, ${run.label}, ${name}: raw write ${fmt(rawSeconds)} s (${fmt(mib(run.size) / rawSeconds, 0)} MiB/s); ` +
                `upload ${fmt(shards)} s (${fmt(mib(run.size) / shards, 0)} MiB/s); ratio ${fmt(ratio)}; ` +
                `merge ${fmt(merge * 1000, 0)} ms; server CPU ${fmt(cpuPerMib)} ms/MiB; server peak RSS ${fmt(mib(peak), 0)} MiB (${fmt(mib(rssBefore), 0)} MiB before the upload)`,
            );
            // the uploaded copy is the bench's, not needed afterwards
            await rm(path.join(server.mediaDir, 'videos'), { recursive: true, force: true });
          }
          await rm(source, { force: true });
        }
      } finally {
        await server.stop();
      }
    }
    console.log(
      '\n| DB | run | file | client | raw write | upload | ratio | merge | server CPU per MiB | server peak RSS |\n|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const row of rows) console.log(row);
  } finally {
    await browser?.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().then(
  // A bench ends when its figures are printed, whatever keep-alive sockets or timers remain.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
