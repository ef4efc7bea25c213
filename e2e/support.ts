import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach } from 'node:test';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import {
  DEV_SIGN_SECRET,
  ENCRYPT_TYPE,
  type Envelope,
  FILESERVICE_PATHS,
  type ImageUploadResult,
  type MergeFileStatus,
  SHARD_FILE_FIELD,
  shardCountFor,
  shardSizeFor,
  signPayload,
  WEB_CID,
  WEB_VER,
} from '@cc/contracts';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  request as playwrightRequest,
} from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const screenshotDir = path.join(root, 'e2e', 'screenshots');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

const TEMPLATE_PREFIX = 'cc-e2e-template-';

/**
 * A data directory the built server has migrated and seeded once (its first start, then a clean SIGTERM), kept in
 * the temp dir under the hash of `apps/server/dist/main.js`; every server started with the default environment
 * begins from a copy of it (issue #16 "cut CI time": a first start takes ≈ 14 s, a start from a copy ≈ 4 s, and
 * the browser suite starts ~25 servers). A new build makes a new template and removes the old ones.
 */
async function templateDataDir(): Promise<string> {
  const bundle = readFileSync(path.join(root, 'apps/server/dist/main.js'));
  const name = TEMPLATE_PREFIX + createHash('sha256').update(bundle).digest('hex').slice(0, 16);
  const template = path.join(tmpdir(), name);
  if (existsSync(template)) return template;
  for (const old of readdirSync(tmpdir())) {
    if (old.startsWith(TEMPLATE_PREFIX) && old !== name)
      rmSync(path.join(tmpdir(), old), { recursive: true, force: true });
  }
  const staging = mkdtempSync(path.join(tmpdir(), 'cc-e2e-staging-'));
  const first = await launchServer(staging, {});
  // only a clean close leaves a database that can be copied
  // 20 s: it must close cleanly to be copied, and a PGlite close on the loaded CI machine can take over 5 s
  assert.equal(await first.halt(20_000), 0, 'the template server did not close cleanly');
  try {
    renameSync(staging, template);
  } catch (e) {
    // another test file (they may run side by side) made the same template first: use that one
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(template)) throw e;
  }
  return template;
}

/**
 * Starts the real product the way `npm start` does (the compiled `apps/server/dist/main.js start`, which
 * `npm run test:e2e` builds first) on a free port with its own embedded database, serving the built web app.
 * With the default environment the database is a copy of {@link templateDataDir} (migrated, demo seeded); with
 * `env` given, a first start of its own (settings such as `DEMO_TRAFFIC` act at the first start). Waits for
 * `/readyz`. Tests sign in as their own new author (`signIn`), never as the shared demo author.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-e2e-'));
  if (Object.keys(env).length === 0) cpSync(await templateDataDir(), dataDir, { recursive: true });
  const running = await launchServer(dataDir, env);
  return {
    baseUrl: running.baseUrl,
    dataDir,
    async stop() {
      await running.halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Spawns `dist/main.js start` on `dataDir` and waits for `/readyz`; `halt` sends SIGTERM (SIGKILL after `graceMs`, 5 s) and
 * answers the exit code (null when killed).
 */
async function launchServer(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ baseUrl: string; halt(graceMs?: number): Promise<number | null> }> {
  const port = await getPort({ host: '127.0.0.1' });
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'apps/server/dist/main.js', 'start'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // every test registers its own author (signIn): more than the product's 10 per IP and 15 minutes
        LOGIN_RATE_LIMIT: JSON.stringify({ registerPerIp: 1000 }),
        // the demo's simulated reader traffic (issue #12) adds ~11 s to a first start and no test needs it
        DEMO_TRAFFIC: '0',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready in 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async halt(graceMs = 5000) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      return child.exitCode;
    },
  };
}

/** Debian's Chromium driven by playwright-core (no downloaded browser), flags from `e2e/chromium.ts`. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: true });
}

/** A fresh browser context (no cookies, no storage) with one page and the page errors it collects. */
export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** messages of uncaught page errors, in order */
  errors: string[];
}

/** Options of {@link openPage}. */
export interface OpenPageOptions {
  lang?: 'en-US' | 'zh-CN';
  /** CSS pixels (default 1440 × 900) */
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
}

/**
 * Opens a new context and page, so no test sees another's cookies or storage (issue #7: e2e tests
 * independent of their order). The UI language starts as `lang` unless the page sets `cc.lang` itself.
 */
