import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, test } from 'node:test';
import { FILESERVICE_PATHS, shardCountFor } from '@cc/contracts';
import type { Page } from 'playwright-core';
import { makeTestVideo, type RunningServer, shot, signIn, useBrowserSuite } from './support.js';

// Issue #9 "uploads that survive", in real Chromium against the real server: an upload goes on while the
// author moves around the app (the header follows it), leaving the site mid-upload asks first, a reload offers
// to continue and the same file sends only the shards the server lacks, another file is refused, cancelling
// asks and says what happened. Also: the demo author's videos play (the clip shipped with the project), and a
// chosen video is readable by the page (CSP `media-src blob:`: no console error).
let server: RunningServer;
let page: Page;
let consoleErrors: string[];
let workDir: string;
/** ≈ 12 MiB: 1 MiB shards (contracts `shardSizeFor`), so a dozen of them */
let big: string;
/** another file with the same name (other bytes and size) */
let impostor: string;
let shardTotal: number;

useBrowserSuite({
  setup() {
    workDir = mkdtempSync(path.join(tmpdir(), 'cc-e2e-uploads-'));
    big = path.join(workDir, 'road-trip.mp4');
    // 10 Mbit/s, so the file's size is about seconds × 1.25 MB: many 1 MiB shards
    makeTestVideo(big, { seconds: 10, size: '1280x720', pattern: 'testsrc2', bitrate: '10M' });
    mkdirSync(path.join(workDir, 'other'));
    impostor = path.join(workDir, 'other', 'road-trip.mp4');
    makeTestVideo(impostor, { seconds: 6, size: '1280x720', bitrate: '10M' });
    const size = statSync(big).size;
    shardTotal = shardCountFor(size);
    assert.ok(shardTotal >= 8, `a multi-shard file (${size} bytes, ${shardTotal} shards)`);
  },
  teardown: () => rmSync(workDir, { recursive: true, force: true }),
  started: (running) => ({ server } = running),
  opened(opened) {
    ({ page } = opened);
    consoleErrors = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
  },
});

afterEach(() => {
  assert.deepEqual(
    consoleErrors.filter((e) => /Content Security Policy/i.test(e)),
    [],
    'no CSP refusal (media-src blob:)',
  );
});

/**
 * Paces the page's shard requests: one goes to the server every `ms` (held in Playwright's router), so an
 * upload takes a while and there is time to act. (DevTools upload throttling does not slow XHR uploads.)
 */
async function paceShards(ms: number): Promise<void> {
  let turn = Promise.resolve();
  await page.route(`**${FILESERVICE_PATHS.moreShard}**`, async (route) => {
    const mine = turn.then(() => new Promise<void>((r) => setTimeout(r, ms)));
    turn = mine;
    await mine;
    await route.continue().catch(() => undefined); // the page may have gone (reload) meanwhile
  });
}

/** Counts the shard requests the page sends from now on. */
function countShards(): { readonly sent: number } {
  const counter = { sent: 0 };
  page.on('request', (r) => {
    if (r.url().includes(FILESERVICE_PATHS.moreShard)) counter.sent++;
  });
  return counter;
}

async function percentOf(testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-percent'));
}

async function waitForPercent(testId: string, atLeast: number): Promise<void> {
  await page.waitForFunction(
    ([id, min]) =>
      Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-percent')) >= min,
    [testId, atLeast] as const,
    { timeout: 60_000 },
  );
}

async function openPublishPage(): Promise<void> {
  await page.goto(`${server.baseUrl}/videos/video`);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="upload-area"]')?.hasAttribute('aria-disabled'),
  );
  // A real click first: browsers show the leave prompt only on a page the user has interacted with.
  await page.getByTestId('video-title').click();
}

test('the upload goes on while the author moves around the app; the header shows it and leads back', async () => {
  await signIn(page, server);
  await openPublishPage();
  await paceShards(1000);
  const shards = countShards();
  await page.getByTestId('video-file-input').setInputFiles(big);
  await waitForPercent('upload-progress', 5);
  // Leave for the home page through the app (the logo): the page that started the upload is gone.
  await page.locator('a.cc-brand').click();
  await page.waitForURL(`${server.baseUrl}/`);
  const indicator = page.getByTestId('upload-indicator');
  await indicator.waitFor();
  assert.equal(await indicator.getAttribute('data-status'), 'uploading');
  const first = await percentOf('upload-indicator');
  assert.match(await indicator.innerText(), /road-trip\.mp4\s*\d+% · [\d.]+ [KM]B\/s · [\d:-]+ left/);
  await shot(page, 'uploads-01-indicator-en');
  await waitForPercent('upload-indicator', first + 10);
  // The language switch and another page of the app on the way: the upload does not care.
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: '简体中文' }).click();
  await page.locator('.cc-aside a[href="/videos"]').click();
  await page.waitForURL(`${server.baseUrl}/videos`);
  await page.getByText('还没有视频').waitFor();
  assert.match(await indicator.innerText(), /road-trip\.mp4\s*\d+% · [\d.]+ [KM]B\/s · 剩余 [\d:-]+/);
  await shot(page, 'uploads-02-indicator-zh');
  // It finishes, merges and is probed while the author is elsewhere; the header says so.
  await page.locator('[data-testid="upload-indicator"][data-status="ready"]').waitFor({ timeout: 120_000 });
  assert.equal(shards.sent, shardTotal, 'every shard sent once');
  await indicator.click();
  await page.waitForURL(`${server.baseUrl}/videos/video`);
  await page.locator('[data-testid="upload-state"][data-state="ready"]').waitFor();
  assert.match(await page.getByTestId('upload-state').innerText(), /视频已就绪 · 00:10 · 1280×720/);
  await indicator.waitFor({ state: 'detached' });
});

