/**
 * `npm run bench:load` (issue #16 "A load test"): N simulated authors for S seconds against one target, then the
 * figures — requests, errors, req/s, p50/p95/p99 of API calls overall and per call kind, upload throughput — with
 * the goal beside them (0 errors, p99 < 200 ms; the issue sets it against three servers). Printed, never asserted
 * (CONVENTIONS.md).
 *
 * Target: `--url <base>` or `LOAD_URL` (e.g. nginx in front of the e2e/topology servers; then `LOAD_SIGN_SECRET`
 * and `LOAD_SITE_KEY` must be the servers' cid-500 secret and reader-site key, defaults the development ones, and
 * the servers must trust the proxy's `X-Forwarded-For`). Without one it starts ONE real server itself
 * (bench/load/server.ts): the built bundle, `NODE_ENV=production`, on a fresh PostgreSQL database `cc_load_<pid>`
 * (created and dropped on `DATABASE_URL`'s server, default postgres://postgres@127.0.0.1:5432/postgres) or PGlite
 * with `BENCH_LOAD_DB=pglite`. Accounts are made through the API (`passport/register`); no database access.
 *
 * Setup (not measured): every author registers (its own address, X-Forwarded-For), uploads one cover image
 * (`/fileservice/image`) and publishes one article, so lists, data pages and the reader site have works from the
 * first second. Then the measured window: authors and the reader site of scenario.ts. After it, the requests
 * still in flight finish (their samples count) and the figures are printed.
 *
 * `--mix` prints the mix as a Markdown table and exits.
 *
 * `LOAD_SERVERS=3` runs against the issue's setting instead: three servers from the built bundle behind nginx on
 * one PostgreSQL database, media on the S3 stand-in (e2e/topology/topology.ts, development secrets).
 *
 * Env: `LOAD_AUTHORS` (200), `LOAD_SECONDS` (60), `LOAD_THINK_MS` (`2000-8000`), `LOAD_EVENTS_PER_SEC` (500 per
 * 200 authors, sent in batches of `LOAD_EVENT_BATCH` = 25), `LOAD_COMMENTS_PER_SEC` (4 per 200 authors),
 * `LOAD_COMMENT_READS_PER_SEC` (4 per 200 authors), `LOAD_SERVER` (`dist` or `source`), `LOAD_SERVER_PROF=<dir>`
 * (a V8 CPU profile of the server), `LOAD_KEEP=1` (keep the server's data dir and log), `LOAD_SERVER_LOG_LEVEL`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEV_SIGN_SECRET } from '@cc/contracts';
import {
  AuthorClient,
  CallError,
  ReaderSiteClient,
  Recorder,
  type Target,
} from '../../e2e/topology/http-client.js';
import { ACTIONS, authorLoop, type AuthorState, publishArticle, readerLoop, type World } from './scenario.js';
import { type StartedServer, startServer } from './server.js';
import { startTopology, type Topology } from '../../e2e/topology/topology.js';

/** The development key of the reader site (apps/server/src/config.ts DEV_OPEN_SITE_KEY). */
const DEV_SITE_KEY = 'creator-centre-dev-reader-site-key';

