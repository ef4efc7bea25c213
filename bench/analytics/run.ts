/**
 * Analytics bench (issue #12 "Speed and scale"), run with `npm run bench:analytics -- [options]`. PRINTS (never
 * asserts):
 *  - Ingest: N reader events through `POST /open/events` in batches of 1,000 (real HTTP on 127.0.0.1, keep-alive,
 *    `--concurrency` batches in flight) against the real server in a child process of its own
 *    (bench/analytics/server.ts); the baseline, measured in the same run, is a plain multi-row INSERT of the same
 *    rows (event ids with a `-b` suffix, so they are new rows in the same day partitions) into `reader_events`,
 *    1,000 rows per statement, with the same number of statements in flight. The two run in alternating slices
 *    (`--slice` batches each; route first, then baseline first, …) so table growth, checkpoints, autovacuum and
 *    the load of other processes on the machine hit both alike. Events/s of each and the ratio (goal ≥ 0.5); the
 *    CPU each process spent per 1,000 events, and the WAL each side wrote (PostgreSQL).
 *  - Queries: p50/p95/p99 of signed `GET /api/data/overview {period:'30d'}` and `GET /api/data/work_list
 *    {period:'30d', page:1, pageSize:20, sort:'views'}` over HTTP, for the busiest author and 20 random ones,
 *    sequential and with 10 concurrent (goal p95 < 50 ms).
 *  - Freshness: one event posted, `GET /api/data/overview {period:'today'}` polled until it is counted (goal < 60 s).
 *
 * The traffic is the simulator's model (apps/server/src/simulate/traffic.ts: sessions over the day's rhythm, a
 * Zipf law over works, impressions > views > plays > likes/follows, state rules kept) over its population (200
 * authors with ≈ 5,000 works of every type, videos with durations), on the last 6 days in REPORT_TZ (the `at`
 * window is 7). On top: the reader profile is kept on `--profile-share` of the events (the site does not send it
 * every time) and `--dup-share` of the events are sent again in a later batch (a retry: a duplicate).
 * What is timed is the sending of prepared data: the route's bodies are serialised before the clock starts, the
 * baseline's parameters are built before it starts; the traffic model runs between slices.
 *
 * Options:
 *   --db pg|pglite       default pg when DATABASE_URL is set, else pglite
 *   --events N           default 10,000,000 (pg), 1,000,000 (pglite)
 *   --keep               reuse an already-filled database: the query and freshness parts only
 *   --concurrency N      batches (and baseline statements) in flight, default 4
 *   --slice N            batches per slice, default 100
 *   --queries N          requests per latency series, default 200
 *   --profile-share X    share of the events that carry the reader's profile, default 0.3
 *   --dup-share X        share of the events sent a second time, default 0.01: an event sent more than
 *                        2 × concurrency batches earlier (acknowledged by then)
 *   --dup-near           the repeated event is one of the last 2,000 instead: possibly still in flight in a
 *                        concurrent batch (the deadlock case noted in bench/README.md)
 *   --pg-db NAME         without DATABASE_URL: the database on postgres://postgres@127.0.0.1:5432 (default
 *                        bench_analytics; dropped and created again unless --keep). Never `test`.
 *   --pglite-dir DIR     PGlite data directory to use and keep (default a temp dir, removed afterwards)
 *   --prof DIR           V8 CPU profile of the server process (--cpu-prof) into DIR
 *   --time-statements    time the server's SQL statements by class (PostgreSQL; printed after the ingest)
 *   --sample-waits       sample pg_stat_activity every 20 ms during the route's phases: what the server's
 *                        connections are doing (running, waiting for a lock, idle in transaction …) per statement
 *   --json FILE          also write the summary as JSON to FILE
 * Env: DATABASE_URL (a PostgreSQL database to use as is; a fresh run needs it without analytics data), REPORT_TZ.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  DEV_SIGN_SECRET,
  EVENT_BATCH_MAX,
  ENCRYPT_TYPE,
  type EventBatchResult,
  signPayload,
  WEB_CID,
  WEB_VER,
} from '@cc/contracts';
import pg from 'pg';
import { DEV_OPEN_SITE_KEY } from '../../apps/server/src/config.js';
import { addDays, dayIn, isComplete } from '../../apps/server/src/modules/analytics/analytics.rules.js';
import { rngOf, type Rng } from '../../apps/server/src/simulate/random.js';
import {
  generateTraffic,
  planDays,
  readerPoolSize,
  type SimEvent,
  type TrafficWork,
} from '../../apps/server/src/simulate/traffic.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SITE = 'reader';
const TZ = process.env.REPORT_TZ || 'Asia/Shanghai';
const DAYS = 6;
const MiB = 1024 * 1024;

// ---- options ----

const { values: opt } = parseArgs({
  options: {
    db: { type: 'string' },
    events: { type: 'string' },
    keep: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '4' },
    slice: { type: 'string', default: '100' },
    queries: { type: 'string', default: '200' },
    authors: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    'profile-share': { type: 'string', default: '0.3' },
    'dup-share': { type: 'string', default: '0.01' },
    'dup-near': { type: 'boolean', default: false },
    'pg-db': { type: 'string', default: 'bench_analytics' },
    'pglite-dir': { type: 'string' },
    prof: { type: 'string' },
    'time-statements': { type: 'boolean', default: false },
    'sample-waits': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const dbKind = (opt.db ?? (process.env.DATABASE_URL ? 'pg' : 'pglite')) as 'pg' | 'pglite';
if (dbKind !== 'pg' && dbKind !== 'pglite') throw new Error('--db must be pg or pglite');
const totalEvents = Number(opt.events ?? (dbKind === 'pg' ? 10_000_000 : 1_000_000));
const concurrency = Number(opt.concurrency);
const sliceBatches = Number(opt.slice);
const queryCount = Number(opt.queries);
const profileShare = Number(opt['profile-share']);
const dupShare = Number(opt['dup-share']);

// ---- small helpers ----

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Nearest-rank percentile of `xs` (ms). */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)] ?? NaN;
}

