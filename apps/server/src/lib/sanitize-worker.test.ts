import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { htmlToPlainText } from '@cc/contracts';
import type { BuildOptions } from 'esbuild';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type BodyResult,
  HTML_MAX_DEPTH,
  processBodyOffThread,
  sanitizeHtml,
  sanitizeWorkerEntry,
} from './sanitize-html.js';

// The sanitizer's worker thread (issue #8 item 3) in both forms it runs in: from source here (tsx's hook)
// and as the compiled server runs it, bundled by apps/server/build.mjs's own esbuild options.
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const repoRoot = path.resolve(serverDir, '../..');
// inside the repository, so the bundle's external imports (sanitize-html, …) resolve from node_modules
const outdir = mkdtempSync(path.join(repoRoot, 'node_modules/.cache-cc-bundle-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const SAMPLES = [
  '<p onclick="x()">a<script>no()</script><img src="https://evil.example/t.png"><a href="javascript:1">l</a></p>',
  '<h2>T</h2><div><span>kept &amp; text</span></div><style>p{}</style>',
  '<p>ab</p>'.repeat(2000),
];

/** Posts one job to a worker and waits for its answer. */
function ask(worker: Worker, job: { id: number; html: string; text: boolean }): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(job);
  });
}

describe('the sanitizer worker thread', () => {
  it('from source: the same HTML as sanitizeHtml, and the plain text of it when asked', async () => {
    for (const html of SAMPLES) {
      expect(await processBodyOffThread(html)).toEqual({ html: sanitizeHtml(html) });
      expect(await processBodyOffThread(html, { text: true })).toEqual({
        html: sanitizeHtml(html),
        text: htmlToPlainText(sanitizeHtml(html)),
      });
    }
  });

  it('bundled as the compiled server bundles it (dist/sanitize-worker.js beside dist/main.js)', async () => {
    const buildUrl = pathToFileURL(path.join(serverDir, 'build.mjs')).href;
    const { serverBuildOptions } = (await import(buildUrl)) as {
      serverBuildOptions: (outdir: string) => BuildOptions;
    };
    await esbuild.build({ ...serverBuildOptions(outdir), logLevel: 'silent' });
    const entry = sanitizeWorkerEntry(pathToFileURL(path.join(outdir, 'main.js')).href);
    expect(entry).toEqual({ source: pathToFileURL(path.join(outdir, 'sanitize-worker.js')), eval: false });
    const worker = new Worker(entry.source);
    try {
      let id = 0;
      for (const html of SAMPLES) {
        expect(await ask(worker, { id: ++id, html, text: true })).toEqual({
          id,
          html: sanitizeHtml(html),
          text: htmlToPlainText(sanitizeHtml(html)),
        });
      }
      expect(await ask(worker, { id: ++id, html: '<b>'.repeat(HTML_MAX_DEPTH + 1), text: false })).toEqual({
        id,
        error: 'HTML_TOO_DEEP',
      });
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
