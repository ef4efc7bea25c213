/**
 * The analytics bench's server (started by bench/analytics/run.ts in a child process with IPC, `serialization:
 * 'advanced'`): the real app on 127.0.0.1, alone in its process (its CPU is the server's and nothing else's),
 * with the production settings that matter for speed (`strictResponses` off, log level `warn`) and the request
 * limits lifted (one "site" sends millions of events in minutes). On start it migrates and sends
 * `{ base, db, pid }`. Commands (`{ id, cmd, ... }` → `{ id, ok, result | error }`):
 *  - `population` `{ authors, sinceMs, nowMs }` → the simulator's population (apps/server/src/simulate/population.ts:
 *    authors with an approved certification and their published works of every type, videos with durations),
 *    made once and reused: `{ authorIds, works }`;
 *  - `sessions` `{ userIds }` → a session row per user, as a login makes it (the simulated authors have no
 *    usable password): `{ cookies, userGuid }[]`;
 *  - `insert` `{ text, params }` → runs one statement on the app's own PGlite (the PGlite baseline: this is the
 *    only process that may open the data directory);
 *  - `sql` `{ text }` → rows of a control query (counts, sizes, the job queue), outside any timing;
 *  - `cpu` → `{ user, system }` of this process, µs (`process.cpuUsage()`);
 *  - `timings` → the statement timings (BENCH_TIME_STATEMENTS=1, PostgreSQL only) and resets them;
 *  - `stop` → closes the app and exits (a V8 CPU profile, when asked for with --cpu-prof, is written then).
 * Env: BENCH_DATA_DIR (required), DATABASE_URL (empty: PGlite on disk in BENCH_DATA_DIR), BENCH_TIME_STATEMENTS.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SESSION_COOKIE, USER_GUID_COOKIE, USERID_COOKIE } from '@cc/contracts';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDb } from '../../apps/server/src/db/client.js';
import { sessions } from '../../apps/server/src/db/schema/index.js';
import { hashSessionToken } from '../../apps/server/src/plugins/session.js';
import { ensurePopulation } from '../../apps/server/src/simulate/population.js';

interface Message {
  id: number;
  cmd: string;
  [key: string]: unknown;
}

/**
 * Statement timings of the app's PostgreSQL pool (BENCH_TIME_STATEMENTS=1): `pg.Client#query` wrapped, each
 * statement classed by its first words (the table it writes or reads), wall time from the call to the answer
 * (a statement queued behind its connection's previous one is not counted twice: the pool runs one at a time per
 * connection, and the ingest transaction's statements are sequential).
 */
const timings = new Map<string, { count: number; ms: number; rows: number }>();

function statementClass(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (/^(begin|commit|rollback)/.test(t)) return t.split(' ')[0]!;
  let m = /^insert into "?([a-z_]+)"?/.exec(t);
  if (m)
    return `insert ${m[1]}${t.includes('on conflict') ? (t.includes('do update') ? ' (upsert)' : ' (do nothing)') : ''}`;
  m = /^update "?([a-z_]+)"?/.exec(t);
  if (m) return `update ${m[1]}`;
  m = /^delete from "?([a-z_]+)"?/.exec(t);
  if (m) return `delete ${m[1]}`;
  m = /^select .*? from "?([a-z_.]+)"?/.exec(t);
  if (m) return `select ${m[1]}${t.includes('for update') ? ' for update' : ''}`;
  if (t.startsWith('create table if not exists')) return 'create partition';
  return t.slice(0, 40);
}

function timeStatements(): void {
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const original = pg.Client.prototype.query as unknown as Query;
  const record = (key: string, started: number, rowCount: number | null | undefined) => {
    const t = timings.get(key) ?? { count: 0, ms: 0, rows: 0 };
    t.count += 1;
    t.ms += performance.now() - started;
    t.rows += rowCount ?? 0;
    timings.set(key, t);
  };
  (pg.Client.prototype as unknown as { query: Query }).query = function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (!text) return original.apply(this, args);
    const key = statementClass(text);
    const started = performance.now();
    // pg-pool's own `query` calls the client with a callback; drizzle's transactions use the promise
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: { rowCount?: number | null } | undefined) => {
        record(key, started, result?.rowCount);
        (callback as (e: unknown, r: unknown) => void)(error, result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (!(result instanceof Promise)) return result;
    return (result as Promise<{ rowCount?: number | null }>).then((r) => {
      record(key, started, r?.rowCount);
      return r;
    });
  };
}

async function main(): Promise<void> {
  if (process.env.BENCH_TIME_STATEMENTS === '1') timeStatements();
  const loaded = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: process.env.BENCH_DATA_DIR!,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  });
  const config = {
    ...loaded,
    // as in production (docs/decisions/0002-response-schemas.md): answers are not re-validated
    strictResponses: false,
    // one "reader site" sends the whole bench in minutes, and the query part signs in as a few authors
    openRequestsPerMinute: 1_000_000_000,
    requestLimits: {
      ...loaded.requestLimits,
      anonymousPerMinute: 1_000_000_000,
      authorPerMinute: 1_000_000_000,
    },
  };
  const handle = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  await handle.migrate();
  const app = await buildApp(config, { handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const db = handle.db;
  // drizzle keeps its driver's client as `$client` (a pg.Pool or the PGlite instance)
  const client = (db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<unknown> } })
    .$client;

  const commands: Record<string, (m: Message) => Promise<unknown>> = {
    async population(m) {
      const population = await ensurePopulation(db, config, {
        authors: m.authors as number,
        now: new Date(m.nowMs as number),
        since: m.sinceMs as number,
        includeDemo: false,
      });
      return { authorIds: population.authorIds, works: population.works };
    },
    async sessions(m) {
      const out: { userId: number; cookie: string; userGuid: string }[] = [];
      for (const userId of m.userIds as number[]) {
        const token = randomBytes(32).toString('base64url');
        const userGuid = randomUUID();
        await db.insert(sessions).values({
          id: hashSessionToken(token),
          userId,
          userGuid,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        out.push({
          userId,
          userGuid,
          cookie: `${SESSION_COOKIE}=${token}; ${USERID_COOKIE}=${userId}; ${USER_GUID_COOKIE}=${userGuid}`,
        });
      }
      return out;
    },
    async insert(m) {
      await client.query(m.text as string, m.params as unknown[]);
      return null;
    },
    async sql(m) {
      const result = (await client.query(m.text as string)) as { rows: unknown[] };
      return result.rows;
    },
    async cpu() {
      return process.cpuUsage();
    },
    async timings() {
      const out = Object.fromEntries(timings);
      timings.clear();
      return out;
    },
  };

  process.on('message', (raw) => {
    const m = raw as Message;
    if (m.cmd === 'stop') {
      void app
        .close()
        .then(() => handle.close())
        .finally(() => process.exit(0));
      return;
    }
    const run = commands[m.cmd];
    if (!run) {
      process.send!({ id: m.id, ok: false, error: `unknown command ${m.cmd}` });
      return;
    }
    run(m).then(
      (result) => process.send!({ id: m.id, ok: true, result }),
      (error: unknown) => process.send!({ id: m.id, ok: false, error: String(error) }),
    );
  });
  process.send!({
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    db: config.databaseUrl ? 'PostgreSQL' : 'PGlite',
    pid: process.pid,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
