import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import { type RunningServer, shot, signIn, useBrowserSuite } from './support.js';

// Issue #9 "Drafts and uploads that survive": the editors keep a local copy as the author types, offer it
// back after a reload or a crash, ask before leaving with unsaved changes, and stop offering it once saved.
// Every test has its own browser context (own localStorage) and its own new author.
let server: RunningServer;
let context: BrowserContext;
let page: Page;
let errors: string[];

useBrowserSuite({
  page: { viewport: { width: 1440, height: 1000 }, acceptDownloads: true },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ context, page, errors } = opened),
});

/** Longest one test may take, milliseconds: a hang must not hold the shared e2e lock. */
const LIMIT_MS = 180_000;

const TITLE = 'Winter range test of an electric SUV';
const BODY = 'We drove for three days at minus ten degrees; the range dropped by a quarter.';

/** Types a title and a body into the open article editor (keyboard input, as an author does). */
async function typeArticle(title = TITLE, body = BODY) {
  await page.getByTestId('article-title').fill(title);
  await page.getByRole('textbox', { name: /^(Body|正文)$/ }).click();
  await page.keyboard.type(body);
}

/**
 * Reloads a page with unsaved changes: the browser asks first (`beforeunload`), the test accepts.
 * @returns whether the browser asked
 */
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

const prompt = () => page.getByTestId('local-draft-prompt');
const bodyText = () => page.locator('.cc-editor .ProseMirror').innerText();

async function openArticleEditor() {
  await page.goto(`${server.baseUrl}/article`);
  await page.getByTestId('article-title').waitFor();
}

test(
  'article: reloading within 2 s offers the unsaved copy; Restore brings it back exactly',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await openArticleEditor();
    await typeArticle();
    // straight after the last keystroke, well inside the 1 s write delay and the 30 s server autosave
    assert.ok(await reloadAccepting(), 'the browser asked before reloading unsaved changes');
    await prompt().waitFor();
    assert.match(await prompt().innerText(), /Restore the unsaved copy from \d\d:\d\d\?/);
    assert.equal(await page.getByTestId('article-title').inputValue(), '', 'nothing restored before asked');
    await shot(page, 'drafts-01-article-prompt-en');
    await prompt().getByRole('button', { name: 'Restore' }).click();
    await prompt().waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('article-title').inputValue(), TITLE);
    assert.equal((await bodyText()).trim(), BODY);
    // the restored text is unsaved work: it is kept again, so a second reload still offers it
    assert.ok(await reloadAccepting());
    await prompt().waitFor();
  },
);

test('article: Discard forgets the copy', { timeout: LIMIT_MS }, async () => {
  await signIn(page, server);
  await openArticleEditor();
  await typeArticle();
  await reloadAccepting();
  await prompt().getByRole('button', { name: 'Discard' }).click();
  await prompt().waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('article-title').inputValue(), '');
  await page.reload(); // clean editor: no question, and no copy left to offer
  await page.getByTestId('article-title').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await prompt().count(), 0);
});

test(
  'article: a crash after the copy was written (no unload at all) still offers it',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await openArticleEditor();
    await typeArticle();
    await page.waitForTimeout(1_600); // the debounced write (about 1 s)
    const cdp = await context.newCDPSession(page);
    // The renderer dies (no pagehide, no beforeunload); the call itself never answers, so it is not awaited.
    const crashed = page.waitForEvent('crash');
    cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    const next = await context.newPage();
    next.on('pageerror', (e) => errors.push(e.message));
    await next.goto(`${server.baseUrl}/article`);
    await next.getByTestId('local-draft-prompt').getByRole('button', { name: 'Restore' }).click();
    assert.equal(await next.getByTestId('article-title').inputValue(), TITLE);
    assert.equal((await next.locator('.cc-editor .ProseMirror').innerText()).trim(), BODY);
  },
);

