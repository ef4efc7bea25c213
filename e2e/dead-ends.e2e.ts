import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  type Author,
  callApi,
  makeTestVideo,
  openPage,
  publishVideoThroughApi,
  type RunningServer,
  shot,
  signIn,
  testJpeg,
  uploadImageAs,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #9 "Dead ends and wrong turns", in real Chromium against the real server (embedded default): pages
// opened without an id offer a picker or their list; opening a message marks it read, leads to its work and
// the bell follows; /login and /register send a signed-in author home and registration asks for the password
// twice; a signed-out visit to / reaches /login with ONE page load; account settings (avatar at 120 × 120,
// media name, password change that signs out the other sessions). Screenshots in both languages are also
// copied to $SHOTS_DIR when it is set.
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let workDir: string;
let mp4: string;

useBrowserSuite({
  setup() {
    workDir = mkdtempSync(path.join(tmpdir(), 'cc-e2e-dead-ends-'));
    mp4 = path.join(workDir, 'clip.mp4');
    makeTestVideo(mp4, { seconds: 3, size: '640x360' });
  },
  teardown: () => rmSync(workDir, { recursive: true, force: true }),
  started: (running) => ({ server, browser } = running),
  opened: (opened) => ({ context, page } = opened),
});

/** A screenshot artifact (e2e/screenshots), also copied to $SHOTS_DIR for review. */
async function capture(name: string): Promise<void> {
  const file = await shot(page, `dead-ends-${name}`);
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(file, path.join(dir, path.basename(file)));
  }
}

const useLanguage = (lang: 'zh-CN' | 'en-US') => useStoredLanguage(page, lang);
const jpeg = testJpeg;
const uploadImage = (bytes: Buffer) => uploadImageAs(page, server.baseUrl, bytes);

/** Publishes an article with a cover through the API; resolves to its id (a group-8 message follows). */
async function publishArticle(author: Author, title: string, publishType: 0 | 1 = 1): Promise<number> {
  const cover = await uploadImage(await jpeg(800, 600, '#2468f2'));
  const env = await callApi<{ id: number; status: string }>(
    page.request,
    server.baseUrl,
    'POST',
    '/api/article/publish',
    {
      title,
      content:
        '<p>We drove the car for three days at minus ten degrees and measured the range, the heating and the charging.</p>',
      coverUrls: [cover.url],
      publishType,
    },
    author.userId,
  );
  assert.equal(env.status, 1, `publish: ${env.message}`);
  return env.data.id;
}

/**
 * A title in a content table spans the width its cell leaves after the cover (up to the cell's padding),
 * on up to two lines, and that width is well over the 136 px titles were cut to (issue #9).
 */
async function assertTitleFillsItsCell(title: Locator): Promise<void> {
  await title.waitFor();
  const box = await title.evaluate((el) => {
    const own = el.getBoundingClientRect();
    const cell = el.closest('td')!.getBoundingClientRect();
    return { width: own.width, slack: cell.right - own.right };
  });
  assert.ok(box.slack <= 24, `the title stops ${box.slack} px before its cell ends`);
  assert.ok(box.width >= 180, `title shown ${box.width} px wide`);
}

/** Every row's actions (edit, preview or dots, delete) fit their cell on one line: nothing sticks out. */
async function assertActionsFit(): Promise<void> {
  const overflows = await page.evaluate(() =>
    [...document.querySelectorAll('.ant-table-row')].map((row) => {
      const cell = row.lastElementChild as HTMLElement;
      return cell.scrollWidth - cell.clientWidth;
    }),
  );
  assert.ok(overflows.length > 0 && overflows.every((px) => px <= 1), `actions overflow by ${overflows} px`);
}

test('a signed-out visit to / reaches /login with one page load and no signed call', async () => {
  const documents: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/config') apiCalls.push(url.pathname);
  });
  await page.goto(`${server.baseUrl}/`);
  await page.waitForURL(/\/login\?backurl=%2F$/);
  await page.getByLabel('Account').waitFor();
  assert.deepEqual(documents, [`${server.baseUrl}/`], 'the app started once');
  assert.deepEqual(apiCalls, [], 'no call that could only answer 10002');

  // A stale userid cookie (the session is gone): the calls answer 10002 and the router, not a reload, moves on.
  documents.length = 0;
  await context.addCookies([{ name: 'userid', value: '424242', url: server.baseUrl }]);
  await page.goto(`${server.baseUrl}/detailManage?type=video`);
  await page.waitForURL(/\/login\?backurl=%2FdetailManage%3Ftype%3Dvideo$/);
  await page.getByLabel('Account').waitFor();
  assert.deepEqual(
    documents,
    [`${server.baseUrl}/detailManage?type=video`],
    'one page load with a stale cookie',
  );
});

