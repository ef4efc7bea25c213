/**
 * Comments bench (issue #13 "Speed"), run with `npm run bench:comments -- [options]`. PRINTS (never asserts), for
 * each database in turn (PostgreSQL, then PGlite), on a fresh database of its own, through the real app in THIS
 * process (`buildApp`, requests by `app.inject`, signed as API.md §2 with a session made by the login route):
 *
 *  - Inbox (goal: p95 < 100 ms on PostgreSQL at 1 M comments): the `comments` table filled with bulk SQL
 *    (bench/comments/fill.ts: 1,000,000 comments on PostgreSQL, 100,000 on PGlite — information only — over
 *    2,000 works of 200 authors, the "big" author holding 20 %), then, as the big author, `GET /api/comment/list`
 *    (default, page 50, a type tab, state=held, sort=likes, sort=replies, unread, one work, a keyword, a thread),
 *    `GET /api/comment/counts` and `GET /api/comment/work_list`: `--requests` each with `--concurrency` in flight
 *    after `--warmup` unmeasured ones; p50/p95/p99 and the ratio p95 / 100 ms. Baseline in the same run: the
 *    list's plain SQL (`select * from comments where author_id = $1 and state <> 'deleted' order by created_at
 *    desc, id desc limit 20`) through the app's own driver, same count, same concurrency. For each case one more
 *    request alone with its statements timed; for a case over the goal (or all with `--explain all`), `EXPLAIN
 *    (ANALYZE, BUFFERS)` of each of its statements on `comments`, with the request's own parameters.
 *  - Bulk actions (goal: < 1 s for 1,000 comments in one request, PostgreSQL and PGlite): `POST /api/comment/batch
 *    {ids, action}` with 1,000 of the big author's published comments (the newest 1,000, the next 1,000, … one set
 *    per repetition, the first set a warm-up), actions hide, publish, like, delete (last: it cannot be undone).
 *    Baseline in the same run, on the SAME ids just before the route: one bare `UPDATE comments SET state = …
 *    WHERE id = any($1)` through the same driver (`likes = likes + 1, author_liked = true` for like), then the rows
 *    are set back (untimed) and the route runs. min / median / p95, the ratio to the goal and to the baseline, and
 *    where the route's time goes (its statements timed by class).
 *
 * Options:
 *   --db LIST           pg, pglite or pg,pglite (default)
 *   --parts LIST        inbox, bulk or inbox,bulk (default)
 *   --fill-pg N         comments on PostgreSQL, default 1,000,000
 *   --fill-pglite N     comments on PGlite, default 100,000
 *   --requests N        measured requests per inbox case, default 120
 *   --concurrency N     inbox requests in flight, default 4
 *   --warmup N          unmeasured requests before each inbox case, default 10
 *   --reps N            measured repetitions per bulk action, default 10 (plus one warm-up)
 *   --explain MODE      missed (default: cases over 100 ms p95, PostgreSQL only), all, none
 *   --pg-server URL     the PostgreSQL server (default: DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432)
 *   --pg-db NAME        the bench's own database there, dropped and created again, dropped at the end; default
 *                       cc_bench_comments (never `test` or `postgres`)
 *   --keep              leave the PostgreSQL database in place afterwards (PGlite: its data directory)
 *   --reuse             PostgreSQL: bench the database --pg-db as it is (filled by an earlier run with --keep; e.g.
 *                       after trying an index by hand) instead of a fresh fill; it is kept afterwards
 *   --json FILE         also write the summary as JSON
 */
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/modules/passport/passport.service.js';
import { describeFill, fill, type FillResult, KEYWORD } from './fill.js';
import {
  type BenchApp,
  type BenchDatabase,
  dataOf,
  type Driver,
  freshDatabase,
  login,
  type Prepared,
  recordStatements,
  type Session,
  signedGet,
  signedPost,
  startApp,
  type Statement,
  statementClass,
} from './harness.js';

