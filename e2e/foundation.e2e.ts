import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { type RunningServer, shot, signIn, useBrowserSuite } from './support.js';

// Issue #2 "Done when": the foundation flow in a real browser against the real server and database
// (the embedded default, exactly as `npm start` runs it), in en-US so the spec's English words are checked.
// Every test has its own browser context and its own new author (issue #7: independent of their order).
let server: RunningServer;
let page: Page;

useBrowserSuite({ started: (running) => ({ server } = running), opened: (opened) => ({ page } = opened) });

test('signed out, / lands on the login page with backurl', async () => {
  await page.goto(`${server.baseUrl}/`);
  await page.waitForURL(/\/login\?backurl=%2F$/);
  await page.getByLabel('Account').waitFor();
  await shot(page, 'foundation-01-login');
});

test('signing in through the login form returns to / with media name, avatar and badge', async () => {
  await signIn(page, server, { via: 'ui', mediaName: '车评小李' });
  await page.getByTestId('media-name').waitFor();
  assert.equal((await page.getByTestId('media-name').innerText()).trim(), '车评小李');
  const avatarSrc = await page.getByTestId('header-avatar').locator('img').getAttribute('src');
  assert.match(avatarSrc ?? '', /\/media\/img\/120x120\//);
  const avatar = await page.request.get(new URL(avatarSrc!, server.baseUrl).toString());
  assert.equal(avatar.status(), 200);
  assert.match(avatar.headers()['content-type'] ?? '', /^image\//);
  await page.getByTestId('bell-badge').waitFor();
  const badge = (await page.getByTestId('bell-badge').innerText()).trim();
  assert.match(badge, /^([1-9]\d?|99\+)$/);
  // The active aside link carries menu-select (spec §2).
  assert.ok(await page.locator('.menu-select').count(), 'an active menu link has the class menu-select');
  await shot(page, 'foundation-02-home');
});

test('clearing group 8 on the message page makes the badge disappear', async () => {
  // a new author has one unread welcome message in group 8
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/`);
  await page.getByTestId('bell-badge').waitFor();
  await page
    .getByRole('link', { name: /unread messages|Messages/ })
    .first()
    .click();
  await page.waitForURL(/\/messageList/);
  await page.getByTestId('group-unread-8').waitFor();
  await shot(page, 'foundation-03-messages');
  await page.getByRole('button', { name: 'Mark group read' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId('bell-badge').waitFor({ state: 'detached' });
  await shot(page, 'foundation-04-messages-cleared');
});

test('publishing an article with a real JPEG cover shows it as published in detailManage', async () => {
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 36, g: 104, b: 242 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="white"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/article`);
  const title = `Winter test drive of an electric SUV ${Date.now() % 10000}`;
  await page.getByTestId('article-title').fill(title);
  await page.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type(
    'Cold weather cuts range. We drove the car for three days at minus ten degrees and measured everything.',
  );
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.cc-upload-area .ant-upload').first().click();
  await (await chooser).setFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByRole('dialog').waitFor();
  await page.getByText('3:4', { exact: true }).click();
  await page.getByRole('button', { name: 'Crop and upload' }).click();
  const cover = page.getByTestId('cover-preview');
  await cover.waitFor();
  const coverSrc = await cover.getAttribute('src');
  const coverRes = await page.request.get(new URL(coverSrc!, server.baseUrl).toString());
  const meta = await sharp(await coverRes.body()).metadata();
  assert.ok(meta.width && meta.height, 'the cover is a real image');
  assert.ok(
    Math.abs(meta.width / meta.height - 3 / 4) < 0.02,
    `cropped to 3:4, got ${meta.width}x${meta.height}`,
  );
  await shot(page, 'foundation-05-article-editor');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.waitForURL(/\/detailManage/);
  const row = page.locator('tr', { hasText: title });
  await row.waitFor();
  assert.equal(await row.getByTestId('status-tag').getAttribute('data-status'), 'published');
  await shot(page, 'foundation-06-detail-manage');
});

test('an unknown URL shows the 404 screen, in English and in Chinese', async () => {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/no/such/page`);
  await page.getByText('page not found', { exact: true }).first().waitFor();
  await page.getByText('very sorry, the page you visited does not exist', { exact: true }).waitFor();
  await shot(page, 'foundation-07-not-found');
  await page.getByRole('button', { name: /back to home/i }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
  await page.goto(`${server.baseUrl}/notFound/notFound`);
  await page.getByText('页面未找到').first().waitFor();
  await page.getByText('很抱歉，您访问的页面不存在').waitFor();
});

test('logout goes to the login page, and the session is gone', async () => {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/`);
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/login/);
  await shot(page, 'foundation-08-logged-out');
  await page.goto(`${server.baseUrl}/messageList`);
  await page.waitForURL(/\/login\?backurl=%2FmessageList$/);
});
