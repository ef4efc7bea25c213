import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import type { SaveLiveResult } from '@cc/contracts';
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  type Author,
  callApi,
  type RunningServer,
  shot,
  signIn,
  testJpeg,
  uploadImageAs,
  useBrowserSuite,
} from './support.js';

// Issue #10 "Live shows": an author schedules a live show, sees the push address and the stream key, goes live,
// ends it and finds it ended in the list; the editor keeps a local copy across a reload. Every test has its own
// browser context and its own new author. Screenshots at 1280 × 800 in both languages.
let server: RunningServer;
let context: BrowserContext;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1280, height: 800 } },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ context, page } = opened),
});

/** Longest one test may take, milliseconds: a hang must not hold the shared e2e lock. */
const LIMIT_MS = 180_000;
const SHOTS = '/tmp/shots';

/** The viewport screenshot looked at by people (/tmp/shots) and the full-page artifact (e2e/screenshots). */
async function snap(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/live-${name}.png` });
  await shot(page, `live-${name}`);
}

const assertAccessible = (where: string) => assertNoSeriousAxe(page, where);
const jpeg = testJpeg;
const uploadImage = (bytes: Buffer) => uploadImageAs(page, server.baseUrl, bytes);

/** Schedules a show through the API (`live/save`) as `author`; resolves to its answer. */
async function scheduleThroughApi(author: Author, title: string, daysAhead: number): Promise<SaveLiveResult> {
  const cover = await uploadImage(await jpeg(1280, 720, '#2468f2'));
  const env = await callApi<SaveLiveResult>(
    page.request,
    server.baseUrl,
    'POST',
    '/api/live/save',
    {
      title,
      coverUrl: cover.url,
      startAt: new Date(Date.now() + daysAhead * 86_400_000).toISOString(),
      description: '新车静态体验与工程师问答',
    },
    author.userId,
  );
  assert.equal(env.status, 1, `live/save: ${env.message}`);
  return env.data;
}

/** Reloads a page with unsaved changes: the browser asks first (`beforeunload`), the test accepts. */
async function reloadAccepting(): Promise<boolean> {
  let asked = false;
  const onDialog = (d: Dialog) => {
    asked = d.type() === 'beforeunload';
    void d.accept();
  };
  page.on('dialog', onDialog);
  await page.reload();
  page.off('dialog', onDialog);
  return asked;
}

/** The start-time picker: types `YYYY-MM-DD HH:mm` tomorrow (local time) and confirms it. */
async function pickStartTomorrow(): Promise<string> {
  const at = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} 20:00`;
  const input = page.locator('#live-start-at');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await page.getByTestId('live-title').click();
  await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
  assert.equal(await input.inputValue(), text);
  return text;
}

/** Clicks a Popconfirm's own button (the one inside the open popover). */
async function confirmPopover(name: string): Promise<void> {
  const pop = page.locator('.ant-popover:not(.ant-popover-hidden)');
  await pop.getByRole('button', { name }).click();
  await pop.waitFor({ state: 'hidden' });
}