const { values: opt } = parseArgs({
  options: {
    db: { type: 'string', default: 'pg,pglite' },
    parts: { type: 'string', default: 'inbox,bulk' },
    'fill-pg': { type: 'string', default: '1000000' },
    'fill-pglite': { type: 'string', default: '100000' },
    requests: { type: 'string', default: '120' },
    concurrency: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '10' },
    reps: { type: 'string', default: '10' },
    explain: { type: 'string', default: 'missed' },
    'pg-server': { type: 'string' },
    'pg-db': { type: 'string', default: 'cc_bench_comments' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const dbs = opt.db.split(',').map((s) => s.trim()) as ('pg' | 'pglite')[];
if (dbs.some((d) => d !== 'pg' && d !== 'pglite')) throw new Error('--db: pg, pglite or pg,pglite');
const parts = new Set(opt.parts.split(',').map((s) => s.trim()));
const requests = Number(opt.requests);
const concurrency = Number(opt.concurrency);
const warmup = Number(opt.warmup);
const reps = Number(opt.reps);
const BATCH = 1000;
const INBOX_GOAL_MS = 100;
const BULK_GOAL_MS = 1000;
const PASSWORD = 'bench-password-123';

function pgServerUrl(): string {
  if (opt['pg-server']) return opt['pg-server'];
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    return u.toString();
  }
  return 'postgres://postgres@127.0.0.1:5432/postgres';
}

// ---- small helpers ----

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Nearest-rank percentile. */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)] ?? NaN;
}
const median = (xs: number[]) => percentile(xs, 0.5);

// ---- the machine's other load (the VM is shared): CPU not spent by this process or the bench database ----

/** Clock ticks (1/100 s) of a process, user + system. */
function ticksOf(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** Busy ticks of the whole machine (/proc/stat: everything but idle and iowait). */
function machineTicks(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return cpu.reduce((a, b) => a + b, 0) - (cpu[3] ?? 0) - (cpu[4] ?? 0);
}

/** Ticks of the PostgreSQL backends serving `dbName` (none on PGlite: it runs in this process). */
function backendTicks(dbName: string): Map<number, number> {
  const out = new Map<number, number>();
  if (!dbName) return out;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmd.startsWith('postgres: ') && cmd.includes(` ${dbName} `))
        out.set(Number(entry), ticksOf(Number(entry)));
    } catch {
      // gone
    }
  }
  return out;
}

/**
 * Starts a meter; its result is the CPU, in cores, that everything else on the machine used meanwhile (the
 * machine's busy time less this process's and the bench database's backends').
 */
function otherLoad(dbName: string): () => number {
  const t0 = performance.now();
  const m0 = machineTicks();
  const s0 = ticksOf('self');
  const b0 = backendTicks(dbName);
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    let backends = 0;
    for (const [pid, t] of backendTicks(dbName)) backends += t - (b0.get(pid) ?? 0);
    const other = machineTicks() - m0 - (ticksOf('self') - s0) - backends;
    return Math.max(0, other / 100 / seconds);
  };
}

/** `n` calls of `make()()` with `inFlight` at a time; each call's time from its start to its answer, ms. */
async function series(
  make: () => () => Promise<unknown>,
  n: number,
  inFlight: number,
  check: (r: unknown) => void,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next += 1;
      const call = make();
      const started = performance.now();
      const r = await call();
      times.push(performance.now() - started);
      check(r);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, n) }, worker));
  return times;
}

const checkEnvelope = (what: string) => (r: unknown) => {
  dataOf(what, r as Awaited<ReturnType<Prepared>>);
};

/** Statement times of one recorded call by class: `{ class: { n, ms } }`, in order of first appearance. */
function byClass(statements: Statement[]): Map<string, { n: number; ms: number }> {
  const out = new Map<string, { n: number; ms: number }>();
  for (const s of statements) {
    const k = statementClass(s.text);
    const v = out.get(k) ?? { n: 0, ms: 0 };
    v.n += 1;
    v.ms += s.ms;
    out.set(k, v);
  }
  return out;
}