export async function openPage(browser: Browser, opts: OpenPageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    acceptDownloads: opts.acceptDownloads ?? false,
  });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('cc.lang')) localStorage.setItem('cc.lang', lang);
  }, opts.lang ?? 'en-US');
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** What an e2e file hands {@link useBrowserSuite}. */
export interface BrowserSuiteHooks {
  /** `openPage` options for the page every test gets; `false`: the tests open their own */
  page?: OpenPageOptions | false;
  /** environment of the server beyond `startServer`'s defaults (e.g. `DEMO_TRAFFIC: '1'`) */
  env?: Record<string, string>;
  /** runs before the server starts (making media files, say) */
  setup?(): void | Promise<void>;
  /** runs after the server and the browser stopped (removing those files) */
  teardown?(): void | Promise<void>;
  /** receives the file's server and browser once both run */
  started(running: { server: RunningServer; browser: Browser }): void;
  /** receives each test's fresh context and page (unless `page` is false) */
  opened?(test: TestPage): void;
}

/**
 * The hooks every e2e file needs (issue #7: tests independent of their order): one server on the embedded
 * default and one Chromium for the file; for each test a fresh context and page, closed after it, and the
 * test fails if the page threw an uncaught error.
 */
export function useBrowserSuite(hooks: BrowserSuiteHooks): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let current: TestPage | undefined;
  before(async () => {
    await hooks.setup?.();
    server = await startServer(hooks.env);
    browser = await launchBrowser();
    hooks.started({ server, browser });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await hooks.teardown?.();
  });
  if (hooks.page === false) return;
  const pageOptions = hooks.page;
  beforeEach(async () => {
    current = await openPage(browser!, pageOptions);
    hooks.opened?.(current);
  });
  afterEach(async () => {
    await current?.context.close();
    assert.deepEqual(current?.errors, [], 'no uncaught page errors');
  });
}

/** One clip of ffmpeg's test pattern, for {@link makeTestVideo}. */
export interface TestClip {
  seconds: number;
  /** `WxH` in pixels */
  size: string;
  /** frames per second (default 25) */
  rate?: number;
  /** the lavfi source (default `testsrc`; `testsrc2` makes other bytes) */
  pattern?: string;
  /** adds a sine tone as AAC */
  audio?: boolean;
  /** a constant video bitrate (`10M`), so the size is about seconds × bitrate / 8; default: x264's choice */
  bitrate?: string;
}

/** Writes an H.264 MP4 (yuv420p, faststart) of ffmpeg's test pattern to `file`, with Debian's ffmpeg. */
export function makeTestVideo(file: string, clip: TestClip): void {
  const { seconds, size, rate = 25, pattern = 'testsrc', audio = false, bitrate } = clip;
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `${pattern}=duration=${seconds}:size=${size}:rate=${rate}`],
      ...(audio ? ['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:a', 'aac'] : []),
      ...['-c:v', 'libx264'],
      ...(bitrate
        ? [
            '-preset',
            'ultrafast',
            '-b:v',
            bitrate,
            '-minrate',
            bitrate,
            '-maxrate',
            bitrate,
            '-bufsize',
            '2M',
          ]
        : []),
      ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
    ],
    { stdio: 'inherit' },
  );
}

/** An author registered for one test: the credentials and the user id the API signs with. */
export interface Author {
  account: string;
  password: string;
  mediaName: string;
  userId: number;
}

/**
 * One signed call (API.md §2: cid, ver, uid, t, param, sign + header encryptType) through a Playwright
 * request context: the page's own (`page.request`, sharing its cookies) or a standalone one.
 * @param uid the signed-in user's id (0 when signed out)
 * @returns the parsed envelope (any status; the caller checks it)
 */
export async function callApi<T = unknown>(
  request: APIRequestContext,
  baseUrl: string,
  method: 'GET' | 'POST',
  url: string,
  param: unknown = {},
  uid = 0,
): Promise<Envelope<T>> {
  const fields = signPayload(param, {
    cid: WEB_CID,
    ver: WEB_VER,
    uid: String(uid),
    secret: DEV_SIGN_SECRET,
  });
  const headers = { encrypttype: ENCRYPT_TYPE };
  const res =
    method === 'GET'
      ? await request.get(`${baseUrl}${url}`, { params: { ...fields }, headers })
      : await request.post(`${baseUrl}${url}`, { form: { ...fields }, headers });
  return (await res.json()) as Envelope<T>;
}

