/**
 * API bench (issue #16 "API"), run with `npm run bench:api`. PRINTS (never asserts), for autocannon with
 * BENCH_API_CONNECTIONS (20) connections, a warm-up of BENCH_API_WARMUP (3) s and a measurement of
 * BENCH_API_SECONDS (10) s per line: requests per second, p50 and p99 latency, non-2xx answers and
 * connection errors, the CPU time the server process used (in total and per request) and the client's (this
 * process, autocannon), for
 *  - on PostgreSQL (a fresh database `cc_bench_api_<pid>`, created and dropped here):
 *    - `bare`: the baseline, a bare Fastify + `pg` handler running the SQL the real route needs for its answer
 *      (session + user, bench/api/bare.ts, captured from the real route), in its own process;
 *    - `bare + counter`: the same plus the request-counter upsert (all three statements as captured);
 *    - `signed userinfo`: the real server (bench/api/server.ts: the whole app, production settings) answering
 *      signed `GET /api/home/userinfo` (API.md §2, §6) of a registered author, signed with the contracts'
 *      `signPayload` (the web client's) once per autocannon run (see `cannon`);
 *    - `config + session`: the same server answering the unsigned `GET /api/config` with the author's session
 *      cookie — session lookup, request counter, envelope, helmet and logging, but no signature and no query
 *      of its own: where the time of the framework and plugins goes;
 *  - on PGlite (the embedded default, a fresh temporary DATA_DIR): the last two lines;
 *  - with BENCH_API_BEFORE_ROOT (another checkout, e.g. `git worktree add <dir> <commit>` with node_modules
 *    symlinked): `signed home/userinfo, before`, the same call answered by that checkout's server, in the
 *    same run (issue #16's before/after);
 * and the ratio signed / bare (goal ≥ 0.5 on PostgreSQL) and the p99 on PGlite (goal < 50 ms).
 *
 * Each server runs in a child process of its own; autocannon runs in this one.
 * Env: DATABASE_URL (the PostgreSQL server; the bench creates its own database on it), BENCH_API_DBS
 * (`postgres`, `pglite` or both comma-separated; default both when DATABASE_URL is set, else `pglite`),
 * BENCH_API_SECONDS, BENCH_API_WARMUP, BENCH_API_CONNECTIONS, BENCH_API_ROUNDS (3: how many times the lines of
 * a database are measured, in turn; the table shows each line's median round), BENCH_API_ONLY (comma-separated
 * line ids: bare, counted, signed, config, before), BENCH_API_BEFORE_ROOT (see above),
 * BENCH_API_PROF (a directory: `--cpu-prof` of the server processes, one sub-directory per process; summarise
 * with `node --import tsx bench/api/profile.ts <dir>/<process>`), BENCH_API_NODE_ARGS (extra node flags of the
 * server processes, space-separated), BENCH_TMP (default the OS temp dir).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ENCRYPT_TYPE, type Envelope, signPayload, WEB_CID, WEB_VER } from '@cc/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_API_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_API_WARMUP ?? 3);
const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_API_ROUNDS ?? 3);
const only = process.env.BENCH_API_ONLY?.split(',');
const beforeRoot = process.env.BENCH_API_BEFORE_ROOT;
const fmt = (n: number, d = 0) => n.toFixed(d);

interface Child {
  base: string;
  /** CPU microseconds (user + system) the process has used so far */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

/** Forks `file` (bench/api/server.ts or bare.ts) and waits for its `{ base, … }` message. */
function startChild<T extends object = object>(
  file: string,
  name: string,
  env: Record<string, string>,
): Promise<Child & T> {
  const prof = process.env.BENCH_API_PROF;
  const child = fork(path.join(here, file), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${path.join(prof, name)}`] : []),
      ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: { ...process.env, ...env },
    // the server's request log (production `info`) goes nowhere, as cheaply as a log shipper's pipe can take it
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ask = <R>(cmd: string): Promise<R> =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m as R));
      child.send({ cmd });
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    child.once('message', (m) => {
      resolve({
        ...(m as T & { base: string }),
        cpu: () => ask<NodeJS.CpuUsage>('cpu').then((u) => u.user + u.system),
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

interface Author {
  cookie: string;
  uid: string;
}

/** Registers a fresh author through the signed `passport/register` (API.md §5) and keeps its cookies. */
async function registerAuthor(base: string, secret: string): Promise<Author> {
  const account = `bench_${randomBytes(4).toString('hex')}`;
  const fields = signPayload(
    { account, password: randomBytes(12).toString('hex'), mediaName: 'Bench' },
    { cid: WEB_CID, ver: WEB_VER, uid: '0', secret },
  );
  const res = await fetch(`${base}/api/passport/register`, {
    method: 'POST',
    headers: { encrypttype: ENCRYPT_TYPE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields }).toString(),
  });
  const env = (await res.json()) as Envelope<{ userId: number }>;
  if (env.status !== 1) throw new Error(`register: ${env.status} ${env.message}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, uid: String(env.data.userId) };
}

