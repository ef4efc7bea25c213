import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { request as playwrightRequest, type Browser, type Page } from 'playwright-core';
import type { TrackingUsage } from '@cc/contracts';
import {
  assertNoSeriousAxe,
  callApi,
  grantPermissions,
  openPage,
  type RunningServer,
  shot,
  signIn,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #15 "Tracking points" and "Latest error time" in real Chromium against the real server: a new author browses,
// uploads an image and publishes a post through the UI; the page is then left (pagehide → navigator.sendBeacon to
// /api/tracking/beacon) and the demo operator's usage tab shows one more active author, uploader and publisher. Then a
// server failure is recorded and the server-exception screen shows it and copies the support report. Screenshots
// e2e/screenshots/tracking-*.png in zh-CN and en-US, looked at.
let server: RunningServer;
let browser: Browser;
let page: Page;
let workDir: string;
let png: string;

useBrowserSuite({
  page: { viewport: { width: 1440, height: 900 }, lang: 'zh-CN' },
  setup() {
    workDir = mkdtempSync(path.join(tmpdir(), 'cc-e2e-tracking-'));
    png = path.join(workDir, 'road.png');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x480', '-frames:v', '1', png],
    ]);
  },
  teardown: () => rmSync(workDir, { recursive: true, force: true }),
  started: (running) => ({ server, browser } = running),
  opened: (opened) => ({ page } = opened),
});

const LIMIT_MS = 240_000;
const TEXT = `埋点测试：周末试驾的一点感受 ${Date.now() % 10000}`;

/** A day in the server's REPORT_TZ (Asia/Shanghai by default). */
const shanghaiDay = (d = new Date()) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The operators' usage for today, as the demo operator. */
async function usageToday(): Promise<TrackingUsage> {
  const ctx = await playwrightRequest.newContext();
  try {
    const login = await callApi<{ userId: number }>(ctx, server.baseUrl, 'POST', '/api/passport/login', {
      account: 'operator',
      password: 'operator-password',
    });
    assert.equal(login.status, 1, JSON.stringify(login));
    const day = shanghaiDay();
    const env = await callApi<TrackingUsage>(
      ctx,
      server.baseUrl,
      'GET',
      '/api/ops/tracking/usage',
      { from: day, to: day },
      login.data.userId,
    );
    assert.equal(env.status, 1, JSON.stringify(env));
    return env.data;
  } finally {
    await ctx.dispose();
  }
}

test(
  'an author browses, uploads and publishes; the beacon of the hidden page lands in the operator usage tab',
  { timeout: LIMIT_MS },
  async () => {
    const before = await usageToday();
    const author = await signIn(page, server, { mediaName: '埋点作者' });
    await grantPermissions(server.baseUrl, author.account, { dynamicShow: 1 });
    // Chromium does not show a page's beacons to Playwright's request events: count the app's sendBeacon calls to
    // the tracking beacon in the page itself (kept in localStorage across the page loads)
    await page.addInitScript(() => {
      if (!location.protocol.startsWith('http')) return; // about:blank has no localStorage
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
        const ok = send(url, data);
        try {
          if (String(url).includes('/api/tracking/beacon') && data instanceof URLSearchParams) {
            const n = Number(localStorage.getItem('e2e.beacons') ?? 0) + 1;
            localStorage.setItem('e2e.beacons', String(n));
            localStorage.setItem('e2e.beaconEncryptType', data.get('encryptType') ?? '');
          }
        } catch {
          // a document being unloaded may refuse storage: the server-side numbers still prove delivery
        }
        return ok;
      };
    });

    await page.goto(`${server.baseUrl}/`);
    await page.getByText('快速发布').first().waitFor({ timeout: 30_000 });
    await page.goto(`${server.baseUrl}/dynamic/dynamic`);
    const text = page.getByTestId('dynamic-text');
    await text.waitFor({ timeout: 30_000 });
    await text.fill(TEXT);
    await page.locator('input[type="file"]').setInputFiles(png);
    await page.getByTestId('dynamic-image').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('dynamic-publish').click();
    await page.getByRole('row').filter({ hasText: TEXT }).waitFor({ timeout: 30_000 });

    // the page goes away: what is queued leaves by beacon (signed in its body, session cookie)
    // (to a same-origin page that is not the app: the app's pagehide fires, nothing new is recorded)
    await page.goto(`${server.baseUrl}/api/config`);
    let after = before;
    for (let i = 0; i < 40; i++) {
      after = await usageToday();
      if (after.funnel.published > before.funnel.published) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.equal(after.totalAuthors, before.totalAuthors + 1, JSON.stringify(after));
    assert.equal(after.funnel.uploaded, before.funnel.uploaded + 1, JSON.stringify(after.funnel));
    assert.equal(after.funnel.published, before.funnel.published + 1, JSON.stringify(after.funnel));
    // back on a page of the app: the beacons it sent (the views and actions left by beacon as each page went away)
    await page.goto(`${server.baseUrl}/notFound/notFound`);
    const beacons = await page.evaluate(() => ({
      count: Number(localStorage.getItem('e2e.beacons') ?? 0),
      encryptType: localStorage.getItem('e2e.beaconEncryptType'),
    }));
    assert.ok(beacons.count >= 1, `beacons sent: ${beacons.count}`);
    assert.equal(beacons.encryptType, '1');

    // the operator's tab shows them
    const ops = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    try {
      const op = ops.page;
      await op.goto(`${server.baseUrl}/login?backurl=${encodeURIComponent('/ops/review?tab=usage')}`);
      await op.getByLabel('Account').fill('operator');
      await op.getByLabel('Password').fill('operator-password');
      await op.getByRole('button', { name: 'Sign in' }).click();
      await op.waitForURL(/\/ops\/review\?tab=usage$/);
      await op.getByTestId('ops-usage').waitFor({ timeout: 30_000 });
      await op.getByText('Upload → publish funnel').waitFor();
      await op.waitForTimeout(1000); // the chart's animation
      await shot(op, 'tracking-ops-usage-en-US');
      await assertNoSeriousAxe(op, 'ops usage en-US');
      await useStoredLanguage(op, 'zh-CN');
      await op.getByText('上传 → 发布漏斗').waitFor({ timeout: 30_000 });
      await op.waitForTimeout(1000);
      await shot(op, 'tracking-ops-usage-zh-CN');
      await assertNoSeriousAxe(op, 'ops usage zh-CN');
    } finally {
      await ops.context.close();
    }
  },
);