test('/login and /register send a signed-in author home; registration asks for the password twice', async () => {
  await signIn(page, server);
  for (const path of ['/login', '/register', `/login?backurl=${encodeURIComponent('/messageList')}`]) {
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForURL(path.includes('backurl') ? `${server.baseUrl}/messageList` : `${server.baseUrl}/`);
    await page.getByTestId('media-name').waitFor();
  }

  // signed out: the form, and a mismatch shown before anything is sent
  const fresh = await openPage(browser);
  try {
    const p = fresh.page;
    await p.goto(`${server.baseUrl}/register`);
    const account = `e2e_${Date.now().toString(36)}`;
    await p.getByLabel('Account').fill(account);
    await p.getByLabel('Password', { exact: true }).fill('violet-harbour-sextant-42');
    await p.getByLabel('Confirm password').fill('violet-harbour-sextant-24');
    await p.getByLabel('Media name').fill('Ice Road Reviews');
    await p.getByRole('button', { name: 'Register' }).click();
    await p.getByText('The two passwords do not match').waitFor();
    assert.equal(new URL(p.url()).pathname, '/register');
    await p.getByLabel('Confirm password').fill('violet-harbour-sextant-42');
    await p.getByRole('button', { name: 'Register' }).click();
    await p.waitForURL(`${server.baseUrl}/`);
    assert.equal((await p.getByTestId('media-name').innerText()).trim(), 'Ice Road Reviews');
    assert.deepEqual(fresh.errors, []);
  } finally {
    await fresh.context.close();
  }
});

test('/videodot, /article/preview and /notice without an id offer a picker or their list', async () => {
  const author = await signIn(page, server, { mediaName: '冰雪路测' });
  await page.goto(`${server.baseUrl}/videodot`);
  await page.getByRole('heading', { name: 'Choose a video to mark' }).waitFor();
  await page.getByText('No published videos yet: publish one, then mark its dots').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Publish video' }).getAttribute('href'), '/videos/video');
  await capture('01-videodot-empty-en');

  const videoId = await publishVideoThroughApi(page, server, author, readFileSync(mp4), {
    title: 'Braking on black ice, ABS on and off',
  });
  await page.reload();
  const pick = page.getByRole('link', { name: /Mark dots: Braking on black ice/ });
  await pick.waitFor();
  await capture('02-videodot-picker-en');
  await useLanguage('zh-CN');
  await page.getByRole('heading', { name: '选择要打点的视频' }).waitFor();
  await capture('03-videodot-picker-zh');
  await useLanguage('en-US');
  await page.getByRole('link', { name: /Mark dots: Braking on black ice/ }).click();
  await page.waitForURL(`${server.baseUrl}/videodot?id=${videoId}`);

  const title = `Winter range test ${Date.now() % 10000}`;
  const articleId = await publishArticle(author, title, 0);
  await page.goto(`${server.baseUrl}/article/preview`);
  await page.getByRole('heading', { name: 'Choose an article to preview' }).waitFor();
  await page.getByRole('link', { name: `Preview: ${title}` }).waitFor();
  await capture('04-preview-picker-en');
  await useLanguage('zh-CN');
  await page.getByRole('heading', { name: '选择要预览的文章' }).waitFor();
  await capture('05-preview-picker-zh');
  await page.getByRole('link', { name: `预览: ${title}` }).click();
  await page.waitForURL(`${server.baseUrl}/article/preview?id=${articleId}`);
  assert.equal(await page.getByTestId('preview-edit').getAttribute('href'), `/article?id=${articleId}`);

  await page.goto(`${server.baseUrl}/notice`);
  await page.waitForURL(`${server.baseUrl}/noticeList`);
});

test('content lists: plays for videos, reads for articles, the publish button of the tab, full titles', async () => {
  const author = await signIn(page, server);
  const long = 'Long-term review of a family electric SUV after one year';
  await publishVideoThroughApi(page, server, author, readFileSync(mp4), { title: long });
  await publishArticle(author, 'Ten cars under 100k: what to buy');
  for (const lang of ['en-US', 'zh-CN'] as const) {
    await page.goto(`${server.baseUrl}/detailManage`);
    await useLanguage(lang);
    const counts = page.getByTestId('stat-count');
    await counts.nth(1).waitFor();
    const words = (await counts.allInnerTexts()).join(' | ');
    assert.match(words, lang === 'en-US' ? /plays/ : /播放/, words);
    assert.match(words, lang === 'en-US' ? /views/ : /阅读/, words);
    // the title uses the width its column has, not a fixed 136 px
    await assertTitleFillsItsCell(page.getByTestId('work-title').filter({ hasText: 'Long-term review' }));
    await assertActionsFit();
    await capture(`06-content-all-${lang === 'en-US' ? 'en' : 'zh'}`);
    await page.locator('[data-node-key="video"] [role="tab"]').click();
    await page.waitForURL(/type=video/);
    const publish = page
      .getByTestId('publish-button')
      .filter({ hasText: lang === 'en-US' ? 'Publish video' : '发布视频' });
    await publish.waitFor();
    assert.equal(await publish.getAttribute('href'), '/videos/video');
    await capture(`07-content-video-${lang === 'en-US' ? 'en' : 'zh'}`);
  }
  await page.goto(`${server.baseUrl}/videos`);
  for (const lang of ['zh-CN', 'en-US'] as const) {
    if (lang === 'en-US') await useLanguage(lang);
    await assertTitleFillsItsCell(page.getByTestId('work-title').first());
    await assertActionsFit();
    await capture(`08-video-list-${lang === 'en-US' ? 'en' : 'zh'}`);
  }
});

