/**
 * The comments bench's harness (bench/comments/run.ts): the real app (`buildApp`) on a fresh database in THIS
 * process, requests through `app.inject` signed as API.md §2 with a real session (the author signs in through
 * `POST /api/passport/login`, as apps/server/src/test/helpers.ts `login` does), and the app's own driver client
 * (`pg.Pool` or the PGlite instance) for the baselines, the fill and EXPLAIN. A statement recorder times every
 * statement the driver sends (classed by its first words) while a phase asks for it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_SIGN_SECRET, ENCRYPT_TYPE, signPayload, WEB_CID, WEB_VER } from '@cc/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { type AppConfig, loadConfig } from '../../apps/server/src/config.js';
import { type DbHandle, openDb } from '../../apps/server/src/db/client.js';

/** What the bench sends SQL through: the app's pool or PGlite instance, `query(text, params)` either way. */
export interface Driver {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** One statement the driver ran while recording. */
export interface Statement {
  text: string;
  params: unknown[];
  ms: number;
}

let recording: Statement[] | null = null;

/** Records (and times) every statement the app's driver runs during `fn`. */
export async function recordStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: Statement[] }> {
  const statements: Statement[] = [];
  recording = statements;
  try {
    return { result: await fn(), statements };
  } finally {
    recording = null;
  }
}

function note(text: string, params: unknown[], started: number): void {
  // the job queue (pg-boss) polls through the same driver: not the request's
  if (/\bpgboss\./.test(text)) return;
  recording?.push({ text, params, ms: performance.now() - started });
}

let pgPatched = false;

/** Wraps `pg.Client#query` (pool queries and transaction clients alike go through it). */
function patchPg(): void {
  if (pgPatched) return;
  pgPatched = true;
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const original = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    if (!recording) return original.apply(this, args);
    const first = args[0] as string | { text?: string; values?: unknown[] } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const params = (Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first?.values : []) ?? [];
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        note(text, params, started);
        (callback as (e: unknown, r: unknown) => void)(error, result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (!(result instanceof Promise)) return result;
    return result.then((r: unknown) => {
      note(text, params, started);
      return r;
    });
  };
}

interface PgliteLike {
  query(text: string, params?: unknown[], options?: unknown): Promise<unknown>;
  transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T>;
}

/** Wraps a PGlite instance's `query` and the `query` of the transactions it hands out. */
function patchPglite(client: PgliteLike): void {
  const wrap = (query: PgliteLike['query']): PgliteLike['query'] =>
    async function (this: unknown, text, params, options) {
      if (!recording) return query.call(this, text, params, options);
      const started = performance.now();
      const r = await query.call(this, text, params, options);
      note(text, params ?? [], started);
      return r;
    };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = wrap(query);
  client.transaction = <T>(fn: (tx: PgliteLike) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = wrap(tx.query.bind(tx));
      return fn(new Proxy(tx, { get: (t, k) => (k === 'query' ? txQuery : Reflect.get(t, k)) }));
    });
}

/** A statement's class for the "where time goes" tables: BEGIN, `select comments`, `update comments` … */
export function statementClass(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (/^(begin|commit|rollback|savepoint|release)/.test(t)) return t.split(' ')[0]!;
  let m = /^insert into "?([a-z_]+)"?/.exec(t);
  if (m) return `insert ${m[1]}${t.includes('on conflict') ? ' (upsert)' : ''}`;
  m = /^update "?([a-z_]+)"? set (.*?) where/.exec(t);
  if (m) {
    const cols = [...m[2]!.matchAll(/"([a-z_]+)" =/g)].map((c) => c[1]).join(', ');
    return `update ${m[1]} set ${cols}`;
  }
  m = /^delete from "?([a-z_]+)"?/.exec(t);
  if (m) return `delete ${m[1]}`;
  m = /^select .*? from "?([a-z_.]+)"?/.exec(t);
  if (m)
    return `select ${m[1]}${t.includes('for update') ? ' for update' : ''}${t.includes('count(*)') ? ' count' : ''}`;
  return t.slice(0, 40);
}

