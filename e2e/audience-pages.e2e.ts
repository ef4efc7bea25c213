import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  type RunningServer,
  shot,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #12 "Screenshots of every page on simulated data in both languages": the embedded default seeds the demo
// with its simulated readers (DEMO_TRAFFIC=1: ~40,000 events over 30 days from src/simulate/, through
// /open/events), the demo author signs in, and every data page opens in zh-CN and en-US without a page error,
// without a serious axe finding, showing its "as of" time and real (non-zero) numbers where the demo has traffic.
// Screenshots: e2e/screenshots/data-<page>-<lang>.png.
let server: RunningServer;
let page: Page;

useBrowserSuite({
  env: { DEMO_TRAFFIC: '1' },
  page: { viewport: { width: 1440, height: 900 }, lang: 'zh-CN' },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

const LIMIT_MS = 300_000;

/** Every page of issue #12 with what proves it rendered its data. */
const PAGES: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: '/', ready: '[data-testid="home-data-card"]' },
  { name: 'overview', path: '/dataOverview?period=30d', ready: '[data-testid="metric-value-views"]' },
  {
    name: 'work-data',
    path: '/workData?period=30d',
    ready: '[data-testid="work-table"] tbody tr.ant-table-row',
  },
  { name: 'report', path: '/dataReport', ready: 'main' },
  { name: 'stat-param', path: '/stat_param', ready: '[data-testid="stat-params"]' },
  { name: 'analyse', path: '/manage/dataAnalyse', ready: 'main' },
  { name: 'analyse-image', path: '/manage/dataAnalyse/imageAnalyse', ready: 'main' },
  { name: 'analyse-video', path: '/manage/dataAnalyse/videoAnalyse', ready: 'main' },
  {
    name: 'fans',
    path: '/manage/fansManage/fans',
    ready: '[data-testid="fans-list"] tbody tr.ant-table-row',
  },
  { name: 'influence', path: '/manage/influenceIndex', ready: 'main' },
  { name: 'exponent', path: '/exponent', ready: 'main' },
  { name: 'hot-rank', path: '/exponent/hotRank', ready: 'main' },
  { name: 'popular-rank', path: '/exponent/popularRank', ready: 'main' },
  { name: 'safe-rank', path: '/exponent/safeRank', ready: 'main' },
  { name: 'rank', path: '/rank', ready: 'main' },
  { name: 'car-buying-rank', path: '/rank/carBuyingInfluenceRank', ready: 'main' },
  { name: 'leader-rank', path: '/rank/leaderRank', ready: 'main' },
  { name: 'video-rank', path: '/rank/videoRank', ready: 'main' },
  { name: 'creative-hot', path: '/creativeHot', ready: 'main' },
  { name: 'creative-interest', path: '/creativeInterest', ready: 'main' },
  { name: 'topic', path: '/topic', ready: 'main' },
];

test('every data page on simulated data, both languages', { timeout: LIMIT_MS }, async () => {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel(/账号|Account/).fill('demo');
  await page.getByLabel(/密码|Password/).fill('demo-password');
  await page.getByRole('button', { name: /登\s*录|Sign in/ }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await useStoredLanguage(page, lang);
    for (const p of PAGES) {
      await page.goto(`${server.baseUrl}${p.path}`);
      await page.locator(p.ready).first().waitFor({ timeout: 20_000 });
      // the page's data has arrived: no loading skeleton left
      await page.waitForFunction(() => document.querySelectorAll('.ant-skeleton-active').length === 0, null, {
        timeout: 20_000,
      });
      await assertNoSeriousAxe(page, `${p.path} (${lang})`);
      await shot(page, `data-${p.name}-${lang === 'zh-CN' ? 'zh' : 'en'}`);
    }
  }
  // the simulated readers made real numbers: the demo's 30 days are not empty
  await page.goto(`${server.baseUrl}/dataOverview?period=30d`);
  const views = await page.getByTestId('metric-value-views').innerText();
  assert.notEqual(views.trim(), '0', 'the demo has simulated views');
});