// ---- inbox ----

interface InboxCase {
  name: string;
  url: string;
  payload: Record<string, unknown>;
}

interface InboxResult {
  name: string;
  request: string;
  total: number | null;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU cores the rest of the machine used during the case */
  otherCores: number;
  goalRatio: number;
  baselineRatio: number;
  /** one more request alone: its statements (text and parameters in the JSON, to replay them by hand) */
  alone: { ms: number; statements: { class: string; ms: number; text: string; params: unknown[] }[] };
  explain?: { statement: string; executionMs: number; plan: string }[];
}

async function inboxCases(driver: Driver, f: FillResult): Promise<InboxCase[]> {
  const big = f.bigAuthorId;
  const byType = new Map<string, number>();
  for (const w of f.bigWorks) byType.set(w.type, (byType.get(w.type) ?? 0) + w.comments);
  const topType = [...byType].sort((a, b) => b[1] - a[1])[0]![0];
  const busiest = f.bigWorks[0]!;
  const thread = (
    await driver.query<{ id: number; n: number }>(
      `select id, reply_count as n from comments where author_id = $1 and root_id is null
        order by reply_count desc, id limit 1`,
      [big],
    )
  ).rows[0]!;
  const list = '/api/comment/list';
  return [
    { name: 'default (time, page 1)', url: list, payload: { page: 1, pageSize: 20 } },
    { name: 'page 50', url: list, payload: { page: 50, pageSize: 20 } },
    { name: `type tab (${topType})`, url: list, payload: { type: topType, page: 1, pageSize: 20 } },
    { name: 'state=held', url: list, payload: { state: 'held', page: 1, pageSize: 20 } },
    { name: 'sort=likes', url: list, payload: { sort: 'likes', page: 1, pageSize: 20 } },
    { name: 'sort=replies', url: list, payload: { sort: 'replies', page: 1, pageSize: 20 } },
    { name: 'unread=true', url: list, payload: { unread: true, page: 1, pageSize: 20 } },
    {
      name: `contentId (busiest work, ${fmt(busiest.comments)})`,
      url: list,
      payload: { contentId: busiest.contentId, page: 1, pageSize: 20 },
    },
    { name: `keyword (${KEYWORD})`, url: list, payload: { keyword: KEYWORD, page: 1, pageSize: 20 } },
    {
      name: `thread (rootId, ${thread.n} replies)`,
      url: list,
      payload: { rootId: thread.id, page: 1, pageSize: 20 },
    },
    { name: 'counts', url: '/api/comment/counts', payload: {} },
    { name: 'work_list', url: '/api/comment/work_list', payload: { page: 1, pageSize: 20 } },
  ];
}

const BASELINE_SQL = `select * from comments where author_id = $1 and state <> 'deleted' order by created_at desc, id desc limit 20`;

async function explain(driver: Driver, s: Statement): Promise<{ executionMs: number; plan: string }> {
  const r = await driver.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.params);
  const plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
  const m = /Execution Time: ([\d.]+) ms/.exec(plan);
  return { executionMs: m ? Number(m[1]) : NaN, plan };
}

