/**
 * Upload bench (issue #3), run with `npm run bench:upload`. PRINTS (never asserts):
 *  - a raw write of the file's bytes (sequential write + fsync) — the baseline, measured in this run;
 *  - the whole upload protocol over loopback HTTP against the real server, started in a child process of
 *    its own (bench/upload/server.ts) so its RSS is the server's alone (register, get_upload_video_secret,
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
import { execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * `<dir>/<name>` (one per thread: the largest is the main thread; tsx adds a loader thread).
 */
function profArgs(name: string): string[] {
  const dir = process.env.BENCH_UPLOAD_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, name)}`] : [];
}

interface BenchServer {
  base: string;
  mediaDir: string;
  db: string;
  /** RSS now; restarts the peak */
  mark(): Promise<number>;
  /** peak RSS since the last mark */
  peak(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts bench/upload/server.ts (the real app, alone in its process) with `databaseUrl` ('' = PGlite). */
function startServer(dataDir: string, databaseUrl: string): Promise<BenchServer> {
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', ...profArgs('server')],
    env: { ...process.env, BENCH_DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });
  const ask = <T>(cmd: string): Promise<T> =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send({ cmd });
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.once('message', (m) => {
      const info = m as { base: string; mediaDir: string; db: string };
      resolve({
        ...info,
        mark: () => ask<{ rss: number }>('mark').then((r) => r.rss),
        peak: () => ask<{ peak: number }>('peak').then((r) => r.peak),
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send({ cmd: 'stop' });
          }),
      });
    });
  });
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

async function main(): Promise<void> {
  const gib = Number(process.env.BENCH_UPLOAD_GIB ?? 2);
  const dbs = (process.env.BENCH_UPLOAD_DBS ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')).split(',');
  if (dbs.includes('postgres') && !process.env.DATABASE_URL)
    throw new Error('BENCH_UPLOAD_DBS=postgres needs DATABASE_URL');
  const work = await mkdtemp(path.join(process.env.BENCH_TMP ?? tmpdir(), 'cc-bench-upload-'));
  const wanted = (process.env.BENCH_UPLOAD_RUNS ?? '5,1').split(',');
  const runs = [
    { id: '5', size: Math.round(gib * 1024) * MB },
    { id: '1', size: 500 * MB },
  ]
    .filter((r) => wanted.includes(r.id))
    .map((r) => ({ ...r, label: `${shardSizeFor(r.size) / MB} MiB shards` }));
  const rows: string[] = [];
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
          const source = path.join(work, 'source.bin');
          console.log(`\n${server.db}, ${run.label}: generating ${fmt(mib(run.size), 0)} MiB …`);
          await generateFile(source, run.size);
          const shardSize = shardSizeFor(run.size);
          // Warm the page cache equally for both sides: each reads the source once before its timing.
          const rawSeconds = await rawWrite(source, path.join(work, 'raw.bin'), shardSize);
          await rm(path.join(work, 'raw.bin'), { force: true });
          const rssBefore = await server.mark();
          const { shards, merge } = await uploadFile(
            server.base,
            token,
            decodeURIComponent(userGuid),
            source,
            run.size,
          );
          const peak = await server.peak();
          const ratio = rawSeconds / shards;
          rows.push(
            `| ${server.db} | ${run.label} | ${fmt(mib(run.size), 0)} MiB | ${fmt(mib(run.size) / rawSeconds, 0)} MiB/s | ` +
              `${fmt(mib(run.size) / shards, 0)} MiB/s | ${fmt(ratio)} | ${fmt(merge * 1000, 0)} ms | ${fmt(mib(peak), 0)} MiB (${fmt(mib(rssBefore), 0)} before) |`,
          );
          console.log(
            `${server.db}, ${run.label}: raw write ${fmt(rawSeconds)} s (${fmt(mib(run.size) / rawSeconds, 0)} MiB/s); ` +
              `upload ${fmt(shards)} s (${fmt(mib(run.size) / shards, 0)} MiB/s); ratio ${fmt(ratio)}; ` +
              `merge ${fmt(merge * 1000, 0)} ms; server peak RSS ${fmt(mib(peak), 0)} MiB (${fmt(mib(rssBefore), 0)} MiB before the upload)`,
          );
          await rm(source, { force: true });
          // the uploaded copy is the bench's, not needed afterwards
          await rm(path.join(server.mediaDir, 'videos'), { recursive: true, force: true });
        }
      } finally {
        await server.stop();
      }
    }
    console.log(
      '\n| DB | run | file | raw write | upload | ratio | merge | server peak RSS |\n|---|---|---|---|---|---|---|---|',
    );
    for (const row of rows) console.log(row);
  } finally {
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