export interface BenchDatabase {
  kind: 'pg' | 'pglite';
  label: string;
  /** PostgreSQL database name ('' on PGlite) */
  name: string;
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A fresh database: on PostgreSQL the database `name` on the server of `serverUrl` (dropped if it exists and
 * created again, or used as it is with `reuse`; never `test` or `postgres`), on PGlite a new data directory.
 */
export async function freshDatabase(
  kind: 'pg' | 'pglite',
  opts: { serverUrl: string; name: string; keep: boolean; reuse?: boolean },
): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cc-bench-comments-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (kind === 'pglite')
    return {
      kind,
      label: 'PGlite',
      name: '',
      databaseUrl: undefined,
      dataDir,
      drop: opts.keep ? async () => {} : removeDir,
    };
  const { name } = opts;
  if (!SAFE_NAME.test(name) || ['test', 'postgres', 'root', 'template0', 'template1'].includes(name))
    throw new Error(`refusing to bench in the database ${name}`);
  const admin = new URL(opts.serverUrl);
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  if (!opts.reuse) {
    await run(`drop database if exists ${name} with (force)`);
    await run(`create database ${name}`);
  }
  const url = new URL(opts.serverUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    label: 'PostgreSQL',
    name,
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      if (!opts.keep) await run(`drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}

export interface BenchApp {
  app: FastifyInstance;
  handle: DbHandle;
  config: AppConfig;
  driver: Driver;
  close(): Promise<void>;
}

/**
 * The real app on `database`, migrated, with the production settings that matter for speed (`strictResponses`
 * off, log level `warn`) and the per-minute request limits lifted (the bench sends thousands of requests a
 * minute as one author). Statements of the driver are recordable (`recordStatements`).
 */
export async function startApp(database: BenchDatabase): Promise<BenchApp> {
  const loaded = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  });
  const config: AppConfig = {
    ...loaded,
    strictResponses: false,
    requestLimits: {
      ...loaded.requestLimits,
      anonymousPerMinute: 1_000_000_000,
      authorPerMinute: 1_000_000_000,
    },
  };
  if (database.kind === 'pg') patchPg();
  const handle = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  await handle.migrate();
  // drizzle keeps its driver's client as `$client` (a pg.Pool or the PGlite instance)
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') patchPglite(client as PgliteLike);
  const app = await buildApp(config, { handle });
  await app.ready();
  return {
    app,
    handle,
    config,
    driver: client as Driver,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** A signed-in author's cookies and the uid its requests sign with. */
export interface Session {
  userId: number;
  cookies: Record<string, string>;
}

/** An `app.inject` request, built (and signed) before the clock starts. */
export type Prepared = () => Promise<LightMyRequestResponse>;

function fields(payload: unknown, session: Session | null): Record<string, string> {
  return {
    ...signPayload(payload, {
      cid: WEB_CID,
      ver: WEB_VER,
      uid: session ? String(session.userId) : '0',
      secret: DEV_SIGN_SECRET,
    }),
  };
}

/** A signed GET (API.md §2: the six fields in the query string). */
export function signedGet(app: FastifyInstance, url: string, payload: unknown, session: Session): Prepared {
  const query = fields(payload, session);
  return () =>
    app.inject({
      method: 'GET',
      url,
      query,
      headers: { encrypttype: ENCRYPT_TYPE, 'accept-language': 'zh-CN' },
      cookies: session.cookies,
    });
}

/** A signed POST with the six fields as a JSON object. */
export function signedPost(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  session: Session | null,
): Prepared {
  const body = JSON.stringify(fields(payload, session));
  return () =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { encrypttype: ENCRYPT_TYPE, 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      cookies: session?.cookies,
    });
}

/** The envelope's `data`. @throws Error on HTTP ≠ 200 or status ≠ 1 */
export function dataOf<T>(what: string, res: LightMyRequestResponse): T {
  if (res.statusCode !== 200) throw new Error(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  const env = res.json<{ status: number; message: string; data: T }>();
  if (env.status !== 1)
    throw new Error(`${what}: status ${env.status} ${env.message} ${res.body.slice(0, 300)}`);
  return env.data;
}

/** Signs in through the real login route (API.md §5). */
export async function login(app: FastifyInstance, account: string, password: string): Promise<Session> {
  const res = await signedPost(app, '/api/passport/login', { account, password }, null)();
  const data = dataOf<{ userId: number }>('login', res);
  return { userId: data.userId, cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])) };
}