/** `path?<signed fields>` of a signed GET with an empty param, signed anew when the second has changed. */
function signedPath(url: string, uid: string, secret: string): () => string {
  let second = -1;
  let current = '';
  return () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      const fields = signPayload({}, { cid: WEB_CID, ver: WEB_VER, uid, secret, nowSeconds: now });
      current = `${url}?${new URLSearchParams({ ...fields })}`;
    }
    return current;
  };
}

interface Line {
  id: 'bare' | 'counted' | 'signed' | 'config' | 'before';
  label: string;
  target: Child;
  path: () => string;
  headers: Record<string, string>;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuMs: number;
  cpuUsPerRequest: number;
  /** CPU of this process (autocannon) during the measurement, ms */
  clientCpuMs: number;
}

/** One request of the line, checked: an envelope with status 1 (else the bench would measure refusals). */
async function checkLine(line: Line): Promise<void> {
  const res = await fetch(line.target.base + line.path(), { headers: line.headers });
  const env = (await res.json()) as Envelope<unknown>;
  if (res.status !== 200 || env.status !== 1)
    throw new Error(`${line.label}: HTTP ${res.status}, status ${env.status} ${env.message}`);
}

/**
 * One autocannon run of the line. The signed path is signed once per run (the signature stays valid for
 * SIGN_WINDOW_SECONDS, 300 s, far longer than a run; the server checks it in full on every request), so the
 * client sends a prebuilt request as it does for the bare line instead of building each one anew.
 */
function cannon(line: Line, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: line.target.base,
    connections,
    duration,
    requests: [{ method: 'GET', path: line.path(), headers: line.headers }],
  });
}

async function measure(line: Line): Promise<Figures> {
  await cannon(line, warmup);
  const cpuBefore = await line.target.cpu();
  const clientBefore = process.cpuUsage();
  const result = await cannon(line, seconds);
  const client = process.cpuUsage(clientBefore);
  const cpuUs = (await line.target.cpu()) - cpuBefore;
  const ok = result.requests.total - result.non2xx;
  return {
    rps: ok / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMs: cpuUs / 1000,
    cpuUsPerRequest: result.requests.total ? cpuUs / result.requests.total : 0,
    clientCpuMs: (client.user + client.system) / 1000,
  };
}

/** Creates `cc_bench_api_<pid>` on the DATABASE_URL server; returns its URL and a function that drops it. */
async function createDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cc_bench_api_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

interface Row {
  db: string;
  label: string;
  figures: Figures;
  ratio: string;
}