function chunk<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

// ---- CPU of the processes involved (/proc, clock ticks of 1/100 s) ----

const TICK = 100;

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** Busy jiffies of the whole machine (/proc/stat: everything but idle and iowait). */
function machineTicks(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return cpu.reduce((a, b) => a + b, 0) - (cpu[3] ?? 0) - (cpu[4] ?? 0);
}

/** PostgreSQL processes on this machine by kind: client backends of `dbName`, and the background processes. */
function postgresProcesses(dbName: string): { mine: Map<number, number>; background: Map<number, number> } {
  const mine = new Map<number, number>();
  const background = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd: string;
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (!cmd.startsWith('postgres: ')) continue;
    const pid = Number(entry);
    if (cmd.includes(` ${dbName} `)) mine.set(pid, ticksOf(pid));
    else if (/checkpointer|background writer|walwriter|autovacuum/.test(cmd))
      background.set(pid, ticksOf(pid));
  }
  return { mine, background };
}

interface CpuSnapshot {
  client: number;
  server: number;
  pgMine: Map<number, number>;
  pgBackground: Map<number, number>;
  machine: number;
}

function delta(a: Map<number, number>, b: Map<number, number>): number {
  let s = 0;
  for (const [pid, t] of b) s += t - (a.get(pid) ?? 0);
  return s;
}

/** CPU seconds between two snapshots, per process kind. */
interface CpuSpent {
  client: number;
  server: number;
  pgBackends: number;
  pgBackground: number;
  machine: number;
}

function cpuSpent(a: CpuSnapshot, b: CpuSnapshot): CpuSpent {
  return {
    client: (b.client - a.client) / 1e6,
    server: (b.server - a.server) / TICK,
    pgBackends: delta(a.pgMine, b.pgMine) / TICK,
    pgBackground: delta(a.pgBackground, b.pgBackground) / TICK,
    machine: (b.machine - a.machine) / TICK,
  };
}

const addCpu = (a: CpuSpent, b: CpuSpent): CpuSpent => ({
  client: a.client + b.client,
  server: a.server + b.server,
  pgBackends: a.pgBackends + b.pgBackends,
  pgBackground: a.pgBackground + b.pgBackground,
  machine: a.machine + b.machine,
});
const zeroCpu = (): CpuSpent => ({ client: 0, server: 0, pgBackends: 0, pgBackground: 0, machine: 0 });

// ---- the server child ----