test('leaving mid-upload asks first; after a reload the same file goes on where it stopped, another is refused', async () => {
  await signIn(page, server);
  await openPublishPage();
  await paceShards(800);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  let stored = 0;
  page.on('response', (r) => {
    if (r.url().includes(FILESERVICE_PATHS.moreShard) && r.status() === 200) stored++;
  });
  await page.getByTestId('video-file-input').setInputFiles(big);
  for (let i = 0; i < 600 && stored < 3; i++) await page.waitForTimeout(100);
  const held = stored;
  assert.ok(held >= 3 && held < shardTotal, `the server holds some shards (${held})`);
  await page.reload();
  assert.deepEqual(dialogs, ['beforeunload'], 'reloading mid-upload asked first');

  const prompt = page.getByTestId('upload-resume');
  await prompt.waitFor();
  assert.match(await prompt.innerText(), /An upload did not finish: road-trip\.mp4/);
  await page.waitForFunction(() =>
    /The server keeps \d+% of it \(\d+ of \d+ shards\)/.test(
      document.querySelector('[data-testid="upload-resume"]')?.textContent ?? '',
    ),
  );
  assert.equal(
    await page.getByTestId('upload-area').getAttribute('aria-label'),
    'Choose road-trip.mp4 again to continue',
  );
  // The header tells it on every page too.
  assert.equal(await page.getByTestId('upload-indicator').count(), 0, 'not repeated on its own page');
  await shot(page, 'uploads-03-resume-en');
  await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
  await page.reload();
  await prompt.waitFor();
  assert.match(await prompt.innerText(), /上次的上传没有完成：road-trip\.mp4/);
  await page.waitForFunction(() =>
    /服务器已保存 \d+%/.test(document.querySelector('[data-testid="upload-resume"]')?.textContent ?? ''),
  );
  await shot(page, 'uploads-04-resume-zh');
  assert.deepEqual(dialogs, ['beforeunload'], 'nothing was uploading: no second prompt');

  // Another file of the same name is refused before anything is sent.
  const shards = countShards();
  await page.getByTestId('video-file-input').setInputFiles(impostor);
  const refusal = page.getByTestId('upload-error');
  await refusal.waitFor();
  assert.match(await refusal.innerText(), /这不是「road-trip\.mp4」/);
  await shot(page, 'uploads-05-different-file-zh');
  assert.equal(shards.sent, 0);
  // The same file: only the shards the server lacks.
  await page.getByTestId('video-file-input').setInputFiles(big);
  await page.locator('[data-testid="upload-state"][data-state="ready"]').waitFor({ timeout: 120_000 });
  assert.ok(
    shards.sent > 0 && shards.sent <= shardTotal - held,
    `resumed: ${shards.sent} shards sent of ${shardTotal}, the server held at least ${held}`,
  );
  assert.equal(await prompt.count(), 0);
});

test('cancelling asks first, then says the part uploaded was deleted; nothing is offered after a reload', async () => {
  await signIn(page, server);
  await openPublishPage();
  await paceShards(1000);
  await page.getByTestId('video-file-input').setInputFiles(big);
  await waitForPercent('upload-progress', 5);
  await page.getByTestId('upload-cancel').click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Cancel the upload of “road-trip\.mp4”\?/);
  await shot(page, 'uploads-06-cancel-confirm-en');
  // "Keep uploading" keeps it
  await dialog.getByRole('button', { name: 'Keep uploading' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('upload-progress').count(), 1);
  await page.getByTestId('upload-cancel').click();
  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await page.getByText('Upload cancelled; the part already uploaded was deleted from the server').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await shot(page, 'uploads-07-cancelled-en');
  assert.equal(await page.getByTestId('upload-progress').count(), 0);
  await page.reload();
  await page.getByTestId('upload-area').waitFor();
  assert.equal(await page.getByTestId('upload-resume').count(), 0);
});

test('the short-video page refuses a horizontal video when it is chosen, reading it through a blob: URL', async () => {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/smallVideo/indexv`);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="upload-area"]')?.hasAttribute('aria-disabled'),
  );
  const shards = countShards();
  await page.getByTestId('video-file-input').setInputFiles(big);
  const error = page.getByTestId('upload-error');
  await error.waitFor();
  assert.match(await error.innerText(), /A short video must be vertical \(taller than wide\)/);
  await page.waitForTimeout(500);
  assert.equal(shards.sent, 0, 'nothing uploaded');
  await shot(page, 'uploads-08-small-video-refused-en');
});

test('the demo author’s videos play: the clip shipped with the project, no upload needed', async () => {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Account').fill('demo');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  await page.goto(`${server.baseUrl}/videos`);
  const dots = page.getByRole('link', { name: /Dots/ }).first();
  await dots.click();
  await page.waitForURL(/\/videodot\?id=\d+$/);
  const player = page.getByTestId('dot-player');
  await page.waitForFunction(
    () => (document.querySelector<HTMLVideoElement>('[data-testid="dot-player"]')?.readyState ?? 0) >= 2,
    undefined,
    { timeout: 30_000 },
  );
  assert.equal(await player.evaluate((v: HTMLVideoElement) => Math.round(v.duration)), 10);
  assert.deepEqual(await player.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]), [640, 360]);
  await shot(page, 'uploads-09-demo-video-en');
});
