import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  callApi,
  type RunningServer,
  screenshotDir,
  shot,
  signIn,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #11 "Rule centre" in real Chromium against the real server and the rules of apps/server/rules/: search in
// Chinese (segmented by jieba on the server) and in English, open a hit and land on its section; a deep link
// (`…/publish?rule=publish-titles#length`) opened directly scrolls to its section and marks it; the version history
// shows; refusals elsewhere (a too-short title in the article editor, dynamics not open to the author, a rejected
// work in the management view) link to the rule they apply, at the right section. Screenshots of the rule centre
// with search results and of a rule page in both languages (e2e/screenshots/rules-*.png).
let server: RunningServer;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1440, height: 900 }, lang: 'zh-CN' },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

/** Longest one test may take, milliseconds: a hang must not hold the shared e2e lock. */
const LIMIT_MS = 180_000;
const CENTRE = '/authoringService/ruleCenter';

/** The visible part of the window (not the whole page): what the author sees after a deep link. */
async function shotViewport(name: string): Promise<void> {
  await page.screenshot({ path: `${screenshotDir}/${name}.png` });
}

/**
 * Waits until the section `id` of the rule shown is in view below the sticky header, marked as the target, and
 * the URL names it.
 */
async function assertSectionInView(id: string): Promise<void> {
  await page.waitForURL((url) => url.hash === `#${id}`);
  await page.waitForFunction(
    (elementId) => {
      const el = document.getElementById(elementId);
      if (!el || !el.classList.contains('cc-rule-target')) return false;
      const box = el.getBoundingClientRect();
      // below the 60 px sticky header, and entirely on screen
      return box.top >= 56 && box.bottom <= window.innerHeight;
    },
    `user-content-${id}`,
    { timeout: 15_000 },
  );
}

/** Searches from the rule centre's box (Enter), and waits for the results of `q`. */
async function search(q: string): Promise<void> {
  const box = page.getByRole('searchbox');
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
  // the heading names the query once its answer is in
  await page.locator('#cc-rule-hits-title').filter({ hasText: q }).waitFor();
}

test(
  'search in Chinese: hits with the words marked; a hit opens its section; the rule shows its history',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await page.goto(`${server.baseUrl}${CENTRE}`);
    await page.getByTestId('rule-category-publish').waitFor();
    assert.ok((await page.getByTestId('rule-line').count()) >= 6, 'the publishing rules are listed');
    await page.getByTestId('rule-category-publish').getByRole('link', { name: '标题规范' }).waitFor();
    await shot(page, 'rules-index-zh-CN');
    await assertNoSeriousAxe(page, 'the rule centre (zh-CN)');

    await search('联系方式');
    const contact = page.getByTestId('rule-search-hit').filter({ hasText: '广告' }).first();
    await contact.waitFor();
    assert.match((await contact.getAttribute('href')) ?? '', /rule=publish-advertising#/);

    await search('标题');
    const hits = page.getByTestId('rule-search-hit');
    assert.ok((await hits.count()) >= 2, 'several sections mention titles');
    const marks = await page.getByTestId('rule-search-results').locator('mark').allInnerTexts();
    assert.ok(marks.length > 0 && marks.every((m) => m === '标题'), `marked: ${marks.join(',')}`);
    await shot(page, 'rules-search-zh-CN');
    await assertNoSeriousAxe(page, 'search results (zh-CN)');

    const lengthHit = page.locator(`a[data-testid="rule-search-hit"][href$="rule=publish-titles#length"]`);
    await lengthHit.click();
    await page.waitForURL(`${server.baseUrl}${CENTRE}/publish?rule=publish-titles#length`);
    await assertSectionInView('length');
    assert.equal(await page.getByTestId('rule-title').innerText(), '标题规范');
    await shotViewport('rules-deep-link-zh-CN');

    // the version history: each version, its date and its changes
    const history = page.getByTestId('rule-history-entry');
    assert.ok((await history.count()) >= 2);
    assert.match(await history.first().innerText(), /第 2 版 · 2026-09-01 起生效/);
    await page.getByRole('navigation', { name: '本页目录' }).getByRole('link', { name: '版本历史' }).click();
    await page.waitForURL((url) => url.hash === '#version-history');
    await page.getByRole('heading', { name: '版本历史' }).waitFor();
    await page.waitForFunction(() => {
      const box = document.getElementById('cc-rule-history-title')?.getBoundingClientRect();
      return box !== undefined && box.top >= 56 && box.bottom <= window.innerHeight;
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'rules-page-zh-CN');
    await assertNoSeriousAxe(page, 'a rule page (zh-CN)');
  },
);

test(
  'search in English; a deep link opened directly lands on its section',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await page.goto(`${server.baseUrl}${CENTRE}`);
    await useStoredLanguage(page, 'en-US');
    await page
      .getByTestId('rule-category-publish')
      .getByRole('heading', { name: 'Publishing rules' })
      .waitFor();

    await search('contact details');
    const contact = page.locator(
      `a[data-testid="rule-search-hit"][href*="rule=publish-advertising#contact"]`,
    );
    await contact.first().waitFor();
    await search('title');
    assert.ok((await page.getByTestId('rule-search-hit').count()) >= 2);
    const marks = await page.getByTestId('rule-search-results').locator('mark').allInnerTexts();
    assert.ok(marks.length > 0 && marks.every((m) => /^titles?$/i.test(m)), `marked: ${marks.join(',')}`);
    await shot(page, 'rules-search-en-US');
    await assertNoSeriousAxe(page, 'search results (en-US)');
    await page.locator(`a[data-testid="rule-search-hit"][href$="rule=publish-titles#length"]`).click();
    await assertSectionInView('length');
    assert.equal(await page.getByTestId('rule-title').innerText(), 'Titles');

    // a deep link typed or pasted (a fresh load of another path): the section once the rule is loaded
    await page.goto(`${server.baseUrl}${CENTRE}`);
    await page.getByTestId('rule-category-publish').waitFor();
    await page.goto(`${server.baseUrl}${CENTRE}/publish?rule=publish-titles#symbols`);
    await assertSectionInView('symbols');
    await shotViewport('rules-deep-link-en-US');
    await page.goto(`${server.baseUrl}${CENTRE}/recommend`);
    await page.getByTestId('rule-view').waitFor();
    await page.goto(`${server.baseUrl}${CENTRE}/publish?rule=publish-titles#length`);
    await assertSectionInView('length');
    assert.match(
      await page.getByTestId('rule-history-entry').first().innerText(),
      /Version 2 · in effect since/,
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'rules-page-en-US');
    await assertNoSeriousAxe(page, 'a rule page (en-US)');
    await page.goto(`${server.baseUrl}${CENTRE}`);
    await page.getByTestId('rule-category-publish').waitFor();
    await shot(page, 'rules-index-en-US');
  },
);

