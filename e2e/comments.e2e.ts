import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  callApi,
  makeTestVideo,
  publishVideoThroughApi,
  type RunningServer,
  shot,
  signIn,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #13 in real Chromium against the real server: readers post comments through POST /open/comments with the
// development site key; the author finds them in the inbox, answers one, approves one the moderation held, hides
// the rest in one bulk action, and GET /open/comments reads back exactly what readers may see. Then barrage on a
// real video: a click on a position moves the player to that second, and a bulk protect shows in GET /open/barrage.
// Screenshots in both languages (e2e/screenshots/comments-*.png, barrage-*.png).
let server: RunningServer;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1440, height: 900 }, lang: 'en-US' },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

const LIMIT_MS = 180_000;
/** The development key of the site `reader` (apps/server/src/config.ts DEV_OPEN_SITE_KEY). */
const SITE_KEY = 'creator-centre-dev-reader-site-key';
const run = `${Date.now()}`;

/** One call of the reader site (`/open/`), its envelope. */
async function reader<T>(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { 'x-site-key': SITE_KEY, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  return (await res.json()) as { status: number; message: string; data: T };
}

interface OpenThread {
  commentId: string;
  text: string;
  isAuthor: boolean;
  readerName: string;
  replies: { commentId: string; parentId?: string; text: string; isAuthor: boolean }[];
}

test(
  'comments from readers through /open/comments: answered, held and approved, bulk-hidden, read back through GET /open/comments',
  { timeout: LIMIT_MS },
  async () => {
    const author = await signIn(page, server, { mediaName: '车评人小周' });
    const published = await callApi<{ id: number; status: string }>(
      page.request,
      server.baseUrl,
      'POST',
      '/api/article/publish',
      {
        title: '冬季续航实测：三款纯电车对比',
        content: '<p>零下十度，三款纯电车的真实续航与充电速度。</p>',
        coverUrls: ['/media/img/0x0/demo/cover-1.jpg'],
        publishType: 1,
      },
      author.userId,
    );
    assert.equal(published.status, 1, JSON.stringify(published));
    const workId = published.data.id;
    const voices = [
      { name: '读者一', text: '零下十度续航掉了多少？' },
      { name: '读者二', text: '加 微 信 聊聊团购价' },
      { name: '读者三', text: '第一第一第一' },
      { name: '读者四', text: '水一贴' },
      { name: '读者五', text: '<b>沙发</b>' },
    ];
    const states: string[] = [];
    for (const [i, v] of voices.entries()) {
      const env = await reader<{ commentId: string; state: string }>('POST', '/open/comments', {
        commentId: `e2e-${run}-${i}`,
        contentId: workId,
        readerId: `e2e-reader-${run}-${i}`,
        readerName: v.name,
        text: v.text,
        at: new Date().toISOString(),
      });
      assert.equal(env.status, 1, JSON.stringify(env));
      states.push(env.data.state);
    }
    // the contact details spread apart ("加 微 信") are held; the rest are published
    assert.deepEqual(states, ['published', 'held', 'published', 'published', 'published']);

    await page.goto(`${server.baseUrl}/manage/commentManage`);
    await page.getByText('零下十度续航掉了多少？').waitFor();
    // HTML a reader wrote is shown as text
    await page.getByText('<b>沙发</b>').waitFor();
    await assertNoSeriousAxe(page, 'commentManage');
    await shot(page, 'comments-inbox-en');

    // answer the first reader inline
    await page.getByLabel('Actions on the comment by 读者一').getByRole('button', { name: 'Reply' }).click();
    const answer = '大约掉了三成，文中有详细数据。';
    await page.getByLabel('Your reply to 读者一').fill(answer);
    await page.getByRole('button', { name: 'Publish reply' }).click();
    await page.getByText('Reply published').waitFor();

    // the held tab shows the reason beside the comment; approve it
    await page.getByRole('tab', { name: /Held for review/ }).click();
    await page.getByText('加 微 信 聊聊团购价').waitFor();
    await page
      .getByText(/contact details/i)
      .first()
      .waitFor();
    await shot(page, 'comments-held-en');
    await page
      .getByLabel('Actions on the comment by 读者二')
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByText('加 微 信 聊聊团购价').waitFor({ state: 'detached' });

    // hide the other three in one bulk action
    await page.getByRole('tab', { name: /All comments/ }).click();
    for (const name of ['读者三', '读者四', '读者五'])
      await page.getByLabel(`Select the comment by ${name}`).check();
    const bar = page.getByLabel('3 selected');
    await bar.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('3 done, 0 skipped').waitFor();

    // what readers see: the answered comment with the author's reply, the approved one; never the hidden ones
    const read = await reader<{ list: OpenThread[]; total: number }>(
      'GET',
      `/open/comments?contentId=${workId}&page=1`,
    );
    assert.equal(read.status, 1, JSON.stringify(read));
    assert.deepEqual(
      read.data.list.map((c) => c.text).sort(),
      ['加 微 信 聊聊团购价', '零下十度续航掉了多少？'].sort(),
    );
    const answered = read.data.list.find((c) => c.text === '零下十度续航掉了多少？')!;
    assert.equal(answered.replies.length, 1);
    assert.equal(answered.replies[0]!.text, answer);
    assert.equal(answered.replies[0]!.isAuthor, true);
    assert.equal(answered.replies[0]!.parentId, `e2e-${run}-0`);

    // the inbox after the actions, in Chinese too
    await shot(page, 'comments-after-en');
    await useStoredLanguage(page, 'zh-CN');
    await page.goto(`${server.baseUrl}/manage/commentManage/article`);
    await page.getByText('零下十度续航掉了多少？').waitFor();
    await assertNoSeriousAxe(page, 'commentManage (zh-CN)');
    await shot(page, 'comments-inbox-zh');
    await useStoredLanguage(page, 'en-US');
  },
);

test(
  'barrage on a real video: a position click moves the player, a bulk protect shows in GET /open/barrage',
  { timeout: LIMIT_MS },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-barrage-'));
    try {
      const file = path.join(dir, 'clip.mp4');
      makeTestVideo(file, { seconds: 8, size: '320x180', rate: 15 });
      const author = await signIn(page, server, { mediaName: '弹幕测试作者' });
      const videoId = await publishVideoThroughApi(page, server, author, readFileSync(file), {
        title: '夜间城市快速路试驾',
      });
      const sent = [
        { text: '前方高能', positionMs: 1500 },
        { text: '这声浪绝了', positionMs: 5200 },
        { text: '赌博网站了解一下', positionMs: 3000 },
      ];
      for (const [i, b] of sent.entries()) {
        const env = await reader('POST', '/open/barrage', {
          barrageId: `e2e-b-${run}-${i}`,
          contentId: videoId,
          readerId: `e2e-viewer-${i}`,
          readerName: `观众${i + 1}`,
          text: b.text,
          positionMs: b.positionMs,
          at: new Date().toISOString(),
        });
        assert.equal(env.status, 1, JSON.stringify(env));
      }
      await page.goto(`${server.baseUrl}/popBarrage?contentId=${videoId}`);
      await page.getByText('这声浪绝了').waitFor();
      const player = page.getByLabel('Player of “夜间城市快速路试驾”');
      await player.waitFor();
      await page.getByRole('button', { name: 'Jump to 0:05' }).click();
      const at = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
      assert.ok(Math.abs(at - 5.2) < 0.05, `the player is at ${at}`);
      // the held one shows its reason
      await page
        .getByText(/gambling/)
        .first()
        .waitFor();
      await assertNoSeriousAxe(page, 'popBarrage');
      await shot(page, 'barrage-en');

      await page.getByLabel('Select “前方高能”').check();
      await page.getByLabel('Select “这声浪绝了”').check();
      await page.getByRole('button', { name: 'Protect', exact: true }).first().click();
      await page.getByText(/2 done, 0 skipped/).waitFor();
      const shown = await reader<{ text: string; positionMs: number }[]>(
        'GET',
        `/open/barrage?contentId=${videoId}`,
      );
      assert.deepEqual(
        shown.data.map((b) => [b.text, b.positionMs]),
        [
          ['前方高能', 1500],
          ['这声浪绝了', 5200],
        ],
      );
      const list = await callApi<{ list: { text: string; state: string }[] }>(
        page.request,
        server.baseUrl,
        'GET',
        '/api/barrage/list',
        { contentId: videoId, page: 1, pageSize: 20 },
        author.userId,
      );
      assert.deepEqual(list.data.list.map((b) => b.state).sort(), ['held', 'protected', 'protected']);
      await useStoredLanguage(page, 'zh-CN');
      await page.getByText('这声浪绝了').waitFor();
      await shot(page, 'barrage-zh');
      await useStoredLanguage(page, 'en-US');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