test(
  'schedule a live show, see the push address and the key, go live, end, and find it ended in the list',
  { timeout: LIMIT_MS },
  async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await signIn(page, server);
    await page.goto(`${server.baseUrl}/liveShow`);
    await page.getByText('No live shows yet. Schedule your first one.').waitFor();
    await page.getByTestId('live-schedule').click();
    await page.waitForURL(/\/liveShow\?new=1$/);

    const title = `New EV launch night ${Date.now() % 10000}`;
    await page.getByTestId('live-title').fill(title);
    const chooser = page.waitForEvent('filechooser');
    await page.locator('[data-testid=live-editor] .cc-upload-area .ant-upload').first().click();
    await (
      await chooser
    ).setFiles({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg(1600, 1000, '#1f3b73'),
    });
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Crop and upload' }).click();
    await page.getByTestId('live-cover').waitFor();
    await pickStartTomorrow();
    await page
      .getByTestId('live-description')
      .fill('A walk round the new car, then questions for the engineers.');
    await snap('editor-en-US');

    await page.getByTestId('live-save').click();
    await page.waitForURL(/\/liveShow\?id=\d+$/);
    await page.getByText('Saved; the live show passed review').waitFor();
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // the push address and the key, copied as shown
    const pushUrl = page.getByTestId('live-push-url');
    assert.equal((await pushUrl.innerText()).trim(), 'rtmp://127.0.0.1/live');
    const key = page.getByTestId('live-stream-key');
    assert.match(await key.innerText(), /^•{24}/, 'the key is hidden until asked for');
    await page.getByTestId('live-key-toggle').click();
    const keyText = (await key.innerText()).trim();
    assert.match(keyText, /^[A-Za-z0-9_-]{24}$/);
    await key.getByRole('button', { name: 'Copy' }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), keyText);
    await snap('room-upcoming-en-US');
    await assertAccessible('a live show (upcoming, en-US)');

    // a new key replaces the old one
    await page.getByTestId('live-reset-key').click();
    await confirmPopover('Reset key');
    await page.getByText('Stream key reset').waitFor();
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid=live-stream-key]')?.textContent?.trim() !== old,
      keyText,
    );

    // upcoming → live → ended
    await page.getByTestId('live-go').click();
    await confirmPopover('Go live');
    await page.locator('[data-testid=live-state-card] [data-testid=live-state][data-state=live]').waitFor();
    await snap('room-live-en-US');
    await page.getByTestId('live-end').click();
    await confirmPopover('End show');
    await page.locator('[data-testid=live-state-card] [data-testid=live-state][data-state=ended]').waitFor();
    assert.equal(await page.getByTestId('live-stream').count(), 0, 'no stream settings once ended');
    assert.equal(await page.getByTestId('live-editor').count(), 0, 'no editor once ended');
    await snap('room-ended-en-US');

    await page.getByTestId('live-back').click();
    await page.waitForURL(/\/liveShow$/);
    const row = page.locator('tr', { hasText: title });
    await row.waitFor();
    assert.equal(await row.getByTestId('live-state').getAttribute('data-state'), 'ended');
    assert.equal(await row.getByTestId('status-tag').getAttribute('data-status'), 'published');
    assert.equal(
      await row.getByRole('link', { name: `Manage: ${title}` }).getAttribute('href'),
      `/liveShow?id=${id}`,
    );
    await snap('list-en-US');
  },
);

test('the list, a show and the editor in Chinese', { timeout: LIMIT_MS }, async () => {
  const author = await signIn(page, server, { mediaName: '车评小王' });
  const upcoming = await scheduleThroughApi(author, '新车发布会直播预告', 2);
  const live = await scheduleThroughApi(author, '周末赛道日现场直播', 1);
  const state = await callApi(
    page.request,
    server.baseUrl,
    'POST',
    '/api/live/state',
    { id: live.id, state: 'live' },
    author.userId,
  );
  assert.equal(state.status, 1, `live/state: ${state.message}`);
  await page.goto(`${server.baseUrl}/`);
  await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
  await page.goto(`${server.baseUrl}/liveShow`);
  await page.locator('tr', { hasText: '新车发布会直播预告' }).getByText('未开始').waitFor();
  await page.locator('tr', { hasText: '周末赛道日现场直播' }).getByText('直播中').waitFor();
  await snap('list-zh-CN');
  await assertAccessible('the live list (zh-CN)');
  await page.goto(`${server.baseUrl}/liveShow?id=${upcoming.id}`);
  await page.getByText('推流设置').waitFor();
  await page.getByTestId('live-key-toggle').click();
  assert.equal((await page.getByTestId('live-stream-key').innerText()).trim(), upcoming.streamKey);
  await snap('room-upcoming-zh-CN');
  await assertAccessible('a live show (zh-CN)');
  await page.goto(`${server.baseUrl}/liveShow?new=1`);
  await page.getByTestId('live-save').click();
  await page.getByText('请上传直播封面').waitFor();
  await page.getByText('请选择开播时间').waitFor();
  await snap('editor-errors-zh-CN');
});

test(
  'the editor: reloading mid-typing offers the unsaved copy; Restore brings it back',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await page.goto(`${server.baseUrl}/liveShow?new=1`);
    const title = 'Track day live from the circuit';
    await page.getByTestId('live-title').fill(title);
    await page.getByTestId('live-description').click();
    await page.keyboard.type('Hot laps and a chat with the pit crew.');
    await page.waitForTimeout(1_500); // the debounced local write (about 1 s)
    assert.ok(await reloadAccepting(), 'the browser asked before reloading unsaved changes');
    const prompt = page.getByTestId('local-draft-prompt');
    await prompt.waitFor();
    assert.equal(await page.getByTestId('live-title').inputValue(), '', 'nothing restored before asked');
    await snap('draft-prompt-en-US');
    await prompt.getByRole('button', { name: 'Restore' }).click();
    await prompt.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('live-title').inputValue(), title);
    assert.equal(
      await page.getByTestId('live-description').inputValue(),
      'Hot laps and a chat with the pit crew.',
    );
  },
);