test(
  'the server-exception screen shows the latest error and copies the support report',
  { timeout: LIMIT_MS },
  async () => {
    const author = await signIn(page, server, { mediaName: '错误作者' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    // the home page's key numbers (`data/overview`) answer a 500: the api-client records a `server` error
    await page.route('**/api/data/overview**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }),
    );
    // an earlier test's page may have left a latest error (e.g. a request cut off by a navigation): start clean
    await page.goto(`${server.baseUrl}/notFound/notFound`);
    await page.evaluate(() => sessionStorage.removeItem('cc.latestError'));
    await page.goto(`${server.baseUrl}/`);
    await page.waitForFunction(
      () => (sessionStorage.getItem('cc.latestError') ?? '').includes('"server"'),
      null,
      {
        timeout: 30_000,
      },
    );
    await page.unroute('**/api/data/overview**');
    // a full load of the screen: it reads the error back from sessionStorage
    await page.goto(`${server.baseUrl}/serverError/serverError`);
    const latest = page.getByTestId('latest-error');
    // Only the 500 counts: nothing the home page had in flight and this full load cut off — a request, a response
    // body, a lazy chunk — is recorded (lib/error-state.ts ignores errors after pagehide). On a miss, say what the
    // screen and the storage hold instead.
    await latest
      .getByText(/^最近一次错误：服务器，\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)
      .waitFor({ timeout: 30_000 })
      .catch(async (e: unknown) => {
        const shown = await latest.textContent({ timeout: 1000 }).catch(() => '(no latest-error element)');
        const stored = await page.evaluate(() => sessionStorage.getItem('cc.latestError'));
        throw new Error(`${String(e)}\nshown: ${shown}\nstored: ${stored}\nat: ${page.url()}`);
      });
    await latest.getByText('位置：/api/data/overview').waitFor();
    await page.getByRole('button', { name: '复制支持报告' }).click();
    await page.getByText('支持报告已复制到剪贴板').waitFor();
    const zh = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(zh, /创作者中心 支持报告/);
    assert.match(zh, /类型: 服务器/);
    assert.match(zh, /请求路径或信息: \/api\/data\/overview/);
    assert.match(zh, new RegExp(`用户 ID: ${author.userId}`));
    assert.match(zh, /语言: zh-CN/);
    await page.waitForTimeout(3500); // the toast leaves
    await assertNoSeriousAxe(page, 'server error zh-CN');
    await shot(page, 'tracking-server-error-zh-CN');

    await useStoredLanguage(page, 'en-US');
    await page
      .getByTestId('latest-error')
      .getByText(/^Latest error: server, \d{4}-/)
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Copy support report' }).click();
    await page.getByText('Support report copied to the clipboard').waitFor();
    const en = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(en, /Creator Centre support report/);
    assert.match(en, /Kind: server/);
    assert.match(en, /Language: en-US/);
    await page.waitForTimeout(3500);
    await assertNoSeriousAxe(page, 'server error en-US');
    await shot(page, 'tracking-server-error-en-US');
  },
);
