/**
 * Start time and idle memory of the server (issue #7 "A compiled server, tsx out of production").
 *
 * For each way of starting (`before`: `tsx src/main.ts start`, the old `npm start`; `after`:
 * `node --enable-source-maps dist/main.js start`, the compiled server) and each database (PGlite in a fresh
 * data dir; PostgreSQL in a fresh database created and dropped here when `DATABASE_URL` is set), the server
 * is spawned `BENCH_STARTUP_RUNS` times (default 3) and the bench records:
 *  - ready: milliseconds from spawn to the first 200 from `/readyz` (polled every 20 ms);
 *  - idle RSS: MiB, 5 s after ready, the sum of `VmRSS` (/proc/<pid>/status) over the spawned process and
 *    its descendants (the tsx CLI runs the server in a child node process, so "before" is two processes);
 *  - server RSS: the largest single process of that tree (the server itself);
 *  - stop: milliseconds from SIGTERM to exit, and the exit code (0 = a clean graceful shutdown).
 * It prints every run, then a table of medians and the ratios after/before. Figures are printed, never
 * asserted (CONVENTIONS.md).
 *
 * Env: `BENCH_STARTUP_BEFORE_ROOT` (a checkout of the old tree, e.g. a `git worktree` with node_modules
 * symlinked; default: this checkout), `BENCH_STARTUP_VARIANTS` (`before,after`), `BENCH_STARTUP_DBS`
 * (`pglite,postgres`; postgres only with `DATABASE_URL`), `BENCH_STARTUP_RUNS` (3), `BENCH_STARTUP_IDLE_MS`
 * (5000), `BENCH_STARTUP_NODE_ARGS` (extra node flags for `after`, e.g. `--heap-prof`).
 * Needs `npm run build` first for `after`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const beforeRoot = path.resolve(process.env.BENCH_STARTUP_BEFORE_ROOT ?? root);
const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const idleMs = Number(process.env.BENCH_STARTUP_IDLE_MS ?? 5000);
const databaseUrl = process.env.DATABASE_URL || undefined;
const variants = (process.env.BENCH_STARTUP_VARIANTS ?? 'before,after').split(',') as Variant[];
const dbs = (process.env.BENCH_STARTUP_DBS ?? (databaseUrl ? 'pglite,postgres' : 'pglite')).split(
  ',',
) as DbKind[];
const extraNodeArgs = (process.env.BENCH_STARTUP_NODE_ARGS ?? '').split(' ').filter(Boolean);

type Variant = 'before' | 'after';
type DbKind = 'pglite' | 'postgres';
interface Sample {
  readyMs: number;
  /** CPU seconds of the process tree until ready (including exited children such as tsx's or prepare's) */
  readyCpuS: number;
  treeRssMiB: number;
  serverRssMiB: number;
  processes: number;
  stopMs: number;
  exitCode: number | null;
}

const MiB = 1024 * 1024;

/** VmRSS of one process, bytes (0 when it is gone). */
function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds (user + system) a process and its reaped children have used, from /proc/<pid>/stat fields
 * 14–17 (utime, stime, cutime, cstime; clock ticks of 1/100 s). Less sensitive than wall time to the load
 * other processes put on the machine.
 */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state), so field n is fields[n - 3]
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
  } catch {
    return 0;
  }
}

/** The pid and all its descendants, read from /proc/<pid>/task/<tid>/children. */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const p = out[i]!;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const children = readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      } catch {
        // the task ended
      }
    }
  }
  return out;
}

function command(variant: Variant): { cmd: string; args: string[]; cwd: string } {
  if (variant === 'before') {
    // The old `npm start -w @cc/server`: `tsx src/main.ts start` in apps/server (npm itself left out).
    return {
      cmd: path.join(beforeRoot, 'node_modules/.bin/tsx'),
      args: ['src/main.ts', 'start'],
      cwd: path.join(beforeRoot, 'apps/server'),
    };
  }
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  return {
    cmd: process.execPath,
    args: ['--enable-source-maps', ...extraNodeArgs, main, 'start'],
    cwd: root,
  };
}

