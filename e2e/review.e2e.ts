import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  callApi,
  openPage,
  type RunningServer,
  shot,
  signIn,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #10 "Review", "One management view", "Scheduling for every type", in real Chromium against the real
// server (embedded default, demo seeded with its operator): a held article waits in the operators' queue and
// an operator approves it; the author's management view counts per status and deletes in bulk; an article is
// scheduled from its editor. Screenshots of the operator page and the management view in both languages.
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

useBrowserSuite({
  started: (running) => ({ server, browser } = running),
  opened: (opened) => ({ context, page } = opened),
});

// one of the demo covers written at start (db/demo-covers.ts): a real image in the screenshots
const COVER = '/media/img/0x0/demo/cover-1.jpg';
const BODY = '<p>新车到店实拍，想看实车的朋友加 微 信预约，周末可以来店试驾。</p>';

async function publishArticle(
  userId: number,
  param: Record<string, unknown>,
): Promise<{ id: number; status: string }> {
  const env = await callApi<{ id: number; status: string }>(
    page.request,
    server.baseUrl,
    'POST',
    '/api/article/publish',
    { content: '<p>这是一段正文，长度足够十个字。</p>', coverUrls: [COVER], publishType: 1, ...param },
    userId,
  );
  assert.equal(env.status, 1, env.message);
  return env.data;
}

const useLanguage = useStoredLanguage;

test('a held article waits for an operator, who approves it; the author then finds it published', async () => {
  const author = await signIn(page, server);
  const title = `新车到店实拍 ${Date.now() % 100000}`;
  const held = await publishArticle(author.userId, { title, content: BODY });
  assert.equal(held.status, 'reviewing');

  // the operator signs in through the login form and reaches the queue from home
  const ops = await openPage(browser);
  try {
    await ops.page.goto(`${server.baseUrl}/login`);
    await useLanguage(ops.page, 'en-US');
    await ops.page.getByLabel('Account').fill('operator');
    await ops.page.getByLabel('Password').fill('operator-password');
    await ops.page.getByRole('button', { name: 'Sign in' }).click();
    await ops.page.getByTestId('ops-link').click();
    await ops.page.waitForURL(/\/ops\/review/);
    const row = ops.page.locator('tr', { hasText: title });
    await row.waitFor();
    assert.match(await row.getByTestId('hold-reason').innerText(), /加微信.*off-platform contact details/);
    await shot(ops.page, 'review-ops-en-US');
    await useLanguage(ops.page, 'zh-CN');
    await ops.page.locator('tr', { hasText: title }).waitFor();
    await shot(ops.page, 'review-ops-zh-CN');
    await ops.page.locator('tr', { hasText: title }).getByTestId('approve').click();
    await ops.page.locator('tr', { hasText: title }).waitFor({ state: 'detached' });
  } finally {
    await ops.context.close();
  }

  await page.goto(`${server.baseUrl}/detailManage?status=published`);
  await page.locator('tr', { hasText: title }).getByTestId('status-tag').waitFor();
  assert.equal(
    await page.locator('tr', { hasText: title }).getByTestId('status-tag').getAttribute('data-status'),
    'published',
  );
});

test('the management view counts per status, shows why a work was refused, and deletes in bulk', async () => {
  const author = await signIn(page, server);
  const a = await publishArticle(author.userId, { title: '第一篇用于批量删除的文章' });
  const b = await publishArticle(author.userId, { title: '第二篇用于批量删除的文章' });
  await publishArticle(author.userId, {
    title: '一篇谈论网络赌场的文章',
    content: '<p>网络赌场，十个字以上的正文。</p>',
  });
  assert.deepEqual([a.status, b.status], ['published', 'published']);
  await page.goto(`${server.baseUrl}/detailManage`);
  await useLanguage(page, 'zh-CN');
  await page.getByTestId('status-tab-published').filter({ hasText: '2' }).waitFor();
  await page.getByTestId('status-tab-rejected').filter({ hasText: '1' }).waitFor();
  assert.match(await page.getByTestId('reject-reason').innerText(), /网络赌场/);
  await shot(page, 'review-manage-zh-CN');
  await useLanguage(page, 'en-US');
  await page.getByTestId('status-tab-published').filter({ hasText: '2' }).waitFor();
  await shot(page, 'review-manage-en-US');
  for (const title of ['第一篇用于批量删除的文章', '第二篇用于批量删除的文章'])
    await page.locator('tr', { hasText: title }).getByRole('checkbox').check();
  await page.getByTestId('bulk-delete').click();
  await page.locator('.ant-popover').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('status-tab-published').filter({ hasText: '0' }).waitFor();
  assert.equal(await page.locator('tr', { hasText: '用于批量删除' }).count(), 0);
  void context;
});

test('an article is scheduled from its editor and shows when it will publish', async () => {
  const author = await signIn(page, server);
  const draft = await publishArticle(author.userId, { title: '一篇准备定时发布的文章', publishType: 0 });
  await page.goto(`${server.baseUrl}/article?id=${draft.id}`);
  await page.getByTestId('schedule-button').click();
  const at = new Date(Date.now() + 2 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} 10:30`;
  // antd puts the test id on the picker's input (or its wrapper, by version)
  const input = page
    .locator('input[data-testid="article-scheduled-at"], [data-testid="article-scheduled-at"] input')
    .first();
  await input.click();
  await input.fill(text);
  // the typed time is taken by the picker's own OK button (showTime); Enter alone does not commit it
  await page.locator('.ant-picker-dropdown .ant-picker-ok button').click();
  await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
  await page.getByTestId('confirm-schedule').click();
  await page.getByTestId('schedule-banner').waitFor();
  assert.match(await page.getByTestId('schedule-banner').innerText(), new RegExp(text));
  await shot(page, 'review-article-scheduled-en-US');
  await useLanguage(page, 'zh-CN');
  await page.getByTestId('schedule-banner').waitFor();
  await shot(page, 'review-article-scheduled-zh-CN');
  const detail = await callApi<{ status: string; scheduledAt: string }>(
    page.request,
    server.baseUrl,
    'GET',
    '/api/content/detail',
    { id: draft.id },
    author.userId,
  );
  assert.equal(detail.data.status, 'scheduled');
  assert.equal(new Date(detail.data.scheduledAt).getHours(), 10);
});
