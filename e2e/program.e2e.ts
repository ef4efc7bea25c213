import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import type { ProgramDetail } from '@cc/contracts';
import type { Dialog, Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  type Author,
  callApi,
  grantPermissions,
  type RunningServer,
  shot,
  signIn,
  testJpeg,
  uploadImageAs,
  useBrowserSuite,
} from './support.js';

// Issue #10 "Programs" (spec §6): an author below grade 3 who opens /program reads why it is closed; an author
// granted grade 3 by an operator creates a program of two published works in the order chosen (added from the
// picker, reordered with the keyboard) and finds it in the list; the editor keeps a local copy across a reload.
// Screenshots at 1280 × 800 in both languages.
let server: RunningServer;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1280, height: 800 } },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

const LIMIT_MS = 180_000;
const SHOTS = '/tmp/shots';

async function snap(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/program-${name}.png` });
  await shot(page, `program-${name}`);
}

const assertAccessible = (where: string) => assertNoSeriousAxe(page, where);
const jpeg = (hue: string) => testJpeg(800, 600, hue);
const uploadImage = (bytes: Buffer) => uploadImageAs(page, server.baseUrl, bytes);

/** Publishes an article with a cover through the API; resolves to its id. */
async function publishArticle(author: Author, title: string, hue: string): Promise<number> {
  const cover = await uploadImage(await jpeg(hue));
  const env = await callApi<{ id: number; status: string }>(
    page.request,
    server.baseUrl,
    'POST',
    '/api/article/publish',
    {
      title,
      content: '<p>We drove the car for three days and measured the range, the heating and the charging.</p>',
      coverUrls: [cover.url],
      publishType: 1,
    },
    author.userId,
  );
  assert.equal(env.data?.status, 'published', `publish: ${env.message}`);
  return env.data.id;
}

/** A new author of grade 3, granted by the demo's operator (spec §6: programs need rankResult 1). */
async function gradedAuthor(mediaName?: string): Promise<Author> {
  const author = await signIn(page, server, { mediaName });
  await grantPermissions(server.baseUrl, author.account, { grade: 3 });
  return author;
}

const episodeIds = () =>
  page
    .getByTestId('program-episode')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))));

test('below grade 3 the page says why, and the menu hides it', { timeout: LIMIT_MS }, async () => {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/program?new=1`);
  await page.getByTestId('program-locked').getByText('Programs open at creator grade 3').waitFor();
  assert.equal(await page.getByTestId('program-editor').count(), 0);
  assert.equal(await page.locator('.cc-aside a[href="/program"]').count(), 0, 'no menu entry');
  await snap('locked-en-US');
  await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
  await page.reload();
  await page.getByTestId('program-locked').getByText('节目功能需要创作者等级达到 3 级').waitFor();
  await snap('locked-zh-CN');
  await assertAccessible('the locked program page (zh-CN)');
});

