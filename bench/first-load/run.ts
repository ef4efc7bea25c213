/**
 * JavaScript of the first load of `/` for a signed-in author (issue #9 "First load").
 *
 * Starts the built product (`apps/server/dist/main.js start`, like `npm start`; `e2e/support.ts`
 * `startServer`) on a fresh embedded database, signs a new author in and opens `/` in Debian's Chromium
 * twice, each in a fresh browser context (empty cache):
 *  - baseline: every request sent with `Accept-Encoding: identity`, so the server answers uncompressed
 *    (what the product sent before issue #9);
 *  - served: the browser's own `Accept-Encoding` (`gzip, deflate, br, zstd`).
 * The first load ends when the home page shows its key numbers and the network has been idle for 500 ms.
 * For every JavaScript response (`/assets/*.js`) it records the bytes that crossed the wire (the encoded
 * body, `request.sizes().responseBodySize`) and the decoded bytes (the body the page got), then prints a
 * table of the chunks and the totals, and the ratio served/baseline. Figures are printed, never asserted
 * (CONVENTIONS.md).
 *
 * Env: `BENCH_FIRST_LOAD_WEB_DIST` (a built web app to serve instead of `apps/web/dist`, e.g. a copy of the
 * build before a change), `BENCH_FIRST_LOAD_TOP` (rows of the chunk table, default 15).
 * Run with `npm run bench:first-load` (builds first).
 */
import path from 'node:path';
import type { Browser, Response } from 'playwright-core';
import { launchBrowser, signIn, startServer, type RunningServer } from '../../e2e/support.js';

/** One JavaScript response of the first load. */
interface JsResponse {
  /** the file name under /assets/ */
  name: string;
  /** `content-encoding` of the answer (`identity` when none) */
  encoding: string;
  /** bytes of the body as transferred (compressed when encoded) */
  transferred: number;
  /** bytes of the decoded body */
  decoded: number;
}

type Variant = 'baseline' | 'served';

const top = Number(process.env.BENCH_FIRST_LOAD_TOP ?? 15);
const KB = 1000;

/** Bytes as kB (1 kB = 1,000 bytes, as Vite and browsers' dev tools print them), one decimal. */
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/**
 * Opens `/` signed in as a new author in a fresh context and collects every JS response of the first load.
 * @param variant `baseline` forces `Accept-Encoding: identity` on every request of the page
 */
async function measure(browser: Browser, server: RunningServer, variant: Variant): Promise<JsResponse[]> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    extraHTTPHeaders: variant === 'baseline' ? { 'accept-encoding': 'identity' } : {},
  });
  await context.addInitScript(() => localStorage.setItem('cc.lang', 'zh-CN'));
  const page = await context.newPage();
  await signIn(page, server);
  const pending: Promise<JsResponse | undefined>[] = [];
  page.on('response', (response) => pending.push(jsResponseOf(response)));
  await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
  await page.getByTestId('media-name').waitFor();
  await page.waitForLoadState('networkidle');
  const responses = (await Promise.all(pending)).filter((r): r is JsResponse => r !== undefined);
  await context.close();
  return responses;
}

/** The facts of one response when it is a JavaScript asset, else undefined. */
async function jsResponseOf(response: Response): Promise<JsResponse | undefined> {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/assets/') || !url.pathname.endsWith('.js')) return undefined;
  const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
  return {
    name: path.basename(url.pathname),
    encoding: response.headers()['content-encoding'] ?? 'identity',
    transferred: sizes.responseBodySize,
    decoded: body.length,
  };
}

const sum = (rows: JsResponse[], key: 'transferred' | 'decoded') => rows.reduce((n, r) => n + r[key], 0);

/** Prints the chunks (largest decoded first) and the totals of one variant. */
function report(variant: Variant, rows: JsResponse[]): void {
  const sorted = [...rows].sort((a, b) => b.decoded - a.decoded);
  console.log(`\n${variant}: ${rows.length} JS responses`);
  console.log(
    `${'chunk'.padEnd(44)} ${'encoding'.padEnd(9)} ${'transferred'.padStart(12)} ${'decoded'.padStart(12)}`,
  );
  for (const r of sorted.slice(0, top))
    console.log(
      `${r.name.padEnd(44)} ${r.encoding.padEnd(9)} ${kb(r.transferred).padStart(12)} ${kb(r.decoded).padStart(12)}`,
    );
  if (sorted.length > top) console.log(`… and ${sorted.length - top} smaller`);
  console.log(
    `${'total'.padEnd(44)} ${''.padEnd(9)} ${kb(sum(rows, 'transferred')).padStart(12)} ${kb(sum(rows, 'decoded')).padStart(12)}`,
  );
}

async function main(): Promise<void> {
  const webDist = process.env.BENCH_FIRST_LOAD_WEB_DIST;
  const server = await startServer(webDist ? { WEB_DIST: path.resolve(webDist) } : {});
  const browser = await launchBrowser();
  try {
    const baseline = await measure(browser, server, 'baseline');
    const served = await measure(browser, server, 'served');
    report('baseline', baseline);
    report('served', served);
    const ratio = sum(served, 'transferred') / sum(baseline, 'transferred');
    console.log(
      `\nfirst load of / (signed in), JS: transferred ${kb(sum(served, 'transferred'))} served vs ${kb(
        sum(baseline, 'transferred'),
      )} baseline (identity): ratio ${ratio.toFixed(3)}; decoded ${kb(sum(served, 'decoded'))}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