async function runDatabase(db: 'postgres' | 'pglite', work: string, rows: Row[]): Promise<void> {
  const database = db === 'postgres' ? await createDatabase(process.env.DATABASE_URL!) : undefined;
  const children: Child[] = [];
  try {
    const server = await startChild<{ db: string; signSecret: string }>('server.ts', `server-${db}`, {
      BENCH_DATA_DIR: path.join(work, db),
      DATABASE_URL: database?.url ?? '',
    });
    children.push(server);
    const author = await registerAuthor(server.base, server.signSecret);
    const signedHeaders = { encrypttype: ENCRYPT_TYPE, cookie: author.cookie };
    const lines: Line[] = [];
    if (database) {
      const bare = await startChild('bare.ts', `bare-${db}`, { DATABASE_URL: database.url });
      children.push(bare);
      const headers = { cookie: author.cookie };
      lines.push(
        { id: 'bare', label: 'bare (session + user)', target: bare, path: () => '/bare/userinfo', headers },
        {
          id: 'counted',
          label: 'bare + counter upsert',
          target: bare,
          path: () => '/bare/userinfo-counted',
          headers,
        },
      );
    }
    lines.push(
      {
        id: 'signed',
        label: 'signed home/userinfo',
        target: server,
        path: signedPath('/api/home/userinfo', author.uid, server.signSecret),
        headers: signedHeaders,
      },
      {
        id: 'config',
        label: 'config + session (unsigned)',
        target: server,
        path: () => '/api/config',
        headers: { cookie: author.cookie },
      },
    );
    if (beforeRoot) {
      // PostgreSQL: the same database, so the author's session is valid there too (its own signing secret);
      // PGlite lives in one process: the old server gets a database (and an author) of its own
      const before = await startChild<{ signSecret: string }>('server.ts', `before-${db}`, {
        BENCH_DATA_DIR: path.join(work, `${db}-before`),
        DATABASE_URL: database?.url ?? '',
        BENCH_API_ROOT: beforeRoot,
      });
      children.push(before);
      const beforeAuthor = database ? author : await registerAuthor(before.base, before.signSecret);
      lines.push({
        id: 'before',
        label: 'signed home/userinfo, before',
        target: before,
        path: signedPath('/api/home/userinfo', beforeAuthor.uid, before.signSecret),
        headers: { encrypttype: ENCRYPT_TYPE, cookie: beforeAuthor.cookie },
      });
    }
    const chosen = lines.filter((l) => !only || only.includes(l.id));
    for (const line of chosen) await checkLine(line);
    console.log(
      `\n${server.db}: ${connections} connections, ${warmup} s warm-up, ${seconds} s measured per line`,
    );
    const byLine = new Map<Line, Figures[]>();
    for (let round = 0; round < rounds; round++) {
      for (const line of chosen) {
        const f = await measure(line);
        byLine.set(line, [...(byLine.get(line) ?? []), f]);
        console.log(
          `${server.db} ${line.label}: ${fmt(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ` +
            `non-2xx ${f.non2xx}, errors ${f.errors}, server CPU ${fmt(f.cpuMs)} ms (${fmt(f.cpuUsPerRequest)} µs/request), ` +
            `client CPU ${fmt(f.clientCpuMs)} ms`,
        );
      }
    }
    // the median round of each line (by req/s)
    const median = (l: Line) => {
      const sorted = [...byLine.get(l)!].sort((a, b) => a.rps - b.rps);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const bareLine = chosen.find((l) => l.id === 'bare');
    for (const line of chosen) {
      const f = median(line);
      rows.push({
        db: server.db,
        label: line.label,
        figures: f,
        ratio: bareLine ? fmt(f.rps / median(bareLine).rps, 2) : '–',
      });
    }
  } finally {
    for (const child of children.reverse()) await child.stop();
    await database?.drop();
  }
}

async function main(): Promise<void> {
  const dbs = (process.env.BENCH_API_DBS ?? (process.env.DATABASE_URL ? 'postgres,pglite' : 'pglite')).split(
    ',',
  ) as ('postgres' | 'pglite')[];
  if (dbs.includes('postgres') && !process.env.DATABASE_URL)
    throw new Error('BENCH_API_DBS=postgres needs DATABASE_URL');
  const work = await mkdtemp(path.join(process.env.BENCH_TMP ?? tmpdir(), 'cc-bench-api-'));
  const rows: Row[] = [];
  try {
    for (const db of dbs) await runDatabase(db, work, rows);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  console.log(
    `\n| DB | line | req/s | p50 | p99 | non-2xx / errors | server CPU per request | ratio to bare |\n|---|---|---|---|---|---|---|---|`,
  );
  for (const { db, label, figures: f, ratio } of rows) {
    console.log(
      `| ${db} | ${label} | ${fmt(f.rps)} | ${f.p50} ms | ${f.p99} ms | ${f.non2xx} / ${f.errors} | ${fmt(f.cpuUsPerRequest)} µs | ${ratio} |`,
    );
  }
  const find = (db: string, label: string) => rows.find((r) => r.db === db && r.label === label);
  const signedPg = find('PostgreSQL', 'signed home/userinfo');
  if (signedPg && signedPg.ratio !== '–')
    console.log(`\nPostgreSQL: signed / bare = ${signedPg.ratio} (goal ≥ 0.5)`);
  const signedLite = find('PGlite', 'signed home/userinfo');
  if (signedLite) console.log(`PGlite: signed p99 = ${signedLite.figures.p99} ms (goal < 50 ms)`);
}

main().then(
  // A bench ends when its figures are printed, whatever keep-alive sockets or timers remain.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