async function withDatabase<T>(kind: DbKind, fn: (url: string) => Promise<T>): Promise<T> {
  if (kind === 'pglite') return fn('');
  if (!databaseUrl) throw new Error('postgres runs need DATABASE_URL');
  const name = `cc_bench_startup_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    try {
      return await fn(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

async function once(variant: Variant, kind: DbKind): Promise<Sample> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-bench-startup-'));
  try {
    return await withDatabase(kind, async (url) => {
      const port = await getPort({ host: '127.0.0.1' });
      const { cmd, args, cwd } = command(variant);
      const started = performance.now();
      const child: ChildProcess = spawn(cmd, args, {
        cwd,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      let readyMs: number;
      let readyCpuS: number;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`${variant}/${kind}: server exited with ${child.exitCode}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`);
          if (res.status === 200) {
            readyMs = performance.now() - started;
            readyCpuS = processTree(child.pid!).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
            break;
          }
        } catch {
          // not listening yet
        }
        if (performance.now() - started > 120_000) {
          child.kill('SIGKILL');
          throw new Error(`${variant}/${kind}: not ready in 120 s`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, idleMs));
      const tree = processTree(child.pid!);
      const rss = tree.map(rssOf);
      const stopAt = performance.now();
      child.kill('SIGTERM');
      const exitCode = await Promise.race([
        exited,
        new Promise<null>((r) => setTimeout(() => r(null), 15_000)),
      ]);
      const stopMs = performance.now() - stopAt;
      if (child.exitCode === null) {
        for (const pid of tree) process.kill(pid, 'SIGKILL');
        await exited;
      }
      return {
        readyMs,
        readyCpuS,
        treeRssMiB: rss.reduce((a, b) => a + b, 0) / MiB,
        serverRssMiB: Math.max(...rss) / MiB,
        processes: tree.length,
        stopMs,
        exitCode,
      };
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function main(): Promise<void> {
  const results = new Map<string, Sample[]>();
  for (const kind of dbs) {
    for (let i = 0; i < runs; i++) {
      // Interleaved (before, after, before, after …) so that a burst of load from elsewhere hits both.
      for (const variant of variants) {
        const s = await once(variant, kind);
        const key = `${variant}/${kind}`;
        results.set(key, [...(results.get(key) ?? []), s]);
        console.log(
          `${key} run ${i + 1}: ready ${s.readyMs.toFixed(0)} ms (CPU ${s.readyCpuS.toFixed(1)} s), idle RSS ${s.treeRssMiB.toFixed(0)} MiB ` +
            `(${s.processes} process(es), server ${s.serverRssMiB.toFixed(0)} MiB), ` +
            `SIGTERM → exit ${s.exitCode} in ${s.stopMs.toFixed(0)} ms`,
        );
      }
    }
  }
  console.log(`\nmedians of ${runs} runs:`);
  console.log(
    '| DB | variant | ready (ms) | CPU to ready (s) | idle RSS, all processes (MiB) | server process RSS (MiB) | stop (ms) |',
  );
  console.log(
    '| -- | ------- | ---------- | ---------------- | ----------------------------- | ------------------------ | --------- |',
  );
  for (const kind of dbs) {
    for (const variant of variants) {
      const s = results.get(`${variant}/${kind}`)!;
      console.log(
        `| ${kind} | ${variant} | ${median(s.map((x) => x.readyMs)).toFixed(0)} | ${median(s.map((x) => x.readyCpuS)).toFixed(1)} | ` +
          `${median(s.map((x) => x.treeRssMiB)).toFixed(0)} | ${median(s.map((x) => x.serverRssMiB)).toFixed(0)} | ` +
          `${median(s.map((x) => x.stopMs)).toFixed(0)} |`,
      );
    }
    const b = results.get(`before/${kind}`);
    const a = results.get(`after/${kind}`);
    if (a && b) {
      const ratio = (f: (x: Sample) => number) => (median(a.map(f)) / median(b.map(f))).toFixed(2);
      console.log(
        `| ${kind} | after/before | ${ratio((x) => x.readyMs)} | ${ratio((x) => x.readyCpuS)} | ${ratio((x) => x.treeRssMiB)} | ` +
          `${ratio((x) => x.serverRssMiB)} | |`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
