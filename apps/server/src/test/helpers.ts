import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import {
  computeSign,
  DEV_SIGN_SECRET,
  ENCRYPT_TYPE,
  type Envelope,
  signPayload,
  WEB_CID,
  WEB_VER,
} from '@cc/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type AppConfig, testConfig } from '../config.js';
import { type Db, type DbHandle, openDb } from '../db/client.js';

/**
 * Test harness primitive (`useTestApp` in ./support.ts is what test files call): one app on a fresh
 * database — in-memory PGlite, or, when DATABASE_URL is set, a new PostgreSQL database created for the
 * file and dropped afterwards (a database rather than a schema: drizzle-kit's migrations name `"public"`
 * in foreign keys). Both start from the run's migrated copy when ./global-setup.ts provided one.
 */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  handle: DbHandle;
  config: AppConfig;
  close(): Promise<void>;
}

async function createPgDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const template = inject('ccPgTemplate');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** @param beforeReady adds test-only routes before the app is sealed */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  let config = testConfig(overrides);
  let drop: (() => Promise<void>) | undefined;
  if (config.databaseUrl) {
    const created = await createPgDatabase(config.databaseUrl);
    config = { ...config, databaseUrl: created.url };
    drop = created.drop;
  }
  const snapshot = config.databaseUrl ? '' : inject('ccPgliteSnapshot');
  const handle = await openDb({
    ...config,
    pgliteLoadDataDir: snapshot ? new Blob([await readFile(snapshot)]) : undefined,
  });
  // a no-op on a migrated copy; the whole schema on a fresh database
  await handle.migrate();
  const app = await buildApp(config, { handle });
  beforeReady?.(app);
  await app.ready();
  const testApp: TestApp = {
    app,
    db: handle.db,
    handle,
    config,
    async close() {
      // the current app: a restart (useTestApp's `restart()`) replaces it
      await testApp.app.close();
      await handle.close();
      await drop?.();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** Cookies of a signed-in browser, and the uid it signs with. */
export interface TestSession {
  userId: number;
  userGuid: string;
  cookies: Record<string, string>;
}

export interface SignOptions {
  session?: TestSession | null;
  /** override the signed uid (default: the session's user id, or 0) */
  uid?: string;
  /** Unix seconds (default now) */
  t?: number;
  secret?: string;
  /** replace fields after signing (tamper) or drop them (undefined) */
  fields?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
  /** POST as a JSON object instead of urlencoded */
  json?: boolean;
  /** a raw `param` string instead of JSON.stringify(payload) (e.g. bad JSON), signed as given */
  rawParam?: string;
}

function buildFields(payload: unknown, opts: SignOptions): Record<string, string> {
  const uid = opts.uid ?? (opts.session ? String(opts.session.userId) : '0');
  const signed = signPayload(payload ?? {}, {
    cid: WEB_CID,
    ver: WEB_VER,
    uid,
    secret: opts.secret ?? DEV_SIGN_SECRET,
    nowSeconds: opts.t,
  });
  let fields: Record<string, string> = { ...signed };
  if (opts.rawParam !== undefined) {
    const again = signPayload(null, {
      cid: WEB_CID,
      ver: WEB_VER,
      uid,
      secret: opts.secret ?? DEV_SIGN_SECRET,
      nowSeconds: opts.t,
    });
    fields = {
      ...again,
      param: opts.rawParam,
      sign: computeSign(WEB_CID, opts.rawParam, WEB_VER, again.t, opts.secret ?? DEV_SIGN_SECRET),
    };
  }
  for (const [k, v] of Object.entries(opts.fields ?? {})) {
    if (v === undefined) delete fields[k];
    else fields[k] = v;
  }
  return fields;
}

function headersOf(opts: SignOptions): Record<string, string> {
  const headers: Record<string, string> = { encrypttype: ENCRYPT_TYPE };
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    if (v === undefined) delete headers[k.toLowerCase()];
    else headers[k.toLowerCase()] = v;
  }
  return headers;
}

/** A signed GET (API.md §2) through app.inject. */
export function signedGet(
  app: FastifyInstance,
  url: string,
  payload: unknown = {},
  opts: SignOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    query: buildFields(payload, opts),
    headers: headersOf(opts),
    cookies: opts.session?.cookies,
  });
}

/** A signed POST: urlencoded by default, a JSON object with `json: true` (API.md §2). */
export function signedPost(
  app: FastifyInstance,
  url: string,
  payload: unknown = {},
  opts: SignOptions = {},
): Promise<LightMyRequestResponse> {
  const fields = buildFields(payload, opts);
  const headers = headersOf(opts);
  if (opts.json) {
    return app.inject({
      method: 'POST',
      url,
      payload: fields,
      headers: { ...headers, 'content-type': 'application/json' },
      cookies: opts.session?.cookies,
    });
  }
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    cookies: opts.session?.cookies,
  });
}

export function body<T = unknown>(res: LightMyRequestResponse): Envelope<T> {
  return res.json<Envelope<T>>();
}

/** Signs in through the real login route and returns the cookies it set. */
export async function login(
  app: FastifyInstance,
  account: string,
  password = 'password-123',
): Promise<TestSession> {
  const res = await signedPost(app, '/api/passport/login', { account, password });
  const env = body<{ userId: number }>(res);
  if (env.status !== 1) throw new Error(`login failed: ${env.status} ${env.message}`);
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { userId: env.data.userId, userGuid: cookies.UserGuid!, cookies };
}