const { values: args } = parseArgs({ options: { url: { type: 'string' }, mix: { type: 'boolean' } } });
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`);
  return v;
};
const authors = num('LOAD_AUTHORS', 200);
const seconds = num('LOAD_SECONDS', 60);
const [thinkLo, thinkHi] = (process.env.LOAD_THINK_MS ?? '2000-8000').split('-').map(Number) as [
  number,
  number,
];
const scale = authors / 200;
const eventBatch = num('LOAD_EVENT_BATCH', 25);
const rates = {
  batch: eventBatch,
  batchesPerSecond: (num('LOAD_EVENTS_PER_SEC', 500) * scale) / eventBatch,
  commentsPerSecond: num('LOAD_COMMENTS_PER_SEC', 4) * scale,
  readsPerSecond: num('LOAD_COMMENT_READS_PER_SEC', 4) * scale,
};

/** Nearest-rank percentile of sorted numbers. */
function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const f1 = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));
const MiB = 1024 * 1024;

/** utime + stime of a process, seconds (/proc/<pid>/stat fields 14, 15; 100 ticks/s). */
function procCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function procRssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds of each PostgreSQL backend connected to the database of `url` (pid → s, /proc; PostgreSQL on this
 * machine only). Empty without a URL.
 */
async function postgresCpu(url: string | undefined): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!url) return out;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const s = procCpuSeconds(pid);
      if (!Number.isNaN(s)) out.set(pid, s);
    }
  } finally {
    await db.end();
  }
  return out;
}

/** `some total` of /proc/pressure/cpu: µs during which at least one runnable task waited for a CPU (NaN without PSI). */
function cpuStallMicros(): number {
  try {
    const m = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** Makes the media once with ffmpeg: a ~4 s 480×270 H.264/AAC MP4 (a few hundred KiB) and a 640×360 JPEG. */
function makeMedia(): { video: Uint8Array<ArrayBuffer>; cover: Uint8Array<ArrayBuffer> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-load-media-'));
  try {
    const ff = (argv: string[]) =>
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...argv], { stdio: 'inherit' });
    ff([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=480x270:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '4', '-vf', 'noise=alls=20:allf=t', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '700k'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart'],
      path.join(dir, 'clip.mp4'),
    ]);
    ff(['-f', 'lavfi', '-i', 'testsrc2=size=640x360', '-frames:v', '1', path.join(dir, 'cover.jpg')]);
    return {
      video: new Uint8Array(readFileSync(path.join(dir, 'clip.mp4'))),
      cover: new Uint8Array(readFileSync(path.join(dir, 'cover.jpg'))),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The server's own latencies of the requests that completed between `from` and `to` (ms since the epoch), from
 * its JSON log: the one "request completed" line per request (`req.url`, `responseTime` in ms; lib/logging.ts).
 * Sorted ascending, split into API calls (/api/ + /open/) and /fileservice/.
 */
function serverSideTimes(lines: string[], from: number, to: number): { api: number[]; file: number[] } {
  const api: number[] = [];
  const file: number[] = [];
  for (const text of lines) {
    if (!text.includes('"reqId"')) continue;
    let entry: { reqId?: string; time?: number; req?: { url?: string }; responseTime?: number };
    try {
      entry = JSON.parse(text) as typeof entry;
    } catch {
      continue;
    }
    if (!entry.reqId) continue;
    if (entry.responseTime !== undefined && entry.time! >= from && entry.time! <= to) {
      const url = entry.req?.url ?? '';
      if (url.startsWith('/fileservice/')) file.push(entry.responseTime);
      else if (url.startsWith('/api/') || url.startsWith('/open/')) api.push(entry.responseTime);
    }
  }
  return { api: api.sort((a, b) => a - b), file: file.sort((a, b) => a - b) };
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** The mix as a Markdown table (`--mix`): action, weight, share of page visits, routes. */
function printMix(): void {
  const total = ACTIONS.reduce((n, a) => n + a.weight, 0);
  console.log('| action | weight | share | routes (API.md) |\n| --- | --- | --- | --- |');
  for (const a of ACTIONS)
    console.log(`| ${a.name} | ${a.weight} | ${((a.weight / total) * 100).toFixed(0)} % | ${a.routes} |`);
}

async function main(): Promise<void> {
  if (args.mix) return printMix();
  const url = args.url ?? process.env.LOAD_URL;
  const topologySize = Number(process.env.LOAD_SERVERS ?? 0);
  let server: StartedServer | null = null;
  let topology: Topology | null = null;
  let target: Target;
  if (topologySize > 0) {
    // the issue's setting: N servers behind nginx on one PostgreSQL, media on the S3 stand-in (e2e/topology)
    topology = await startTopology({ servers: topologySize });
    target = { baseUrl: topology.url, signSecret: DEV_SIGN_SECRET, siteKey: DEV_SITE_KEY };
    console.log(`topology: ${topologySize} servers behind nginx at ${topology.url}, ${topology.databaseUrl}`);
  } else if (url) {
    target = {
      baseUrl: url.replace(/\/+$/, ''),
      signSecret: process.env.LOAD_SIGN_SECRET ?? DEV_SIGN_SECRET,
      siteKey: process.env.LOAD_SITE_KEY ?? DEV_SITE_KEY,
    };
  } else {
    const db = (process.env.BENCH_LOAD_DB ?? 'postgres') as 'postgres' | 'pglite';
    const prof = process.env.LOAD_SERVER_PROF;
    server = await startServer({
      db,
      databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
      from: process.env.LOAD_SERVER === 'source' ? 'source' : 'dist',
      nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [],
    });
    target = { baseUrl: server.baseUrl, signSecret: server.signSecret, siteKey: server.siteKey };
    console.log(`server: pid ${server.pid}, ${server.db}, ${server.baseUrl}`);
  }
  const stopServer = async () => {
    if (server) await server.stop();
    server = null;
    if (topology) await topology.stop();
    topology = null;
  };
  process.once('SIGINT', () => void stopServer().finally(() => process.exit(130)));

  try {
    const { video, cover } = makeMedia();
    console.log(
      `load: ${authors} authors × ${seconds} s, think ${thinkLo}–${thinkHi} ms; reader site ${(rates.batchesPerSecond * rates.batch).toFixed(0)} events/s in batches of ${rates.batch}, ${rates.commentsPerSecond.toFixed(1)} comments/s, ${rates.readsPerSecond.toFixed(1)} comment reads/s; video ${(video.length / 1024).toFixed(0)} KiB`,
    );
    const recorder = new Recorder();
    let endWindow = () => {};
    const world: World = {
      works: [],
      video,
      cover,
      stopped: false,
      stop: new Promise<void>((r) => (endWindow = r)),
    };
    const setupDb = server
      ? server.databaseUrl
      : topology
        ? topology.databaseUrl
        : process.env.LOAD_DATABASE_URL || undefined;

    // ---- setup: accounts through the API (not measured)
    const setupStarted = performance.now();
    const run = randomBytes(3).toString('hex');
    const states: AuthorState[] = [];
    const setupFailures: string[] = [];
    await pool(
      Array.from({ length: authors }, (_, i) => i),
      4,
      async (i) => {
        const client = new AuthorClient(target, recorder, i);
        try {
          await client.call('POST', 'passport/register', {
            account: `load_${run}_${i}`,
            password: `${randomBytes(12).toString('base64url')}-Aa1`,
            mediaName: `负载作者${run}${i}`.slice(0, 20),
          });
          const s: AuthorState = {
            client,
            index: i,
            coverUrl: '',
            works: [],
            uploads: 0,
            published: 0,
            dynamicShow: false,
          };
          s.coverUrl = await client.uploadImage(cover, 'cover.jpg', 'image/jpeg');
          await publishArticle(s, world);
          states.push(s);
        } catch (e) {
          setupFailures.push(`author ${i}: ${e instanceof CallError ? e.message : String(e)}`);
        }
      },
    );
    console.log(
      `setup: ${states.length}/${authors} authors signed up, covers uploaded, ${world.works.length} works published in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s` +
        (setupFailures.length ? `; failures:\n  ${setupFailures.slice(0, 10).join('\n  ')}` : ''),
    );
    if (states.length === 0) throw new Error('no author could sign up');
    // Dynamics are an operator's grant (`ops/user/set_permissions`, role operator, which production seeds for
    // nobody): with a database at hand, the run grants it to its authors as an operator would; else those who
    // lack it never publish one (the web app hides the entry).
    if (setupDb) {
      const db = new pg.Client({ connectionString: setupDb });
      await db.connect();
      await db.query(`update users set dynamic_show = 1 where account like $1`, [`load_${run}_%`]);
      await db.end();
    }
    for (const s of states)
      s.dynamicShow =
        (await s.client.call<{ dynamicShow: number }>('GET', 'dynamic/get_dynamic_auth')).dynamicShow === 1;
    console.log(
      `dynamics allowed for ${states.filter((s) => s.dynamicShow).length} authors${setupDb ? ' (granted in the database, as an operator would)' : ''}`,
    );

    // ---- the measured window
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const counts = new Map<string, number>();
    const failures: string[] = [];
    const serverPid = server?.pid;
    const serverCpu0 = serverPid ? procCpuSeconds(serverPid) : NaN;
    let serverRssPeak = 0;
    const rssTimer = setInterval(() => {
      if (serverPid) serverRssPeak = Math.max(serverRssPeak, procRssMiB(serverPid) || 0);
    }, 500);
    const pgCpu0 = await postgresCpu(server?.databaseUrl);
    const cpu0 = process.cpuUsage();
    recorder.measuring = true;
    loopDelay.enable();
    const started = performance.now();
    const wallStart = Date.now();
    const load0 = loadavg();
    const stall0 = cpuStallMicros();
    const loops = [
      ...states.map((s) => authorLoop(s, world, [thinkLo, thinkHi], counts, failures)),
      readerLoop(new ReaderSiteClient(target, recorder), world, rates),
    ];
    await new Promise((r) => setTimeout(r, seconds * 1000));
    world.stopped = true;
    endWindow();
    const windowS = (performance.now() - started) / 1000;
    await Promise.all(loops);
    const drainS = (performance.now() - started) / 1000;
    const load1 = loadavg();
    const stallShare = (cpuStallMicros() - stall0) / 1e6 / drainS;
    loopDelay.disable();
    clearInterval(rssTimer);
    const cpu = process.cpuUsage(cpu0);
    const serverCpu = serverPid ? procCpuSeconds(serverPid) - serverCpu0 : NaN;
    const pgCpu1 = await postgresCpu(server?.databaseUrl);
    let pgCpu = 0;
    for (const [pid, s] of pgCpu1) pgCpu += s - (pgCpu0.get(pid) ?? 0);

    // ---- figures
    const rows: { kind: string; n: number; errors: number; sorted: number[] }[] = [];
    for (const [kind, list] of recorder.samples)
      rows.push({
        kind,
        n: list.length,
        errors: recorder.errors.get(kind)?.length ?? 0,
        sorted: [...list].sort((a, b) => a - b),
      });
    rows.sort((a, b) => b.n - a.n);
    const all = (filter: (kind: string) => boolean) =>
      rows
        .filter((r) => filter(r.kind))
        .flatMap((r) => r.sorted)
        .sort((a, b) => a - b);
    const isFile = (k: string) => k.startsWith('fileservice/');
    const isOpen = (k: string) => k.startsWith('open/');
    const everything = all(() => true);
    const apiCalls = all((k) => !isFile(k));
    const apiOnly = all((k) => !isFile(k) && !isOpen(k));
    const errorCount = rows.reduce((n, r) => n + r.errors, 0);

    console.log(
      `\nmeasured window ${windowS.toFixed(1)} s (+${(drainS - windowS).toFixed(1)} s for the requests in flight to answer)`,
    );
    console.log(
      `requests ${everything.length}, errors ${errorCount}, ${(everything.length / drainS).toFixed(1)} req/s` +
        `; actions ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
    const line = (label: string, s: number[]) =>
      `${label.padEnd(34)} ${String(s.length).padStart(7)}  p50 ${f1(pct(s, 50)).padStart(6)}  p95 ${f1(pct(s, 95)).padStart(6)}  p99 ${f1(pct(s, 99)).padStart(6)}  max ${f1(s.at(-1) ?? NaN).padStart(7)} ms`;
    console.log(`\n${'latency'.padEnd(34)} ${'count'.padStart(7)}`);
    console.log(line('API calls (/api/ + /open/)', apiCalls));
    console.log(line('  /api/ only', apiOnly));
    console.log(line('  /open/ only', all(isOpen)));
    console.log(line('/fileservice/ (uploads)', all(isFile)));
    console.log('\nper call kind:');
    for (const r of rows)
      console.log(`${line(`  ${r.kind}`, r.sorted)}${r.errors ? `  errors ${r.errors}` : ''}`);

    const uploadMs = recorder.uploads.map((u) => u.ms).sort((a, b) => a - b);
    const uploadedBytes = recorder.uploads.reduce((n, u) => n + u.bytes, 0);
    console.log(
      `\nuploads: ${recorder.uploads.length} videos finished (${(uploadedBytes / MiB).toFixed(1)} MiB), shard bytes sent ${(recorder.uploadBytes / MiB).toFixed(1)} MiB = ${(recorder.uploadBytes / MiB / windowS).toFixed(2)} MiB/s over the window; per upload (uploader start → merged) p50 ${f1(pct(uploadMs, 50))} ms, p95 ${f1(pct(uploadMs, 95))} ms, ${uploadMs.length ? (recorder.uploads[0]!.bytes / MiB / (pct(uploadMs, 50) / 1000)).toFixed(2) : '–'} MiB/s at p50`,
    );
    console.log(
      `machine: ${cpus().length} cores, load average ${load0[0]!.toFixed(1)} at the start of the window, ${load1[0]!.toFixed(1)} at its end (1-minute); some task waited for a CPU ${Number.isNaN(stallShare) ? '–' : (stallShare * 100).toFixed(0)} % of the window (/proc/pressure/cpu)`,
    );
    const client = (cpu.user + cpu.system) / 1e6;
    console.log(
      `client (this process): CPU ${client.toFixed(1)} s = ${((client / drainS) * 100).toFixed(0)} % of one core; event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
    );
    if (serverPid)
      console.log(
        `server (pid ${serverPid}): CPU ${serverCpu.toFixed(1)} s = ${((serverCpu / drainS) * 100).toFixed(0)} % of one core; peak RSS ${serverRssPeak.toFixed(0)} MiB` +
          (server?.databaseUrl
            ? `; its PostgreSQL backends: CPU ${pgCpu.toFixed(1)} s = ${((pgCpu / drainS) * 100).toFixed(0)} % of one core`
            : ''),
      );

    const p99 = pct(apiCalls, 99);
    console.log(
      `\ngoal (issue #16, against three servers): 0 errors, p99 < 200 ms → ${errorCount} errors, p99 ${f1(p99)} ms: ${errorCount === 0 && p99 < 200 ? 'met' : 'NOT met'}${server ? ' (this run: ONE server)' : ''}`,
    );
    if (errorCount) {
      const grouped = new Map<string, number>();
      for (const list of recorder.errors.values())
        for (const e of list) {
          const key = `${e.kind}: HTTP ${e.httpStatus}, status ${e.status}, ${e.message}`;
          grouped.set(key, (grouped.get(key) ?? 0) + 1);
        }
      console.log('errors:');
      for (const [k, n] of [...grouped].sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${k}`);
    }
    if (failures.length) {
      console.log(`actions that failed outside a call: ${failures.length}`);
      for (const f of failures.slice(0, 10)) console.log(`  ${f}`);
    }
    if (recorder.setupErrors.length) console.log(`setup errors: ${recorder.setupErrors.length}`);
    if (server) {
      const log = readFileSync(server.logFile, 'utf8').split('\n');
      const inWindow = serverSideTimes(log, wallStart, wallStart + drainS * 1000);
      console.log(
        `server-side time of the same window (Fastify's responseTime from its log; no network, no client queue):\n${line('  API calls (/api/ + /open/)', inWindow.api)}\n${line('  /fileservice/', inWindow.file)}`,
      );
      const bad = log.filter((l) => /"level":(50|60)/.test(l));
      console.log(`server log: ${log.length - 1} lines, ${bad.length} at level error or fatal`);
      for (const l of bad.slice(0, 5)) console.log(`  ${l.slice(0, 400)}`);
    }
  } finally {
    await stopServer();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