test(
  'a grade-3 author creates a program of two episodes in the order chosen and finds it in the list',
  { timeout: LIMIT_MS },
  async () => {
    const author = await gradedAuthor();
    const first = await publishArticle(author, 'Episode one: the city commute', '#2468f2');
    const second = await publishArticle(author, 'Episode two: range on the highway', '#13a8a8');
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.cc-aside a[href="/program"]').click();
    await page.getByText('No programs yet. Arrange your published works into a first series.').waitFor();
    await page.getByTestId('program-create').click();
    await page.waitForURL(/\/program\?new=1$/);

    const title = `Weekend test drives ${Date.now() % 10000}`;
    await page.getByTestId('program-title').fill(title);
    await page.getByTestId('program-description').fill('One car a week, driven for a whole weekend.');
    // the second episode first: the order is fixed by dragging afterwards
    await page.getByTestId('program-add-episodes').click();
    const dialog = page.getByRole('dialog', { name: 'Add episodes from your published works' });
    await dialog.getByRole('button', { name: 'Add: Episode two: range on the highway' }).click();
    await dialog.getByRole('button', { name: 'Add: Episode one: the city commute' }).click();
    await dialog.getByRole('button', { name: 'Added: Episode one: the city commute' }).waitFor();
    await dialog.getByTestId('program-picker-done').click();
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(await episodeIds(), [second, first]);

    // keyboard drag (dnd-kit's keyboard sensor): lift episode 2, move it up, drop it
    const handle = page.getByRole('button', {
      name: 'Episode 2, “Episode one: the city commute”: drag to reorder',
    });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-testid=program-episode]')]
          .map((r) => r.getAttribute('data-id'))
          .join(',') === want,
      `${first},${second}`,
    );
    await snap('editor-en-US');
    await assertAccessible('the program editor (en-US)');

    await page.getByTestId('program-save').click();
    await page.waitForURL(/\/program\?id=\d+$/);
    await page.getByText('Saved; the program passed review').waitFor();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    assert.deepEqual(await episodeIds(), [first, second], 'the saved program opens in the same order');
    const detail = await callApi<ProgramDetail>(
      page.request,
      server.baseUrl,
      'GET',
      '/api/program/detail',
      { id },
      author.userId,
    );
    assert.deepEqual(
      detail.data.episodes.map((e) => e.id),
      [first, second],
    );

    await page.getByTestId('program-back').click();
    await page.waitForURL(/\/program$/);
    const row = page.locator('tr', { hasText: title });
    await row.waitFor();
    assert.equal(await row.getByTestId('status-tag').getAttribute('data-status'), 'published');
    await snap('list-en-US');
  },
);

test('the list and the editor in Chinese', { timeout: LIMIT_MS }, async () => {
  const author = await gradedAuthor('车评小王');
  const a = await publishArticle(author, '第一期：城市通勤实测', '#2468f2');
  const b = await publishArticle(author, '第二期：高速续航实测', '#fa8c16');
  const saved = await callApi<{ id: number }>(
    page.request,
    server.baseUrl,
    'POST',
    '/api/program/save',
    { title: '周末试驾系列节目', description: '每周一台车，开满一个周末。', episodeIds: [a, b] },
    author.userId,
  );
  assert.equal(saved.status, 1, `program/save: ${saved.message}`);
  await page.goto(`${server.baseUrl}/`);
  await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
  await page.goto(`${server.baseUrl}/program`);
  await page.locator('tr', { hasText: '周末试驾系列节目' }).waitFor();
  await snap('list-zh-CN');
  await page.goto(`${server.baseUrl}/program?id=${saved.data.id}`);
  await page.getByText('剧集（2/200）').waitFor();
  assert.deepEqual(await episodeIds(), [a, b]);
  await snap('editor-zh-CN');
  await assertAccessible('the program editor (zh-CN)');
  await page.getByTestId('program-add-episodes').click();
  await page.getByRole('dialog').getByRole('button', { name: '已添加: 第一期：城市通勤实测' }).waitFor();
  await page.waitForTimeout(500); // the dialog's opening animation
  await snap('picker-zh-CN');
});

test(
  'the editor: reloading mid-typing offers the unsaved copy; Restore brings it back',
  { timeout: LIMIT_MS },
  async () => {
    await gradedAuthor();
    await page.goto(`${server.baseUrl}/program?new=1`);
    const title = 'Electric SUVs, one a week';
    await page.getByTestId('program-title').fill(title);
    await page.getByTestId('program-description').click();
    await page.keyboard.type('Range, charging and comfort.');
    await page.waitForTimeout(1_500);
    let asked = false;
    const onDialog = (d: Dialog) => {
      asked = d.type() === 'beforeunload';
      void d.accept();
    };
    page.on('dialog', onDialog);
    await page.reload();
    page.off('dialog', onDialog);
    assert.ok(asked, 'the browser asked before reloading unsaved changes');
    const prompt = page.getByTestId('local-draft-prompt');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Restore' }).click();
    await prompt.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('program-title').inputValue(), title);
    assert.equal(await page.getByTestId('program-description').inputValue(), 'Range, charging and comfort.');
  },
);