async function runInbox(
  db: BenchDatabase,
  a: BenchApp,
  session: Session,
  f: FillResult,
): Promise<{ baseline: Record<string, number>; cases: InboxResult[] }> {
  const { app, driver } = a;
  console.log(
    `\ninbox (${db.label}): ${requests} requests per case, ${concurrency} in flight, after ${warmup} unmeasured; ` +
      `load average ${loadavg()}`,
  );
  // baseline: the list's plain SQL through the same driver
  const base = () => () => driver.query(BASELINE_SQL, [f.bigAuthorId]);
  await series(base, warmup, concurrency, () => {});
  const baseMeter = otherLoad(db.name);
  const bt = await series(base, requests, concurrency, () => {});
  const baseOther = baseMeter();
  const baseline = { p50: median(bt), p95: percentile(bt, 0.95), p99: percentile(bt, 0.99) };
  console.log(
    `baseline (plain SQL of the default list, ${db.kind === 'pg' ? 'pg pool' : 'PGlite'}): ` +
      `p50 ${ms(baseline.p50)} / p95 ${ms(baseline.p95)} / p99 ${ms(baseline.p99)} ms; other load ${baseOther.toFixed(2)} cores`,
  );
  const cases: InboxResult[] = [];
  const header = `${'case'.padEnd(36)} ${'total'.padStart(8)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  p95/100ms  p95/base  other  alone: statements (ms)`;
  console.log(header);
  for (const c of await inboxCases(driver, f)) {
    const make = () => signedGet(app, c.url, c.payload, session);
    const meter = otherLoad(db.name);
    const first = dataOf<{ total?: number; unread?: number }>(c.name, await make()());
    await series(make, Math.max(0, warmup - 1), concurrency, checkEnvelope(c.name));
    const t = await series(make, requests, concurrency, checkEnvelope(c.name));
    const other = meter();
    // one more, alone, with its statements timed
    const call = make();
    const started = performance.now();
    const { statements } = await recordStatements(call);
    const aloneMs = performance.now() - started;
    const r: InboxResult = {
      name: c.name,
      request: `GET ${c.url} ${JSON.stringify(c.payload)}`,
      total: typeof first.total === 'number' ? first.total : null,
      p50: median(t),
      p95: percentile(t, 0.95),
      p99: percentile(t, 0.99),
      max: Math.max(...t),
      otherCores: other,
      goalRatio: percentile(t, 0.95) / INBOX_GOAL_MS,
      baselineRatio: percentile(t, 0.95) / baseline.p95,
      alone: {
        ms: aloneMs,
        statements: statements.map((s) => ({
          class: statementClass(s.text),
          ms: s.ms,
          text: s.text,
          params: s.params,
        })),
      },
    };
    console.log(
      `${c.name.padEnd(36)} ${(r.total === null ? (first.unread !== undefined ? `${fmt(first.unread)}u` : '—') : fmt(r.total)).padStart(8)} ` +
        `${ms(r.p50).padStart(7)} ${ms(r.p95).padStart(7)} ${ms(r.p99).padStart(7)}  ` +
        `${r.goalRatio.toFixed(2).padStart(8)}${r.goalRatio >= 1 ? '!' : ' '} ${r.baselineRatio.toFixed(1).padStart(8)}  ` +
        `${other.toFixed(2).padStart(5)}  ` +
        `${ms(aloneMs)}: ${r.alone.statements.map((s) => `${s.class} ${ms(s.ms)}`).join(', ')}`,
    );
    const wantExplain =
      opt.explain === 'all' || (opt.explain === 'missed' && db.kind === 'pg' && r.p95 >= INBOX_GOAL_MS);
    if (wantExplain) {
      r.explain = [];
      for (const s of statements.filter((x) => /"comments"|from comments/i.test(x.text))) {
        const e = await explain(driver, s);
        r.explain.push({ statement: statementClass(s.text), ...e });
      }
    }
    cases.push(r);
  }
  const explained = cases.filter((c) => c.explain);
  for (const c of explained) {
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${db.label}, ${c.name}: ${c.request}`);
    for (const e of c.explain!) {
      console.log(`-- ${e.statement}: execution ${ms(e.executionMs)} ms`);
      console.log(e.plan.replace(/^/gm, '   '));
    }
  }
  return { baseline, cases };
}

// ---- bulk actions ----

type Action = 'hide' | 'publish' | 'like' | 'delete';

/** The baseline's UPDATE (timed), and the statement that sets the rows back before the route runs. */
const BULK: Record<Action, { baseline: string; reset: string }> = {
  hide: {
    baseline: `update comments set state = 'hidden' where id = any($1::int[])`,
    reset: `update comments set state = 'published' where id = any($1::int[])`,
  },
  publish: {
    baseline: `update comments set state = 'published' where id = any($1::int[])`,
    reset: `update comments set state = 'hidden' where id = any($1::int[])`,
  },
  like: {
    baseline: `update comments set likes = likes + 1, author_liked = true where id = any($1::int[])`,
    reset: `update comments set likes = likes - 1, author_liked = false where id = any($1::int[])`,
  },
  delete: {
    baseline: `update comments set state = 'deleted' where id = any($1::int[])`,
    reset: `update comments set state = 'published' where id = any($1::int[])`,
  },
};
const ACTIONS: Action[] = ['hide', 'publish', 'like', 'delete'];

interface BulkResult {
  action: Action;
  route: { min: number; median: number; p95: number; max: number };
  baseline: { min: number; median: number; p95: number; max: number };
  goalRatio: number;
  baselineRatio: number;
  /** per call, mean over the measured repetitions */
  statements: { class: string; n: number; ms: number }[];
  sqlMs: number;
  routeMean: number;
  replyRoots: number;
}

const stats = (xs: number[]) => ({
  min: Math.min(...xs),
  median: median(xs),
  p95: percentile(xs, 0.95),
  max: Math.max(...xs),
});

async function runBulk(
  db: BenchDatabase,
  a: BenchApp,
  session: Session,
  bigAuthorId: number,
): Promise<BulkResult[]> {
  const { app, driver } = a;
  const sets = (reps + 1) * BATCH;
  const ids = (
    await driver.query<{ id: number }>(
      `select id from comments where author_id = $1 and state = 'published' and not is_author and not author_liked
        order by created_at desc, id desc limit $2`,
      [bigAuthorId, sets],
    )
  ).rows.map((r) => r.id);
  if (ids.length < sets) throw new Error(`only ${ids.length} published comments for ${sets} ids`);
  const roots = await driver.query<{ n: number }>(
    `select count(distinct root_id)::int as n from comments where id = any($1::int[]) and root_id is not null`,
    [ids.slice(BATCH, 2 * BATCH)],
  );
  console.log(
    `\nbulk actions (${db.label}): POST /api/comment/batch with ${fmt(BATCH)} ids, ${reps} repetitions per action ` +
      `(+1 warm-up), each on its own ${fmt(BATCH)} of the big author's newest published comments ` +
      `(the first measured set answers ${roots.rows[0]!.n} threads); load average ${loadavg()}`,
  );
  const times: Record<Action, { route: number[]; baseline: number[]; statements: Statement[][] }> = {
    hide: { route: [], baseline: [], statements: [] },
    publish: { route: [], baseline: [], statements: [] },
    like: { route: [], baseline: [], statements: [] },
    delete: { route: [], baseline: [], statements: [] },
  };
  let replyRoots = 0;
  const meter = otherLoad(db.name);
  for (let rep = 0; rep <= reps; rep++) {
    const set = ids.slice(rep * BATCH, (rep + 1) * BATCH);
    for (const action of ACTIONS) {
      const b0 = performance.now();
      await driver.query(BULK[action].baseline, [set]);
      const bt = performance.now() - b0;
      await driver.query(BULK[action].reset, [set]);
      // the route: the request is signed before the clock starts
      const call = signedPost(app, '/api/comment/batch', { ids: set, action }, session);
      const r0 = performance.now();
      const { result, statements } = await recordStatements(call);
      const rt = performance.now() - r0;
      const data = dataOf<{ done: number; skipped: number }>(`batch ${action}`, result);
      if (data.done !== BATCH) throw new Error(`batch ${action}: done ${data.done}, skipped ${data.skipped}`);
      if (rep === 0) continue;
      times[action].route.push(rt);
      times[action].baseline.push(bt);
      times[action].statements.push(statements);
      if (action === 'delete')
        replyRoots += statements.filter((s) => /set "reply_count"/.test(s.text)).length;
    }
  }
  const other = meter();
  const out: BulkResult[] = [];
  console.log(`other load on the machine during the bulk part: ${other.toFixed(2)} cores`);
  console.log(
    `${'action'.padEnd(8)} ${'route min / median / p95 (ms)'.padStart(30)}  ${'baseline min / median / p95'.padStart(30)}  median/1 s  p95/1 s  route/baseline  statements per call`,
  );
  for (const action of ACTIONS) {
    const t = times[action];
    const route = stats(t.route);
    const baseline = stats(t.baseline);
    const classes = new Map<string, { n: number; ms: number }>();
    for (const call of t.statements)
      for (const [k, v] of byClass(call)) {
        const c = classes.get(k) ?? { n: 0, ms: 0 };
        c.n += v.n / t.statements.length;
        c.ms += v.ms / t.statements.length;
        classes.set(k, c);
      }
    const statements = [...classes].map(([k, v]) => ({ class: k, n: v.n, ms: v.ms }));
    const sqlMs = statements.reduce((s, x) => s + x.ms, 0);
    const r: BulkResult = {
      action,
      route,
      baseline,
      goalRatio: route.median / BULK_GOAL_MS,
      baselineRatio: route.median / baseline.median,
      statements,
      sqlMs,
      routeMean: t.route.reduce((x, y) => x + y, 0) / t.route.length,
      replyRoots: action === 'delete' ? replyRoots / reps : 0,
    };
    out.push(r);
    console.log(
      `${action.padEnd(8)} ${`${ms(route.min)} / ${ms(route.median)} / ${ms(route.p95)}`.padStart(30)}  ` +
        `${`${ms(baseline.min)} / ${ms(baseline.median)} / ${ms(baseline.p95)}`.padStart(30)}  ` +
        `${r.goalRatio.toFixed(2).padStart(10)}${r.goalRatio >= 1 ? '!' : ' '} ${(route.p95 / BULK_GOAL_MS).toFixed(2).padStart(7)}${route.p95 >= BULK_GOAL_MS ? '!' : ' '} ` +
        `${r.baselineRatio.toFixed(1).padStart(14)}  ` +
        `${fmt(
          statements.reduce((s, x) => s + x.n, 0),
          0,
        )} statements, SQL ${ms(sqlMs)} ms`,
    );
  }
  console.log(
    `where the route's time goes (per call, mean of ${reps}; wall time of each statement from call to answer):`,
  );
  for (const r of out) {
    console.log(
      `  ${r.action}: route mean ${ms(r.routeMean)} ms = SQL ${ms(r.sqlMs)} ms + the rest ${ms(r.routeMean - r.sqlMs)} ms ` +
        `(Node: body, zod, signature, drizzle building ${fmt(BATCH)}-parameter statements, JSON)` +
        (r.action === 'delete' ? `; ${fmt(r.replyRoots, 0)} reply_count updates, one per thread` : ''),
    );
    for (const s of r.statements)
      console.log(
        `      ${s.class.padEnd(60)} ×${fmt(s.n, s.n % 1 ? 1 : 0).padEnd(5)} ${ms(s.ms).padStart(7)} ms`,
      );
  }
  return out;
}