interface BenchServer {
  base: string;
  db: string;
  pid: number;
  ask<T>(cmd: string, payload?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

function startServer(dataDir: string, databaseUrl: string): Promise<BenchServer> {
  const child: ChildProcess = fork(path.join(here, 'server.ts'), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(opt.prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opt.prof)}`] : []),
    ],
    env: {
      ...process.env,
      BENCH_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BENCH_TIME_STATEMENTS: opt['time-statements'] ? '1' : '',
    },
    serialization: 'advanced',
  });
  let next = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const error = new Error(`bench server exited with ${code}`);
      for (const p of pending.values()) p.reject(error);
      reject(error);
    });
    child.once('message', (first) => {
      const info = first as { base: string; db: string; pid: number };
      child.on('message', (m) => {
        const r = m as { id: number; ok: boolean; result?: unknown; error?: string };
        const p = pending.get(r.id);
        if (!p) return;
        pending.delete(r.id);
        if (r.ok) p.resolve(r.result);
        else p.reject(new Error(r.error));
      });
      resolve({
        ...info,
        ask: <T>(cmd: string, payload: Record<string, unknown> = {}) =>
          new Promise<T>((res, rej) => {
            const id = next++;
            pending.set(id, { resolve: res as (v: unknown) => void, reject: rej });
            child.send({ id, cmd, ...payload });
          }),
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send({ id: 0, cmd: 'stop' });
          }),
      });
    });
  });
}

// ---- HTTP ----

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

interface Session {
  userId: number;
  cookie: string;
}

/** A signed GET (API.md §2) as the signed-in `s`. @returns the envelope text and the time to the last byte, ms */
async function signedGet(
  base: string,
  s: Session,
  url: string,
  payload: unknown,
): Promise<{ ms: number; text: string }> {
  const fields = signPayload(payload, {
    cid: WEB_CID,
    ver: WEB_VER,
    uid: String(s.userId),
    secret: DEV_SIGN_SECRET,
  });
  const started = performance.now();
  const res = await request(base, 'GET', `${url}?${new URLSearchParams({ ...fields })}`, {
    encrypttype: ENCRYPT_TYPE,
    cookie: s.cookie,
  });
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return { ms, text: res.text };
}

function envelopeData<T>(url: string, text: string): T {
  const env = JSON.parse(text) as { status: number; message: string; data: T };
  if (env.status !== 1) throw new Error(`${url}: ${env.status} ${env.message}`);
  return env.data;
}

function postEvents(base: string, body: string): Promise<{ status: number; text: string }> {
  return request(
    base,
    'POST',
    '/open/events',
    {
      'content-type': 'application/json',
      'x-site-key': DEV_OPEN_SITE_KEY,
      'accept-language': 'en-US',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  );
}

// ---- the database ----

interface Database {
  /** the URL the server gets ('' = PGlite in dataDir) */
  url: string;
  dataDir: string;
  /** PostgreSQL database name (CPU of its backends), '' for PGlite */
  name: string;
  cleanup(): Promise<void>;
}

async function prepareDatabase(): Promise<Database> {
  const dataDir = opt['pglite-dir']
    ? path.resolve(opt['pglite-dir'])
    : await mkdtemp(path.join(tmpdir(), 'cc-bench-analytics-'));
  const removeDir = !opt['pglite-dir'];
  const cleanupDir = () => (removeDir ? rm(dataDir, { recursive: true, force: true }) : Promise.resolve());
  if (dbKind === 'pglite') {
    if (opt.keep && !opt['pglite-dir'])
      throw new Error('--keep on PGlite needs --pglite-dir (the filled data)');
    return { url: '', dataDir, name: '', cleanup: cleanupDir };
  }
  let url: URL;
  if (process.env.DATABASE_URL) {
    url = new URL(process.env.DATABASE_URL);
  } else {
    url = new URL(`postgres://postgres@127.0.0.1:5432/${opt['pg-db']}`);
  }
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  if (name === 'test' || name === 'postgres') throw new Error(`refusing to bench in the database ${name}`);
  if (!process.env.DATABASE_URL && !opt.keep) {
    const adminUrl = new URL(url);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
  } else if (!opt.keep) {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      const r = await c.query(`select to_regclass('public.event_ids') is not null as t`);
      if (r.rows[0]?.t) {
        const n = await c.query('select exists (select 1 from event_ids) as e');
        if (n.rows[0]?.e) throw new Error(`${name} already holds events: use --keep, or an empty database`);
      }
    } finally {
      await c.end();
    }
  }
  return { url: url.toString(), dataDir, name, cleanup: cleanupDir };
}

// ---- ingest ----

const BASELINE_COLUMNS = [
  'day',
  'site',
  'event_id',
  'type',
  'at',
  'reader_id',
  'content_id',
  'author_id',
  'content_type',
  'source',
  'promotion_id',
  'watch_ms',
  'completed',
  'effective',
  'received_at',
];
const insertTexts = new Map<number, string>();

/** `insert into reader_events (…) values ($1, …), …` for `rows` rows. */
function insertText(rows: number): string {
  let text = insertTexts.get(rows);
  if (!text) {
    const w = BASELINE_COLUMNS.length;
    const tuples = Array.from(
      { length: rows },
      (_, r) => `(${BASELINE_COLUMNS.map((_c, c) => `$${r * w + c + 1}`).join(', ')})`,
    );
    text = `insert into reader_events (${BASELINE_COLUMNS.join(', ')}) values ${tuples.join(', ')}`;
    insertTexts.set(rows, text);
  }
  return text;
}

/** The baseline's row of one event: what the route stores for it, with the event id made new (`-b`). */
function baselineRow(e: SimEvent, works: Map<number, TrafficWork>, receivedAt: string): unknown[] {
  const at = new Date(e.at);
  const work = e.contentId !== undefined ? works.get(e.contentId) : undefined;
  return [
    dayIn(at, TZ),
    SITE,
    `${e.eventId}-b`,
    e.type,
    e.at,
    e.readerId,
    work ? work.id : null,
    work ? work.authorId : e.authorId!,
    work ? work.type : null,
    e.source ?? 'other',
    null,
    e.type === 'play' ? e.watchMs! : null,
    e.type === 'play' ? isComplete(e.watchMs!, work?.durationMs ? work.durationMs / 1000 : null) : null,
    true,
    receivedAt,
  ];
}

interface SideTotals {
  seconds: number;
  rows: number;
  cpu: CpuSpent;
  walBytes: number;
  latencies: number[];
}

const newSide = (): SideTotals => ({ seconds: 0, rows: 0, cpu: zeroCpu(), walBytes: 0, latencies: [] });

