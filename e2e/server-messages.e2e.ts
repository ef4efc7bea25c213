import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  type Author,
  callApi,
  registerAuthor,
  type RunningServer,
  shot,
  signIn,
  useBrowserSuite,
} from './support.js';

// Issue #9 "Language": what the server says reaches the page in the UI language — a refused login, the reason
// a review gave, the messages of the message centre — and switching the language in the UI switches the next
// refusal too. Screenshots in both languages (e2e/screenshots/server-messages-*.png).
let server: RunningServer;
let page: Page;

useBrowserSuite({
  page: { lang: 'zh-CN' },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

/** Picks a language with the header's switch (the antd Select of `LanguageSwitch`). */
async function switchLanguage(label: '简体中文' | 'English'): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: label }).click();
}

async function wrongLogin(
  author: Author,
  labels: { account: string; password: string; submit: string | RegExp },
) {
  await page.getByLabel(labels.account).fill(author.account);
  await page.getByLabel(labels.password).fill('not-the-password');
  await page.getByRole('button', { name: labels.submit }).click();
}

test('a refused login reads in zh-CN, and in en-US right after switching the language', async () => {
  const author = await registerAuthor(server.baseUrl);
  await page.goto(`${server.baseUrl}/login`);
  await wrongLogin(author, { account: '账号', password: '密码', submit: /^登\s?录$/ });
  await page.getByRole('alert').getByText('账号或密码错误').waitFor();
  await shot(page, 'server-messages-01-login-zh');

  await switchLanguage('English');
  await wrongLogin(author, { account: 'Account', password: 'Password', submit: 'Sign in' });
  await page.getByRole('alert').getByText('account or password is wrong').waitFor();
  assert.equal(await page.getByText('账号或密码错误').count(), 0);
  await shot(page, 'server-messages-02-login-en');
});

test("a review's reason and the message about it read in the UI language", async () => {
  const author = await signIn(page, server);
  const rejected = await callApi<{ id: number; status: string }>(
    page.request,
    server.baseUrl,
    'POST',
    '/api/article/publish',
    {
      title: '一篇关于新能源汽车的文章',
      content: '<p>这台车的价格就像赌博一样难以预测。</p>',
      coverUrls: ['/media/img/400x300/covers/a.jpg'],
      publishType: 1,
    },
    author.userId,
  );
  assert.equal(rejected.data.status, 'rejected');

  // the status tag of a rejected item names the reason (its label, and its tooltip on hover)
  await page.goto(`${server.baseUrl}/detailManage?type=article`);
  const reasonZh = page.getByLabel('未通过原因：包含违禁词：赌博（赌博）');
  await reasonZh.hover();
  await page.getByRole('tooltip').getByText('未通过原因：包含违禁词：赌博（赌博）').waitFor();
  await shot(page, 'server-messages-03-content-zh');
  await page.goto(`${server.baseUrl}/messageList`);
  await page.getByText('你的文章《一篇关于新能源汽车的文章》未通过审核：包含违禁词：赌博（赌博）').waitFor();
  await shot(page, 'server-messages-04-messages-zh');

  await switchLanguage('English');
  // the message centre renders the kind's texts itself: the switch changes the list at once
  await page
    .getByText(
      'Your article “一篇关于新能源汽车的文章” did not pass review: contains a prohibited word: 赌博 (gambling)',
    )
    .waitFor();
  await page.getByText('Welcome to Creator Centre').first().waitFor();
  await shot(page, 'server-messages-05-messages-en');
  await page.goto(`${server.baseUrl}/detailManage?type=article`);
  const reasonEn = page.getByLabel('Rejected because: contains a prohibited word: 赌博 (gambling)');
  await reasonEn.hover();
  await page.getByRole('tooltip').getByText('contains a prohibited word: 赌博 (gambling)').waitFor();
  await shot(page, 'server-messages-06-content-en');
});