test(
  'refusals link to the rule they apply: a too-short title, dynamics not open, a rejected work',
  { timeout: LIMIT_MS },
  async () => {
    const author = await signIn(page, server);

    // the article editor: the title rule under the field, with its link
    await page.goto(`${server.baseUrl}/article`);
    const title = page.getByTestId('article-title');
    await title.waitFor();
    await title.fill('短标题');
    await page.getByRole('button', { name: /(^|\s)发\s*布$/ }).click();
    const titleItem = page.locator('.ant-form-item').filter({ has: title });
    const link = titleItem.getByTestId('rule-link');
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `${CENTRE}/publish?rule=publish-titles#length`);
    await shotViewport('rules-refusal-editor-zh-CN');
    await link.click();
    // the unsaved article: the editor asks before leaving (its copy stays on this device)
    await page.getByRole('button', { name: /^离\s*开$/ }).click();
    await page.waitForURL(`${server.baseUrl}${CENTRE}/publish?rule=publish-titles#length`);
    await assertSectionInView('length');

    // an author without dynamics (spec §6 dynamicShow 0): "not available", and why
    await page.goto(`${server.baseUrl}/dynamic/dynamic`);
    const unavailable = page.getByTestId('dynamic-unavailable');
    await unavailable.waitFor();
    await unavailable.getByTestId('rule-link').click();
    await page.waitForURL(`${server.baseUrl}${CENTRE}/publish?rule=publish-works#dynamics`);
    await assertSectionInView('dynamics');

    // a work the review rejected: the reason beside Edit links to the rule the review applied
    const env = await callApi<{ id: number; status: string }>(
      page.request,
      server.baseUrl,
      'POST',
      '/api/article/publish',
      {
        title: `周末自驾去郊外玩 ${Date.now() % 100000}`,
        content: '<p>路边有人拉着我们去赌博，千万不要上当。</p>',
        coverUrls: ['/media/img/0x0/demo/cover-1.jpg'],
        publishType: 1,
      },
      author.userId,
    );
    assert.equal(env.status, 1, env.message);
    assert.equal(env.data.status, 'rejected');
    await page.goto(`${server.baseUrl}/detailManage?status=rejected`);
    const reason = page.getByTestId('reject-reason').first();
    await reason.waitFor();
    const rejected = reason.getByTestId('rule-link');
    assert.equal(
      await rejected.getAttribute('href'),
      `${CENTRE}/publish?rule=publish-prohibited#prohibited-words`,
    );
    await shotViewport('rules-refusal-list-zh-CN');
    await assertNoSeriousAxe(page, 'a rejected work with its rule link');
    await rejected.click();
    await assertSectionInView('prohibited-words');
  },
);