test('opening a message marks it read, leads to its article, and the bell follows at once', async () => {
  const author = await signIn(page, server);
  const title = `Winter tyres compared ${Date.now() % 10000}`;
  const id = await publishArticle(author, title);
  await page.goto(`${server.baseUrl}/messageList`);
  await page.getByTestId('bell-badge').waitFor();
  assert.equal((await page.getByTestId('bell-badge').innerText()).trim(), '2', 'welcome + review result');
  const item = page.getByTestId('message-item').filter({ hasText: title });
  assert.equal(await item.getAttribute('data-read'), 'false');
  await item.getByTestId('message-open').click();
  await page.waitForURL(`${server.baseUrl}/article/preview?id=${id}`);
  await page.getByTestId('preview-body').waitFor();
  assert.equal((await page.getByTestId('bell-badge').innerText()).trim(), '1');
  await page.goBack();
  const again = page.getByTestId('message-item').filter({ hasText: title });
  await page.waitForFunction(
    (t) =>
      [...document.querySelectorAll('[data-testid="message-item"]')].some(
        (el) => el.textContent?.includes(t) && el.getAttribute('data-read') === 'true',
      ),
    title,
  );
  assert.equal(await again.getAttribute('data-read'), 'true');
});

test('account settings: avatar at 120 × 120, media name, password change signs out the other sessions', async () => {
  const author = await signIn(page, server, { mediaName: '车评小李' });
  await page.goto(`${server.baseUrl}/`);
  await page.getByTestId('account-settings-link').click();
  await page.waitForURL(`${server.baseUrl}/account/settings`);
  await page.getByRole('heading', { name: 'Account settings' }).waitFor();
  await capture('09-settings-en');
  await useLanguage('zh-CN');
  await page.getByRole('heading', { name: '账号设置' }).waitFor();
  await capture('10-settings-zh');
  await useLanguage('en-US');

  // avatar: choose, crop square, upload; the header follows, served at 120 × 120
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change avatar' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg(900, 600, '#e8590c'),
  });
  await page.getByRole('dialog', { name: 'Crop avatar' }).waitFor();
  await page.getByRole('button', { name: 'Crop and upload' }).click();
  await page.getByText('Avatar updated').waitFor();
  const headerImg = page.getByTestId('header-avatar').locator('img');
  await page.waitForFunction(
    () =>
      !document
        .querySelector('[data-testid="header-avatar"] img')
        ?.getAttribute('src')
        ?.includes('avatar/default'),
  );
  const src = (await headerImg.getAttribute('src')) ?? '';
  assert.match(src, /\/media\/img\/120x120\/images\//);
  const served = await page.request.get(new URL(src, server.baseUrl).toString());
  const meta = await sharp(await served.body()).metadata();
  assert.deepEqual([meta.width, meta.height], [120, 120]);
  assert.equal(await page.getByTestId('settings-avatar').locator('img').getAttribute('src'), src);

  // media name
  await page.getByLabel('Media name').fill('Ice Road Li');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByText('Media name updated').waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="media-name"]')?.textContent?.trim() === 'Ice Road Li',
  );

  // password: a second browser of the same author is signed out, this one stays
  const other = await openPage(browser);
  try {
    await other.page.goto(`${server.baseUrl}/login`);
    await other.page.getByLabel('Account').fill(author.account);
    await other.page.getByLabel('Password').fill(author.password);
    await other.page.getByRole('button', { name: 'Sign in' }).click();
    await other.page.waitForURL(`${server.baseUrl}/`);

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('violet-harbour-sextant-42');
    await form.getByLabel('Confirm new password').fill('violet-harbour-sextant-42');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password is wrong').waitFor();

    await form.getByLabel('Current password').fill(author.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed; signed out of 1 other session').waitFor();
    await capture('11-settings-password-changed-en');

    await page.goto(`${server.baseUrl}/messageList`);
    await page.getByTestId('media-name').waitFor();
    await other.page.goto(`${server.baseUrl}/messageList`);
    await other.page.waitForURL(/\/login\?backurl=%2FmessageList$/);
    await other.page.getByLabel('Account').fill(author.account);
    await other.page.getByLabel('Password').fill('violet-harbour-sextant-42');
    await other.page.getByRole('button', { name: 'Sign in' }).click();
    await other.page.waitForURL(`${server.baseUrl}/messageList`);
    assert.deepEqual(other.errors, []);
  } finally {
    await other.context.close();
  }
});