// ---- one database ----

async function benchDatabase(kind: 'pg' | 'pglite'): Promise<Record<string, unknown>> {
  const reuse = opt.reuse && kind === 'pg';
  const total = Number(kind === 'pg' ? opt['fill-pg'] : opt['fill-pglite']);
  const db = await freshDatabase(kind, {
    serverUrl: pgServerUrl(),
    name: opt['pg-db'],
    keep: opt.keep || reuse,
    reuse,
  });
  console.log(
    `\n==== ${db.label}${kind === 'pg' ? ` (database ${db.name}, ${reuse ? 'reused as it is' : 'created for this run'})` : ` (${db.dataDir})`}: ` +
      `${reuse ? 'the kept fill' : `${fmt(total)} comments`}; load average ${loadavg()}`,
  );
  const t0 = performance.now();
  const a = await startApp(db);
  const summary: Record<string, unknown> = { db: db.label, comments: total, reused: reuse };
  try {
    console.log(`app built and migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    let f: FillResult;
    if (reuse) {
      f = { ...(await describeFill(a.driver)), seconds: { plan: 0, stage: 0, insert: 0, vacuum: 0 } };
      const indexes = await a.driver.query<{ indexdef: string }>(
        `select indexdef from pg_indexes where tablename = 'comments' order by indexname`,
      );
      console.log(
        `reused fill; indexes of comments:\n${indexes.rows.map((r) => `  ${r.indexdef}`).join('\n')}`,
      );
    } else {
      // the fill: on PostgreSQL a connection of its own (setseed and the session role stick to it)
      let fillDriver: Driver = a.driver;
      let fillClient: pg.Client | undefined;
      if (kind === 'pg') {
        fillClient = new pg.Client({ connectionString: db.databaseUrl });
        await fillClient.connect();
        fillDriver = fillClient as unknown as Driver;
      }
      try {
        f = await fill(fillDriver, {
          total,
          authors: 200,
          works: 2000,
          bigShare: 0.2,
          bigWorks: 50,
          seed: 13,
          passwordHash: await hashPassword(a.config, PASSWORD),
          now: new Date(),
        });
      } finally {
        await fillClient?.end();
      }
    }
    const counts = await a.driver.query<{ state: string; n: number; replies: number; unread: number }>(
      `select state, count(*)::int as n, count(root_id)::int as replies,
              count(*) filter (where not is_read and not is_author)::int as unread
         from comments where author_id = $1 group by state order by n desc`,
      [f.bigAuthorId],
    );
    const bigTotal = counts.rows.reduce((s, r) => s + r.n, 0);
    if (!reuse)
      console.log(
        `fill: ${fmt(total)} comments in ${(f.seconds.plan + f.seconds.stage + f.seconds.insert).toFixed(1)} s ` +
          `(plan ${f.seconds.plan.toFixed(1)}, staging ${f.seconds.stage.toFixed(1)}, insert ${f.seconds.insert.toFixed(1)}) ` +
          `+ VACUUM ANALYZE ${f.seconds.vacuum.toFixed(1)} s; table ${fmt(f.tableBytes / 2 ** 20)} MiB, ` +
          `indexes ${fmt(f.indexBytes / 2 ** 20)} MiB`,
      );
    console.log(
      `big author ${f.bigAuthorId}: ${fmt(bigTotal)} comments on ${f.bigWorks.length} works (busiest ${fmt(f.bigWorks[0]!.comments)}); ` +
        counts.rows
          .map(
            (r) =>
              `${r.state} ${fmt(r.n)} (${fmt(r.replies)} replies${r.unread ? `, ${fmt(r.unread)} unread` : ''})`,
          )
          .join(', '),
    );
    summary.fill = { ...f, bigWorks: f.bigWorks.length, bigComments: bigTotal };
    const session = await login(a.app, f.bigAccount, PASSWORD);
    if (parts.has('inbox')) summary.inbox = await runInbox(db, a, session, f);
    if (parts.has('bulk')) summary.bulk = await runBulk(db, a, session, f.bigAuthorId);
  } finally {
    await a.close();
    await db.drop();
  }
  return summary;
}

async function main(): Promise<void> {
  console.log(
    `comments bench (issue #13): ${dbs.join(', ')}; parts ${[...parts].join(', ')}; ${new Date().toISOString()}; ` +
      `node ${process.version}; load average ${loadavg()}`,
  );
  const t0 = performance.now();
  const out: Record<string, unknown>[] = [];
  for (const kind of dbs) out.push(await benchDatabase(kind));
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  if (opt.json)
    await writeFile(opt.json, JSON.stringify({ date: new Date().toISOString(), runs: out }, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