/** Runs `jobs` with `n` workers. */
async function pool<T>(items: T[], n: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= items.length) return;
        await work(items[i]!, i);
      }
    }),
  );
}

function lsnBytes(lsn: string): number {
  const [hi, lo] = lsn.split('/');
  return parseInt(hi!, 16) * 2 ** 32 + parseInt(lo!, 16);
}

/**
 * Samples what the server's connections to `dbName` are doing while `run` runs (every 20 ms, from a connection
 * of its own): per statement class and state / wait event, the share of samples.
 */
class WaitSampler {
  readonly counts = new Map<string, number>();
  samples = 0;
  private client: pg.Client | null = null;
  private active = false;
  private loop: Promise<void> | null = null;

  constructor(private readonly url: string) {}

  async start(): Promise<void> {
    if (!this.client) {
      this.client = new pg.Client({ connectionString: this.url });
      await this.client.connect();
    }
    this.active = true;
    this.loop = (async () => {
      while (this.active) {
        const r = await this.client!.query<{ what: string; n: string }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'CPU') || ' | ' || state || ' | ' ||
             lower(regexp_replace(left(regexp_replace(query, '\\s+', ' ', 'g'), 60), '\\$\\d+.*', '')) as what,
             count(*) as n
           from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
             and state <> 'idle' and application_name = ''
           group by 1`,
        );
        this.samples++;
        for (const row of r.rows) this.counts.set(row.what, (this.counts.get(row.what) ?? 0) + Number(row.n));
        await sleep(20);
      }
    })();
  }

  async stop(): Promise<void> {
    this.active = false;
    await this.loop;
  }

  async close(): Promise<void> {
    await this.client?.end();
  }
}

interface IngestResult {
  sent: number;
  accepted: number;
  duplicates: number;
  batches: number;
  /** answers that were not a success (a deadlock: 10500), each retried */
  failed: number;
  route: SideTotals;
  baseline: SideTotals;
  other: { machineCoresBusy: number };
  wallSeconds: number;
  generateSeconds: number;
}

async function ingest(
  server: BenchServer,
  database: Database,
  works: TrafficWork[],
  now: Date,
): Promise<IngestResult> {
  const worksById = new Map(works.map((w) => [w.id, w]));
  const days = planDays(now, DAYS, TZ);
  const rng: Rng = rngOf(Number(opt.seed), 'bench-analytics');
  const route = newSide();
  const baseline = newSide();
  const totals = { sent: 0, accepted: 0, duplicates: 0, batches: 0, failed: 0 };
  let generateSeconds = 0;
  let sliceNo = 0;

  const basePool =
    dbKind === 'pg'
      ? new pg.Pool({ connectionString: database.url, max: concurrency, idleTimeoutMillis: 0 })
      : null;
  const baselineInsert = basePool
    ? async (text: string, params: unknown[]) => {
        await basePool.query(text, params);
      }
    : async (text: string, params: unknown[]) => {
        await server.ask('insert', { text, params });
      };
  const sampler = opt['sample-waits'] && dbKind === 'pg' ? new WaitSampler(database.url) : null;
  const wal = async () =>
    lsnBytes(
      (await server.ask<{ lsn: string }[]>('sql', { text: 'select pg_current_wal_lsn()::text as lsn' }))[0]!
        .lsn,
    );
  const snapshot = (): CpuSnapshot => {
    const p = database.name ? postgresProcesses(database.name) : { mine: new Map(), background: new Map() };
    return {
      client: process.cpuUsage().user + process.cpuUsage().system,
      server: ticksOf(server.pid),
      pgMine: p.mine,
      pgBackground: p.background,
      machine: machineTicks(),
    };
  };
  const timed = async (side: SideTotals, rows: number, run: () => Promise<void>) => {
    const w0 = await wal();
    const c0 = snapshot();
    const sampling = side === route && sampler;
    if (sampling) await sampler.start();
    const t0 = performance.now();
    await run();
    side.seconds += (performance.now() - t0) / 1000;
    if (sampling) await sampler.stop();
    const c1 = snapshot();
    side.walBytes += (await wal()) - w0;
    side.cpu = addCpu(side.cpu, cpuSpent(c0, c1));
    side.rows += rows;
  };

  // the day partitions exist before either side writes (the maintenance job makes them ahead in production; the
  // route would make them on its first event of a day, the baseline cannot)
  for (const d of days)
    await server.ask('sql', {
      text:
        `create table if not exists reader_events_p${d.date.replaceAll('-', '')} partition of reader_events ` +
        `for values from ('${d.date}') to ('${addDays(d.date, 1)}')`,
    });

  if (opt['time-statements']) await server.ask('timings'); // from here on: the ingest's statements
  const started = performance.now();
  const genStart = performance.now();
  const traffic = generateTraffic({
    seed: Number(opt.seed),
    works,
    days,
    events: totalEvents,
    readers: readerPoolSize(totalEvents),
  });
  generateSeconds += (performance.now() - genStart) / 1000;
  try {
    for (;;) {
      const g0 = performance.now();
      const step = traffic.next();
      if (step.done) break;
      const { day, events } = step.value;
      // the site's own habits: the profile on a share of the events, a few retried (duplicate) events
      const sendList: { e: SimEvent; dup: boolean }[] = [];
      for (const original of events) {
        const e = rng() < profileShare ? original : { ...original, reader: undefined };
        if (!e.reader) delete e.reader;
        sendList.push({ e, dup: false });
        if (rng() < dupShare) {
          // a retried event: by default one sent a while ago (acknowledged: more than 2 × concurrency batches
          // back); with --dup-near one of the last 2,000, i.e. possibly still in flight in a concurrent batch
          const back = Math.floor(rng() * 2000) + (opt['dup-near'] ? 0 : 2 * concurrency * EVENT_BATCH_MAX);
          const from = sendList.length - 1 - back;
          if (from >= 0) sendList.push({ e: sendList[from]!.e, dup: true });
        }
      }
      const batches = chunk(sendList, EVENT_BATCH_MAX);
      generateSeconds += (performance.now() - g0) / 1000;
      for (const slice of chunk(batches, sliceBatches)) {
        const bodies = slice.map((b) => JSON.stringify({ events: b.map((x) => x.e) }));
        const receivedAt = new Date().toISOString();
        const rows = slice.flatMap((b) =>
          b.filter((x) => !x.dup).map((x) => baselineRow(x.e, worksById, receivedAt)),
        );
        const statements = chunk(rows, EVENT_BATCH_MAX).map((r) => ({
          text: insertText(r.length),
          params: r.flat(),
        }));
        const sentInSlice = slice.reduce((a, b) => a + b.length, 0);

        const runRoute = () =>
          timed(route, rows.length, () =>
            pool(bodies, concurrency, async (body, i) => {
              let data: EventBatchResult | null = null;
              for (let attempt = 1; !data; attempt++) {
                const t = performance.now();
                const res = await postEvents(server.base, body);
                route.latencies.push(performance.now() - t);
                const env = JSON.parse(res.text) as {
                  status: number;
                  message: string;
                  data: EventBatchResult;
                };
                if (env.status === 1) data = env.data;
                else if (attempt < 5) totals.failed++;
                else throw new Error(`/open/events: ${env.status} ${env.message} (5 attempts)`);
                // a site retries a failed batch (the server rolled it back), as the bench does here
              }
              if (data.rejected.length > 0)
                throw new Error(
                  `/open/events rejected ${data.rejected.length}: ${data.rejected
                    .slice(0, 3)
                    .map((r) => r.message)
                    .join('; ')}`,
                );
              if (data.accepted + data.duplicates !== slice[i]!.length)
                throw new Error('accepted + duplicates ≠ batch');
              totals.accepted += data.accepted;
              totals.duplicates += data.duplicates;
            }),
          );
        const runBaseline = () =>
          timed(baseline, rows.length, () =>
            pool(statements, concurrency, async (s) => {
              const t = performance.now();
              await baselineInsert(s.text, s.params);
              baseline.latencies.push(performance.now() - t);
            }),
          );
        if (sliceNo % 2 === 0) {
          await runRoute();
          await runBaseline();
        } else {
          await runBaseline();
          await runRoute();
        }
        sliceNo++;
        totals.sent += sentInSlice;
        totals.batches += slice.length;
        const rate = (s: SideTotals) => fmt(s.rows / Math.max(s.seconds, 1e-9));
        console.log(
          `${day.date}: ${fmt(totals.sent)} sent, ${fmt(totals.accepted)} accepted, ${fmt(totals.duplicates)} duplicates` +
            `${totals.failed ? `, ${totals.failed} failed answers retried` : ''}; ` +
            `route ${rate(route)} events/s, baseline ${rate(baseline)} rows/s, ratio ${(
              route.rows /
              route.seconds /
              (baseline.rows / baseline.seconds)
            ).toFixed(2)}; ${fmt((performance.now() - started) / 1000)} s`,
        );
      }
    }
  } finally {
    await basePool?.end();
    await sampler?.close();
  }
  if (sampler) {
    const total = [...sampler.counts.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nserver connections during the route's phases (${sampler.samples} samples of pg_stat_activity; ` +
        `${(total / sampler.samples).toFixed(2)} busy connections on average):`,
    );
    for (const [what, n] of [...sampler.counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`  ${((n / total) * 100).toFixed(1)} %  ${what}`);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const busy = route.cpu.machine + baseline.cpu.machine;
  const ours =
    route.cpu.client +
    route.cpu.server +
    route.cpu.pgBackends +
    route.cpu.pgBackground +
    baseline.cpu.client +
    baseline.cpu.server +
    baseline.cpu.pgBackends +
    baseline.cpu.pgBackground;
  return {
    ...totals,
    route,
    baseline,
    other: { machineCoresBusy: (busy - ours) / (route.seconds + baseline.seconds) },
    wallSeconds,
    generateSeconds,
  };
}

// ---- queries and freshness ----

interface Series {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function series(name: string, ms: number[]): Series {
  return {
    name,
    requests: ms.length,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    p99: percentile(ms, 0.99),
    max: Math.max(...ms),
  };
}

async function queryBench(base: string, busiest: Session, others: Session[]): Promise<Series[]> {
  const queries = [
    { name: 'overview 30d', url: '/api/data/overview', payload: { period: '30d' } },
    {
      name: 'work_list 30d',
      url: '/api/data/work_list',
      payload: { period: '30d', page: 1, pageSize: 20, sort: 'views' },
    },
  ];
  const out: Series[] = [];
  for (const q of queries) {
    // warm up (and check the answer once per author)
    for (const s of [busiest, ...others])
      envelopeData(q.url, (await signedGet(base, s, q.url, q.payload)).text);
    const seqBusiest: number[] = [];
    for (let i = 0; i < queryCount; i++)
      seqBusiest.push((await signedGet(base, busiest, q.url, q.payload)).ms);
    const seqRandom: number[] = [];
    for (let i = 0; i < queryCount; i++)
      seqRandom.push((await signedGet(base, others[i % others.length]!, q.url, q.payload)).ms);
    const concurrent: number[] = [];
    const n = Math.max(queryCount, 400);
    await pool(
      Array.from({ length: n }, (_, i) => i),
      10,
      async (i) => {
        const s = i % 2 === 0 ? busiest : others[i % others.length]!;
        const r = await signedGet(base, s, q.url, q.payload);
        concurrent.push(r.ms);
        envelopeData(q.url, r.text);
      },
    );
    out.push(series(`${q.name}, busiest author, sequential`, seqBusiest));
    out.push(series(`${q.name}, 20 random authors, sequential`, seqRandom));
    out.push(series(`${q.name}, half busiest / half random, 10 concurrent`, concurrent));
    for (const s of out.slice(-3))
      console.log(
        `${s.name}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms (max ${s.max.toFixed(1)}, ${s.requests} requests)`,
      );
  }
  return out;
}

async function freshness(
  base: string,
  s: Session,
  work: TrafficWork,
): Promise<{ trials: { postMs: number; visibleMs: number; polls: number }[] }> {
  const trials: { postMs: number; visibleMs: number; polls: number }[] = [];
  const impressionsToday = async () =>
    envelopeData<{ metrics: { impressions: number } }>(
      '/api/data/overview',
      (await signedGet(base, s, '/api/data/overview', { period: 'today' })).text,
    ).metrics.impressions;
  for (let k = 0; k < 5; k++) {
    const before = await impressionsToday();
    const event = {
      eventId: `fresh-${randomBytes(8).toString('hex')}`,
      type: 'impression',
      at: new Date().toISOString(),
      readerId: `fresh-reader-${k}`,
      contentId: work.id,
      source: 'recommend',
    };
    const t0 = performance.now();
    const res = await postEvents(base, JSON.stringify({ events: [event] }));
    const postMs = performance.now() - t0;
    const data = envelopeData<EventBatchResult>('/open/events', res.text);
    if (data.accepted !== 1) throw new Error(`freshness event not accepted: ${res.text}`);
    let polls = 0;
    for (;;) {
      polls++;
      if ((await impressionsToday()) > before) break;
      if (performance.now() - t0 > 120_000) throw new Error('freshness: not visible after 120 s');
      await sleep(10);
    }
    trials.push({ postMs, visibleMs: performance.now() - t0, polls });
  }
  return { trials };
}

// ---- main ----

async function rowsOf<T>(server: BenchServer, text: string): Promise<T[]> {
  return server.ask<T[]>('sql', { text });
}

/** Waits until the job queue has nothing due or running (the maintenance and influence jobs run at start). */
async function jobsQuiet(server: BenchServer): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const [r] = await rowsOf<{ n: string }>(
      server,
      `select count(*) as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()
         and name not in ('schedule-sweep', 'live-reminder')`,
    );
    if (Number(r?.n ?? 0) === 0) return (performance.now() - t0) / 1000;
    if (performance.now() - t0 > 15 * 60_000) throw new Error('jobs still running after 15 min');
    await sleep(1000);
  }
}

async function main(): Promise<void> {
  const database = await prepareDatabase();
  console.log(
    `analytics bench: ${dbKind === 'pg' ? `PostgreSQL ${database.url.replace(/\/\/[^@]*@/, '//')}` : `PGlite ${database.dataDir}`}, ` +
      `${opt.keep ? 'kept data (queries only)' : `${fmt(totalEvents)} events, ${concurrency} in flight, slices of ${sliceBatches} batches`}; ` +
      `REPORT_TZ ${TZ}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  const server = await startServer(database.dataDir, database.url);
  const summary: Record<string, unknown> = {
    date: new Date().toISOString(),
    db: server.db,
    events: opt.keep ? null : totalEvents,
    concurrency,
  };
  try {
    const now = new Date();
    const since = planDays(now, 90, TZ)[0]!.start;
    const t0 = performance.now();
    const { authorIds, works } = await server.ask<{ authorIds: number[]; works: TrafficWork[] }>(
      'population',
      {
        authors: Number(opt.authors),
        sinceMs: since,
        nowMs: now.getTime(),
      },
    );
    console.log(
      `population: ${authorIds.length} authors, ${fmt(works.length)} works ` +
        `(${Object.entries(
          works.reduce<Record<string, number>>((m, w) => ((m[w.type] = (m[w.type] ?? 0) + 1), m), {}),
        )
          .map(([t, n]) => `${t} ${n}`)
          .join(', ')}); ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    summary.population = { authors: authorIds.length, works: works.length };

    if (!opt.keep) {
      const r = await ingest(server, database, works, now);
      const rate = (s: SideTotals) => s.rows / s.seconds;
      const per1000 = (s: SideTotals, cpu: number) => (cpu / s.rows) * 1000;
      const ratio = rate(r.route) / rate(r.baseline);
      console.log(
        `\ningest: ${fmt(r.sent)} events sent in ${fmt(r.batches)} batches (${fmt(r.accepted)} accepted, ${fmt(r.duplicates)} duplicates; ` +
          `${fmt(r.failed)} failed answers retried), ` +
          `wall ${fmt(r.wallSeconds)} s (traffic model ${fmt(r.generateSeconds)} s)`,
      );
      for (const [name, s] of [
        ['route', r.route],
        ['baseline', r.baseline],
      ] as const) {
        console.log(
          `${name}: ${fmt(s.rows)} rows in ${s.seconds.toFixed(1)} s = ${fmt(rate(s))} events/s; per 1,000 events CPU: ` +
            `client ${per1000(s, s.cpu.client).toFixed(3)} s, server ${per1000(s, s.cpu.server).toFixed(3)} s, ` +
            `PG backends ${per1000(s, s.cpu.pgBackends).toFixed(3)} s, PG background ${per1000(s, s.cpu.pgBackground).toFixed(3)} s; ` +
            `WAL ${(s.walBytes / s.rows).toFixed(0)} B/event; statement p50 ${percentile(s.latencies, 0.5).toFixed(0)} ms, ` +
            `p95 ${percentile(s.latencies, 0.95).toFixed(0)} ms`,
        );
      }
      console.log(
        `ratio route/baseline: ${ratio.toFixed(2)} (goal ≥ 0.5); other load on the machine during the timed phases ≈ ${r.other.machineCoresBusy.toFixed(2)} cores`,
      );
      summary.ingest = {
        sent: r.sent,
        accepted: r.accepted,
        duplicates: r.duplicates,
        batches: r.batches,
        failedAnswersRetried: r.failed,
        wallSeconds: r.wallSeconds,
        routeEventsPerSecond: rate(r.route),
        baselineRowsPerSecond: rate(r.baseline),
        ratio,
        routeSeconds: r.route.seconds,
        baselineSeconds: r.baseline.seconds,
        routeCpuPer1000: Object.fromEntries(
          Object.entries(r.route.cpu).map(([k, v]) => [k, per1000(r.route, v)]),
        ),
        baselineCpuPer1000: Object.fromEntries(
          Object.entries(r.baseline.cpu).map(([k, v]) => [k, per1000(r.baseline, v)]),
        ),
        routeWalBytesPerEvent: r.route.walBytes / r.route.rows,
        baselineWalBytesPerEvent: r.baseline.walBytes / r.baseline.rows,
        routeBatchMs: { p50: percentile(r.route.latencies, 0.5), p95: percentile(r.route.latencies, 0.95) },
        baselineStatementMs: {
          p50: percentile(r.baseline.latencies, 0.5),
          p95: percentile(r.baseline.latencies, 0.95),
        },
        otherMachineCoresBusy: r.other.machineCoresBusy,
      };
      if (opt['time-statements']) {
        const t = await server.ask<Record<string, { count: number; ms: number; rows: number }>>('timings');
        const total = Object.values(t).reduce((a, b) => a + b.ms, 0);
        console.log(
          '\nserver statements (wall time summed over the connections, route phases and control queries):',
        );
        for (const [k, v] of Object.entries(t)
          .sort((a, b) => b[1].ms - a[1].ms)
          .slice(0, 20))
          console.log(
            `  ${k}: ${fmt(v.count)} statements, ${(v.ms / 1000).toFixed(1)} s (${((v.ms / total) * 100).toFixed(1)} %), ` +
              `${(v.ms / v.count).toFixed(1)} ms each, ${fmt(v.rows)} rows`,
          );
        summary.statements = t;
      }
    }

    // what the database holds now
    const sizes = await rowsOf<{ name: string; bytes: string }>(
      server,
      `select 'reader_events (all partitions)' as name, sum(pg_total_relation_size(relid))::text as bytes
         from pg_partition_tree('reader_events')
       union all select relname, pg_total_relation_size(oid)::text from pg_class
         where relname in ('event_ids', 'reader_states', 'reader_profiles', 'work_daily', 'author_daily',
           'author_fans_daily', 'work_source_daily') and relkind = 'r'`,
    );
    const [counts] = await rowsOf<{ ids: string; wd: string }>(
      server,
      `select (select count(*) from event_ids)::text as ids, (select count(*) from work_daily)::text as wd`,
    );
    console.log(
      `\ndatabase: ${fmt(Number(counts!.ids))} event ids (the route's events; reader_events also holds the ` +
        `baseline's rows), ${fmt(Number(counts!.wd))} work_daily rows; sizes: ` +
        sizes.map((s) => `${s.name} ${fmt(Number(s.bytes) / MiB)} MiB`).join(', '),
    );
    summary.database = { eventIds: Number(counts!.ids), sizes };

    const waited = await jobsQuiet(server);
    if (waited > 1)
      console.log(`waited ${waited.toFixed(0)} s for the job queue (maintenance, influence index)`);
    const jobs = await rowsOf<{
      name: string;
      state: string;
      started: string | null;
      seconds: string | null;
    }>(
      server,
      `select name, state, started_on::text as started,
         extract(epoch from (completed_on - started_on))::text as seconds
       from pgboss.job where name in ('analytics-maintenance', 'influence-daily') order by created_on`,
    );
    console.log(
      `analytics jobs so far: ${jobs.map((j) => `${j.name} ${j.state} ${Number(j.seconds ?? 0).toFixed(1)} s`).join('; ')}`,
    );

    // queries: the busiest author of the 30 days and 20 others
    const today = dayIn(new Date(), TZ);
    const ranked = await rowsOf<{ author_id: number; views: string }>(
      server,
      `select author_id, sum(views)::text as views from author_daily
         where day >= '${addDays(today, -30)}' and day <= '${addDays(today, -1)}'
         group by author_id order by sum(views) desc`,
    );
    const busiestId = ranked[0]?.author_id ?? authorIds[0]!;
    const pick = rngOf(Number(opt.seed), 'bench-authors');
    const pool20 = authorIds.filter((id) => id !== busiestId);
    for (let i = pool20.length - 1; i > 0; i--) {
      const j = Math.floor(pick() * (i + 1));
      [pool20[i], pool20[j]] = [pool20[j]!, pool20[i]!];
    }
    const chosen = pool20.slice(0, 20);
    const sessions = await server.ask<Session[]>('sessions', { userIds: [busiestId, ...chosen] });
    const [busiest, ...others] = sessions as [Session, ...Session[]];
    const [shape] = await rowsOf<{ works: string; rows: string }>(
      server,
      `select (select count(*) from contents where user_id = ${busiestId})::text as works,
         (select count(*) from work_daily where author_id = ${busiestId}
            and day >= '${addDays(today, -30)}' and day <= '${addDays(today, -1)}')::text as rows`,
    );
    console.log(
      `\nqueries: busiest author ${busiestId} (${fmt(Number(ranked[0]?.views ?? 0))} views in 30 days, ${shape!.works} works, ` +
        `${shape!.rows} work_daily rows in the period), 20 random authors; ${queryCount} sequential requests per series`,
    );
    const querySeries = await queryBench(server.base, busiest, others);
    summary.queries = querySeries;

    const work = works.find((w) => w.authorId === busiestId) ?? works[0]!;
    const fresh = await freshness(server.base, busiest, work);
    const visible = fresh.trials.map((t) => t.visibleMs);
    console.log(
      `\nfreshness: visible in 'today' after ${visible.map((v) => v.toFixed(0)).join(', ')} ms ` +
        `(POST ${fresh.trials.map((t) => t.postMs.toFixed(0)).join(', ')} ms; first poll: ${fresh.trials.every((t) => t.polls === 1) ? 'always' : 'not always'})`,
    );
    summary.freshness = fresh;

    console.log(`\n| DB | events | measure | result |\n|---|---|---|---|`);
    const dbName = server.db;
    const ev = opt.keep ? `${fmt(Number(counts!.ids))} (kept)` : fmt(totalEvents);
    const ing = summary.ingest as
      { routeEventsPerSecond: number; baselineRowsPerSecond: number; ratio: number } | undefined;
    if (ing)
      console.log(
        `| ${dbName} | ${ev} | ingest route / baseline | ${fmt(ing.routeEventsPerSecond)} / ${fmt(ing.baselineRowsPerSecond)} events/s = **${ing.ratio.toFixed(2)}** |`,
      );
    for (const s of querySeries)
      console.log(
        `| ${dbName} | ${ev} | ${s.name} | p50 ${s.p50.toFixed(1)} / p95 **${s.p95.toFixed(1)}** / p99 ${s.p99.toFixed(1)} ms |`,
      );
    console.log(
      `| ${dbName} | ${ev} | freshness (today) | ${Math.min(...visible).toFixed(0)}–${Math.max(...visible).toFixed(0)} ms |`,
    );
    console.log(`\n${JSON.stringify(summary)}`);
    if (opt.json) await writeFile(opt.json, JSON.stringify(summary, null, 2));
  } finally {
    await server.stop();
    await database.cleanup();
  }
}

main().then(
  // A bench ends when its figures are printed, whatever keep-alive sockets remain.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
