import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { brotliCompressSync } from 'node:zlib';
import type { Browser, ConsoleMessage, Response } from 'playwright-core';
import { openPage, type RunningServer, shot, signIn, useBrowserSuite } from './support.js';

// Issue #9 "First load": the first visit of `/` by a signed-in author, in both languages, loads its
// JavaScript compressed, logs no warning or error (React Router's "No `HydrateFallback` element" among
// them), and never fetches the poster engine or the article editor — chunks that only their own pages need.
// Sizes and speed are measured by bench/first-load, never asserted here (CONVENTIONS.md).

/**
 * Chunks the frame must not load: the named chunks of fabric.js and ProseMirror (apps/web/vite.config.ts
 * `codeSplitting.groups`) and the pages that use them (`routes/poster.tsx`, `routes/designs.tsx`,
 * `routes/article.tsx`, with their helpers such as `poster-params`; a chunk is named after its first module).
 */
const EDITOR_CHUNK = /^(poster|designs|article)(-[a-z]+)*-[\w-]{8}\.js$/;

let server: RunningServer;
let browser: Browser;

useBrowserSuite({ page: false, started: (running) => ({ server, browser } = running) });

/** One script of the page: its file name under /assets/, how it was encoded, its decoded bytes. */
interface Script {
  name: string;
  encoding: string | undefined;
  body: Buffer;
}

async function scriptOf(response: Response): Promise<Script | undefined> {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/assets/') || !url.pathname.endsWith('.js')) return undefined;
  return {
    name: path.basename(url.pathname),
    encoding: (await response.allHeaders())['content-encoding'],
    body: await response.body(),
  };
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`first load of / signed in (${lang}): compressed scripts, a quiet console, no editor chunks`, async () => {
    const { context, page, errors } = await openPage(browser, { lang });
    try {
      await signIn(page, server);
      const consoleProblems: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'warning' || message.type() === 'error')
          consoleProblems.push(`${message.type()}: ${message.text()}`);
      });
      const pending: Promise<Script | undefined>[] = [];
      page.on('response', (response) => pending.push(scriptOf(response)));

      await page.goto(`${server.baseUrl}/`);
      await page.locator('.cc-home-grid').waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `first-load-home-${lang}`);
      const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== undefined);

      assert.ok(scripts.length > 0, 'the page loaded scripts from /assets/');
      for (const script of scripts) {
        // a file the build left uncompressed is one brotli could not make smaller (apps/web/vite.config.ts)
        if (script.encoding !== 'br')
          assert.ok(
            brotliCompressSync(script.body).length >= script.body.length,
            `${script.name} came ${script.encoding ?? 'uncompressed'}, not br`,
          );
      }
      const editorChunks = scripts.map((s) => s.name).filter((name) => EDITOR_CHUNK.test(name));
      assert.deepEqual(editorChunks, [], 'the first load fetches no poster-engine or editor chunk');
      assert.deepEqual(consoleProblems, [], 'no console warning or error on the first load');
      assert.deepEqual(errors, [], 'no uncaught page error');
    } finally {
      await context.close();
    }
  });
}
