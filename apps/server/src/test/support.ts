import type { Envelope } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { Db, DbHandle } from '../db/client.js';
import { createAuthor, type TestAuthor, type UserFields } from './factories.js';
import {
  body,
  createTestApp,
  type SignOptions,
  signedGet,
  signedPost,
  type TestApp,
  type TestSession,
} from './helpers.js';

/**
 * The test harness of the server (issue #7 "One test harness"; models: Outline `server/test/support.ts`,
 * fastify/demo `test/helper.ts`): `useTestApp()` at the top of a test file registers its own `beforeAll`
 * (a fresh app on a fresh database: in-memory PGlite, or its own PostgreSQL database when `DATABASE_URL`
 * is set) and `afterAll` (closes both, drops the database), and returns a handle whose members are valid
 * inside tests. Data is built per test by the factories (`t.signIn()`, `createArticle`, …), never shared.
 */
export interface TestHarness {
  /** the sealed Fastify app (replaced by `restart()`) */
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly handle: DbHandle;
  readonly config: AppConfig;
  /**
   * A NEW author (unique account, password `DEFAULT_PASSWORD`, optional column overrides) signed in
   * through the real login route. Never reuse it across tests.
   */
  signIn(fields?: UserFields): Promise<TestAuthor>;
  /** A signed GET (API.md §2) as `session` (anonymous when omitted); resolves to the parsed envelope. */
  get<T = unknown>(
    url: string,
    param?: unknown,
    session?: TestSession | null,
    opts?: SignOptions,
  ): Promise<Envelope<T>>;
  /** A signed POST (urlencoded; `opts.json` for a JSON object) as `session`; the parsed envelope. */
  post<T = unknown>(
    url: string,
    param?: unknown,
    session?: TestSession | null,
    opts?: SignOptions,
  ): Promise<Envelope<T>>;
  /** Closes the app and builds a new one on the same database and data directory (a server restart). */
  restart(): Promise<FastifyInstance>;
}

/** Config overrides, or a function computing them in `beforeAll` (e.g. after starting a fake S3). */
export type TestAppOverrides = Partial<AppConfig> | (() => Partial<AppConfig> | Promise<Partial<AppConfig>>);

/**
 * Registers `beforeAll`/`afterAll` for one app per test file and returns its handle.
 * @param overrides config fields for this file (a function runs inside `beforeAll`)
 * @param beforeReady adds test-only routes before the app is sealed (also on `restart()`)
 * @throws Error when a member of the handle is read outside the file's tests (before `beforeAll`)
 */
export function useTestApp(
  overrides: TestAppOverrides = {},
  beforeReady?: (app: FastifyInstance) => void,
): TestHarness {
  let current: TestApp | undefined;
  const need = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app exists only inside tests (after its beforeAll)');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(
      typeof overrides === 'function' ? await overrides() : overrides,
      beforeReady,
    );
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const harness: TestHarness = {
    get app() {
      return need().app;
    },
    get db() {
      return need().db;
    },
    get handle() {
      return need().handle;
    },
    get config() {
      return need().config;
    },
    signIn: (fields) => createAuthor(harness, fields),
    get: async (url, param = {}, session = null, opts = {}) =>
      body(await signedGet(need().app, url, param, { ...opts, session })),
    post: async (url, param = {}, session = null, opts = {}) =>
      body(await signedPost(need().app, url, param, { ...opts, session })),
    async restart() {
      const t = need();
      await t.app.close();
      const app = await buildApp(t.config, { handle: t.handle });
      beforeReady?.(app);
      await app.ready();
      t.app = app;
      return app;
    },
  };
  return harness;
}
