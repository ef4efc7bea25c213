/**
 * Editor bench (issue #4), run with `npm run bench:editor`. Serves bench/editor with vite, drives
 * Debian Chromium with playwright-core and PRINTS (never asserts):
 *  1. frame time while dragging one of 300 objects (goal ≥ 55 fps),
 *  2. load time of a 1,000-object document (goal ≤ 1 s),
 *  3. export time of a 3× PNG of 900×1200,
 *  4. JS heap held by 100 history steps on a document with a 3 MB photo (goal ≤ 50 MB), against the
 *     full-JSON-snapshot approach (photo as data URL) measured in the same run, with the ratio.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support.js';

const root = path.dirname(fileURLToPath(import.meta.url));

/** A noise PNG of about 3 MB (random pixels do not compress), standing in for a photo. */
function makePhotoPng(width = 1000, height = 1000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const raw = randomBytes((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0; // filter type "none" per row
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = makePhotoPng();
const photoPlugin: Plugin = {
  name: 'bench-photo',
  configureServer(server) {
    server.middlewares.use('/media/bench/photo.png', (_req, res) => {
      res.setHeader('Content-Type', 'image/png');
      res.setHeader('Cache-Control', 'no-store');
      res.end(photo);
    });
  },
};

async function heapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

const call = <T>(page: Page, expr: string) => page.evaluate<T>(expr);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function main(): Promise<void> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [photoPlugin],
    server: { port: 0, host: '127.0.0.1' },
  });
  await server.listen();
  const address = server.httpServer!.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The same Debian chromium and flags as the browser tests.
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1300 } });
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(`http://127.0.0.1:${port}/index.html`);
    await page.waitForFunction('window.bench && window.bench.ready', null, { timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    console.log(`Chromium ${browser.version()} · photo ${mb(photo.length)}\n`);

    // 1. Drag with 300 objects (real mouse events through fabric).
    const at = await call<{ x: number; y: number }>(page, 'window.bench.prepareDrag()');
    await call(page, 'window.bench.startFrames()');
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    for (let i = 1; i <= 180; i++) {
      await page.mouse.move(at.x + Math.sin(i / 15) * 200, at.y + i, { steps: 1 });
      await page.waitForTimeout(8);
    }
    await page.mouse.up();
    const drag = await call<{
      frames: number;
      avgFrameMs: number;
      p95FrameMs: number;
      fps: number;
      renders: number;
      avgRenderMs: number;
      historySteps: number;
    }>(page, 'window.bench.stopFrames()');
    console.log('1. Drag one of 300 objects (180 mouse moves)');
    console.log(
      `   ${drag.fps.toFixed(1)} fps · frame ${drag.avgFrameMs.toFixed(2)} ms avg, ${drag.p95FrameMs.toFixed(2)} ms p95 · canvas render ${drag.avgRenderMs.toFixed(2)} ms avg over ${drag.renders} renders · history steps recorded: ${drag.historySteps} (goal ≥ 55 fps)\n`,
    );

    // 2. Load 1,000 objects.
    const loads: number[] = [];
    for (let i = 0; i < 3; i++) loads.push((await call<{ ms: number }>(page, 'window.bench.load1000()')).ms);
    console.log('2. Load a 1,000-object document (sanitize + migrate + enliven + render), 3 runs');
    console.log(
      `   ${loads.map((m) => m.toFixed(0) + ' ms').join(', ')} · best ${Math.min(...loads).toFixed(0)} ms (goal ≤ 1000 ms)\n`,
    );

    // 3. Export 3× PNG.
    const exports: { ms: number; bytes: number; width: number; height: number }[] = [];
    for (let i = 0; i < 3; i++) exports.push(await call(page, 'window.bench.export3x()'));
    console.log('3. Export PNG 3× of 900×1200, 3 runs');
    console.log(
      `   ${exports.map((e) => e.ms.toFixed(0) + ' ms').join(', ')} · ${exports[0]!.width}×${exports[0]!.height}, ${mb(exports[0]!.bytes)}\n`,
    );

    // 4. History memory, both approaches in the same page.
    await call(page, "window.bench.historyEngine('setup')");
    const e0 = await heapUsed(cdp);
    const engine = await call<{ estimatedBytes: number; steps: number }>(
      page,
      "window.bench.historyEngine('run')",
    );
    const e1 = await heapUsed(cdp);
    await call(page, "window.bench.historySnapshots('setup')");
    const s0 = await heapUsed(cdp);
    const snaps = await call<{ bytes: number; steps: number }>(page, "window.bench.historySnapshots('run')");
    const s1 = await heapUsed(cdp);
    const engineHeap = Math.max(0, e1 - e0);
    const snapHeap = Math.max(0, s1 - s0);
    console.log('4. History memory after 100 steps, document with a 3 MB photo (JS heap growth after GC)');
    console.log(
      `   engine (diffs, photo by URL):       ${mb(engineHeap)} heap · ${mb(engine.estimatedBytes)} estimated by the history · ${engine.steps} steps (goal ≤ 50 MB)`,
    );
    console.log(
      `   full JSON snapshots (photo data URL): ${mb(snapHeap)} heap · ${mb(snaps.bytes)} of JSON text · ${snaps.steps} steps`,
    );
    console.log(
      `   ratio snapshots / engine: ${(snapHeap / Math.max(1, engineHeap)).toFixed(0)}× (heap), ${(snaps.bytes / Math.max(1, engine.estimatedBytes)).toFixed(0)}× (bytes)`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