/**
 * Registers a NEW author (unique account) through `POST /api/passport/register` (API.md §5).
 * @param request whose cookies receive the session: the page's request context signs the page in;
 *   omitted, a throwaway context is used and nobody is signed in
 * @throws Error when the registration answers anything but status 1
 */
export async function registerAuthor(
  baseUrl: string,
  request?: APIRequestContext,
  mediaName = '测试作者',
): Promise<Author> {
  const account = `e2e_${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const own = request ?? (await playwrightRequest.newContext());
  try {
    const env = await callApi<{ userId: number }>(own, baseUrl, 'POST', '/api/passport/register', {
      account,
      password,
      mediaName,
    });
    if (env.status !== 1) throw new Error(`register failed: ${env.status} ${env.message}`);
    return { account, password, mediaName, userId: env.data.userId };
  } finally {
    if (!request) await own.dispose();
  }
}

/**
 * Signs `page` in as a NEW author (the one e2e sign-in, issue #7): registered through the API, then
 * either the registration's own cookies (`via: 'api'`, default, fast) or the login form (`via: 'ui'`,
 * en-US labels; waits until the app leaves /login). A new registration has one unread welcome message.
 * @param opts.backurl where the login page returns to (`via: 'ui'`; default `/`)
 */
export async function signIn(
  page: Page,
  server: RunningServer,
  opts: { via?: 'api' | 'ui'; mediaName?: string; backurl?: string } = {},
): Promise<Author> {
  if (opts.via !== 'ui') return registerAuthor(server.baseUrl, page.request, opts.mediaName);
  const author = await registerAuthor(server.baseUrl, undefined, opts.mediaName);
  const backurl = opts.backurl ?? '/';
  await page.goto(`${server.baseUrl}/login?backurl=${encodeURIComponent(backurl)}`);
  await page.getByLabel('Account').fill(author.account);
  await page.getByLabel('Password').fill(author.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.baseUrl}${backurl}`);
  return author;
}

/**
 * Sets an author's permissions (spec §6; issue #10) the way the product does: the demo's operator (`operator` /
 * `operator-password`, seeded on the embedded default) signs in and calls `POST /api/ops/user/set_permissions`.
 * @param perms only the fields given change (`dynamicShow`, `grade`, `smallVideoMaxSeconds`, `whiteLists`, …)
 * @throws Error when the operator cannot sign in or the call is refused
 */
export async function grantPermissions(
  baseUrl: string,
  account: string,
  perms: Record<string, unknown>,
): Promise<void> {
  const ctx = await playwrightRequest.newContext();
  try {
    const login = await callApi<{ userId: number }>(ctx, baseUrl, 'POST', '/api/passport/login', {
      account: 'operator',
      password: 'operator-password',
    });
    if (login.status !== 1) throw new Error(`operator login failed: ${login.status} ${login.message}`);
    const env = await callApi(
      ctx,
      baseUrl,
      'POST',
      '/api/ops/user/set_permissions',
      { account, ...perms },
      login.data.userId,
    );
    if (env.status !== 1) throw new Error(`set_permissions failed: ${env.status} ${env.message}`);
  } finally {
    await ctx.dispose();
  }
}

/**
 * Uploads an MP4 through the file service (API.md §7: token, shards, merge), waits until the probe made it
 * ready, and publishes it through `POST /api/video/publish` as the author signed in on `page`.
 * @returns the content id
 * @throws Error on any refusal, or when the probe has not finished in 60 s
 */