test(
  'article: leaving in-app with unsaved changes asks first (Stay stays, Leave leaves)',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await openArticleEditor();
    await typeArticle();
    await page.locator('a.cc-brand').click();
    // the confirm is named by its question (antd labels the dialog with its title)
    const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
    await dialog.waitFor();
    await shot(page, 'drafts-02-leave-en');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.match(page.url(), /\/article$/);
    assert.equal(await page.getByTestId('article-title').inputValue(), TITLE);
    await page.locator('a.cc-brand').click();
    await page
      .getByRole('dialog', { name: 'Leave this page?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await page.waitForURL(`${server.baseUrl}/`);
    // the copy stayed on this device: opening the editor again offers it
    await openArticleEditor();
    await prompt().waitFor();
  },
);

test(
  'article: after a successful save a reload neither asks nor offers a copy',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await openArticleEditor();
    await typeArticle();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/article\?id=\d+$/);
    await page
      .getByTestId('save-status')
      .getByText(/^Saved /)
      .waitFor();
    assert.equal(await reloadAccepting(), false, 'a saved article reloads without asking');
    await page.getByTestId('article-title').waitFor();
    assert.equal(await page.getByTestId('article-title').inputValue(), TITLE);
    await page.waitForTimeout(500);
    assert.equal(await prompt().count(), 0);
    // an edit of the saved article is kept under its id and offered over the server's version
    await page.getByTestId('article-title').fill(`${TITLE} (edited)`);
    await reloadAccepting();
    await prompt().getByRole('button', { name: 'Restore' }).click();
    assert.equal(await page.getByTestId('article-title').inputValue(), `${TITLE} (edited)`);
  },
);

test('article: the prompt and the leave question in Chinese', { timeout: LIMIT_MS }, async () => {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/`);
  await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
  await openArticleEditor();
  await typeArticle('冬季电动车续航测试报告', '我们在零下十度连续驾驶了三天，续航下降了四分之一。');
  await reloadAccepting();
  await prompt().waitFor();
  assert.match(await prompt().innerText(), /发现 \d\d:\d\d 未保存的修改，是否恢复？/);
  await shot(page, 'drafts-03-article-prompt-zh');
  await prompt()
    .getByRole('button', { name: /恢\s?复/ })
    .click();
  await page.locator('a.cc-brand').click();
  await page.getByRole('dialog', { name: '确定离开此页面？' }).waitFor();
  await shot(page, 'drafts-04-leave-zh');
});

/** Exports the open design as JSON (the top bar's export menu) and returns its texts. */
async function designTexts(): Promise<string[]> {
  await page.getByTestId('export-button').hover();
  const item = page.getByRole('menuitem', { name: 'JSON', exact: true });
  await item.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  const file = path.join(tmpdir(), `cc-e2e-drafts-${Date.now()}.json`);
  await download.saveAs(file);
  const doc = JSON.parse(await readFile(file, 'utf8')) as { objects: { text?: string }[] };
  return doc.objects.flatMap((o) => (typeof o.text === 'string' ? [o.text] : []));
}

test(
  'poster: a changed text layer survives a reload; Restore brings it back',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    // Keep the server from saving, so only the local copy can bring the change back.
    await page.route('**/api/design/save', (route) => route.abort());
    await page.goto(`${server.baseUrl}/poster?size=xhsV`);
    await page.locator('.cc-stage-loading').waitFor({ state: 'detached' });
    await page.locator('.cc-rail button[data-panel="elements"]').click();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.locator('[data-testid="layer-list"] li').first().waitFor();
    // edit the heading's text on the canvas: it is placed at the design's centre
    const canvas = page.locator('[data-testid="canvas-host"] canvas').last();
    const box = (await canvas.boundingBox())!;
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Spring launch event');
    await page.keyboard.press('Escape');
    assert.deepEqual(await designTexts(), ['Spring launch event']);
    assert.ok(await reloadAccepting(), 'the browser asked before reloading an unsaved design');
    await page.locator('.cc-stage-loading').waitFor({ state: 'detached' });
    await prompt().waitFor();
    assert.equal(await page.locator('[data-testid="layer-list"] li').count(), 0);
    await shot(page, 'drafts-05-poster-prompt-en');
    await prompt().getByRole('button', { name: 'Restore' }).click();
    await page.locator('[data-testid="layer-list"] li').first().waitFor();
    assert.deepEqual(await designTexts(), ['Spring launch event']);
  },
);

test('poster: the prompt in Chinese', { timeout: LIMIT_MS }, async () => {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/`);
  await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
  await page.route('**/api/design/save', (route) => route.abort());
  await page.goto(`${server.baseUrl}/poster?size=xhsV`);
  await page.locator('.cc-stage-loading').waitFor({ state: 'detached' });
  await page.locator('.cc-rail button[data-panel="elements"]').click();
  await page.getByRole('button', { name: '大标题', exact: true }).click();
  await page.locator('[data-testid="layer-list"] li').first().waitFor();
  await reloadAccepting();
  await page.locator('.cc-stage-loading').waitFor({ state: 'detached' });
  await prompt().waitFor();
  assert.match(await prompt().innerText(), /发现 \d\d:\d\d 未保存的修改，是否恢复？/);
  await shot(page, 'drafts-06-poster-prompt-zh');
});