export async function publishVideoThroughApi(
  page: Page,
  server: RunningServer,
  author: Author,
  bytes: Buffer,
  param: { title: string; description?: string },
): Promise<number> {
  const { request } = page;
  const call = <T>(method: 'GET' | 'POST', url: string, p: unknown) =>
    callApi<T>(request, server.baseUrl, method, url, p, author.userId);
  const secret = await call<{ token: string }>('GET', '/api/video/get_upload_video_secret', {});
  if (secret.status !== 1) throw new Error(`upload secret: ${secret.message}`);
  const q = `token=${encodeURIComponent(secret.data.token)}`;
  // State-changing file-service calls carry x-user-guid = the UserGuid cookie (API.md §5, issue #8 item 10).
  const guid = (await page.context().cookies()).find((c) => c.name === 'UserGuid')?.value ?? '';
  const headers = { 'x-user-guid': guid };
  const key = randomBytes(16).toString('hex');
  const shardSize = shardSizeFor(bytes.length);
  const shardTotal = shardCountFor(bytes.length, shardSize);
  for (let i = 1; i <= shardTotal; i++) {
    const res = await request.post(`${server.baseUrl}${FILESERVICE_PATHS.moreShard}?${q}`, {
      headers,
      multipart: {
        shardIndex: String(i),
        shardTotal: String(shardTotal),
        name: 'clip.mp4',
        suffix: 'mp4',
        use: 'video',
        key,
        coverName: '',
        coverBase64: '',
        size: String(bytes.length),
        shardSize: String(shardSize),
        [SHARD_FILE_FIELD]: {
          name: 'blob',
          mimeType: 'application/octet-stream',
          buffer: bytes.subarray((i - 1) * shardSize, i * shardSize),
        },
      },
    });
    const env = (await res.json()) as Envelope;
    if (env.status !== 1) throw new Error(`shard ${i}: ${env.status} ${env.message}`);
  }
  const merged = (await (
    await request.post(`${server.baseUrl}${FILESERVICE_PATHS.merge}?${q}`, {
      headers,
      data: { fileUploadId: key },
    })
  ).json()) as Envelope;
  if (merged.status !== 1) throw new Error(`merge: ${merged.status} ${merged.message}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = (await (
      await request.get(
        `${server.baseUrl}${FILESERVICE_PATHS.isExistLocalMergeFile}?${q}&fileUploadId=${key}`,
      )
    ).json()) as Envelope<MergeFileStatus>;
    if (state.data.state === 'ready') break;
    if (state.data.state === 'failed' || Date.now() > deadline)
      throw new Error(`probe: ${JSON.stringify(state.data)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const published = await call<{ id: number; status: string }>('POST', '/api/video/publish', {
    use: 'video',
    title: param.title,
    description: param.description ?? '',
    publishType: 1,
    fileUploadId: key,
  });
  if (published.data?.status !== 'published')
    throw new Error(`publish: ${published.status} ${published.message}`);
  return published.data.id;
}

/** Saves a full-page screenshot as an artifact under e2e/screenshots/. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * A JPEG of `width` × `height` pixels in `hue` with a white disc, for image uploads (covers, album images).
 * @returns the encoded bytes
 */
export function testJpeg(width: number, height: number, hue: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: hue } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="white"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

/**
 * `POST /fileservice/image` (API.md §8) as the author signed in on `page` (its cookies and UserGuid).
 * @throws AssertionError when the upload is refused
 */
export async function uploadImageAs(page: Page, baseUrl: string, bytes: Buffer): Promise<ImageUploadResult> {
  const guid = (await page.context().cookies()).find((c) => c.name === 'UserGuid')?.value ?? '';
  const res = await page.request.post(`${baseUrl}/fileservice/image`, {
    headers: { cid: '500', ver: '1.0.4', 'x-user-guid': guid },
    multipart: { file: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: bytes } },
  });
  const env = (await res.json()) as Envelope<ImageUploadResult>;
  assert.equal(env.status, 1, `image upload: ${env.message}`);
  return env.data;
}

/** Switches the UI language the way the language switch stores it (`cc.lang`), and reloads. */
export async function useStoredLanguage(page: Page, lang: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('cc.lang', l), lang);
  await page.reload();
}

/**
 * axe-core finds no critical or serious WCAG 2.1 A/AA violation on the page as it stands (DESIGN.md
 * "Accessibility"). Waits for the network to settle, moves the pointer and focus away from the control clicked
 * last (antd lightens a hovered or focused link button) and lets finite transitions finish first.
 * @param where names the page in the failure message
 */
export async function assertNoSeriousAxe(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // A tooltip left by the pointer closes after a delay (antd: 0.1 s, then a fade): wait until none is shown, or axe
  // checks it mid-fade against a half-transparent background (seen in CI on the live show's "Copied"). One that
  // stays open on purpose is checked as it is after 5 s.
  await page
    .waitForFunction(
      () =>
        !Array.from(document.querySelectorAll('[role="tooltip"]')).some(
          (el) => el.getClientRects().length > 0,
        ),
      null,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join('\n    ')}`,
    );
  assert.deepEqual(found, [], `axe on ${where}:\n${found.join('\n')}`);
}
