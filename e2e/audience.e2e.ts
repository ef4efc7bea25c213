import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  callApi,
  type RunningServer,
  shot,
  signIn,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #12 in real Chromium against the real server: reader events go in through POST /open/events with the
// development site key, and the author sees exactly those counts on dataOverview (today), workData and the fans
// page; the fans export downloads as XLSX and parses to one row per current fan. Screenshots of the data pages in
// both languages (e2e/screenshots/audience-*.png).
let server: RunningServer;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1440, height: 900 }, lang: 'en-US', acceptDownloads: true },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

const LIMIT_MS = 180_000;
/** The development key of the site `reader` (apps/server/src/config.ts DEV_OPEN_SITE_KEY). */
const SITE_KEY = 'creator-centre-dev-reader-site-key';

/** Sends reader events through the open API and returns its answer's data. */
async function sendEvents(events: Record<string, unknown>[]) {
  const res = await fetch(`${server.baseUrl}/open/events`, {
    method: 'POST',
    headers: { 'x-site-key': SITE_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  const env = (await res.json()) as {
    status: number;
    data: { accepted: number; duplicates: number; rejected: { index: number; message: string }[] };
  };
  assert.equal(env.status, 1, JSON.stringify(env));
  return env.data;
}

test(
  'events in through /open/events, exact counts on dataOverview, workData and fans; XLSX export parses',
  { timeout: LIMIT_MS },
  async () => {
    const author = await signIn(page, server);
    const published = await callApi<{ id: number; status: string }>(
      page.request,
      server.baseUrl,
      'POST',
      '/api/article/publish',
      {
        title: '冬季续航实测：三款纯电车对比',
        content: '<p>零下十度，三款纯电车的真实续航与充电速度。</p>',
        // one of the demo covers written at start (db/demo-covers.ts)
        coverUrls: ['/media/img/0x0/demo/cover-1.jpg'],
        publishType: 1,
      },
      author.userId,
    );
    assert.equal(published.status, 1, JSON.stringify(published));
    const workId = published.data.id;
    const now = new Date().toISOString();
    const run = `${Date.now()}`;
    const ev = (n: number, type: string, extra: Record<string, unknown>) => ({
      eventId: `e2e-${run}-${n}`,
      type,
      at: now,
      readerId: `reader-${n % 5}`,
      ...extra,
    });
    const events = [
      ...Array.from({ length: 7 }, (_, i) => ev(i, 'view', { contentId: workId, source: 'search' })),
      ...Array.from({ length: 3 }, (_, i) => ev(10 + i, 'impression', { contentId: workId })),
      ev(20, 'like', { contentId: workId, readerId: 'reader-a' }),
      ev(21, 'like', { contentId: workId, readerId: 'reader-a' }), // already liked: nothing
      ev(22, 'follow', {
        authorId: author.userId,
        readerId: 'fan-1',
        reader: { gender: 'female', ageBand: '25-30', region: 'CN-SH', device: 'ios' },
      }),
      ev(23, 'follow', {
        authorId: author.userId,
        readerId: 'fan-2',
        reader: { gender: 'male', ageBand: '31-40', region: 'CN-GD', device: 'android' },
      }),
      ev(24, 'follow', { authorId: author.userId, readerId: 'fan-3' }),
      ev(25, 'unfollow', { authorId: author.userId, readerId: 'fan-3' }),
    ];
    const answer = await sendEvents(events);
    assert.deepEqual(answer, { accepted: events.length, duplicates: 0, rejected: [] });
    // the same batch again: only duplicates
    assert.deepEqual(await sendEvents(events), { accepted: 0, duplicates: events.length, rejected: [] });

    // dataOverview, today: the exact counts
    await page.goto(`${server.baseUrl}/dataOverview?period=today`);
    const value = (key: string) => page.getByTestId(`metric-value-${key}`);
    await page.getByTestId('metric-views').waitFor();
    assert.equal((await value('views').innerText()).trim(), '7');
    assert.equal((await value('impressions').innerText()).trim(), '3');
    assert.equal((await value('likes').innerText()).trim(), '1');
    assert.equal((await value('fansGained').innerText()).trim(), '3');
    assert.equal((await value('fansLost').innerText()).trim(), '1');
    assert.equal((await value('fansTotal').innerText()).trim(), '2');
    await page.getByTestId('data-as-of').first().waitFor();
    await assertNoSeriousAxe(page, 'dataOverview');
    await shot(page, 'audience-overview-en');

    // workData, today: the work's row
    await page.goto(`${server.baseUrl}/workData?period=today`);
    const row = page
      .getByTestId('work-table')
      .locator('tr', { has: page.getByTestId(`work-title-${workId}`) });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    assert.ok(
      cells.some((c) => c.trim() === '7'),
      `views 7 in ${JSON.stringify(cells)}`,
    );
    await shot(page, 'audience-work-data-en');

    // fans: total 2, the list names both fans, the export downloads and parses
    await page.goto(`${server.baseUrl}/manage/fansManage/fans`);
    await page.getByTestId('fans-count').waitFor();
    assert.match(await page.getByTestId('fans-count').innerText(), /\b2\b/);
    const list = page.getByTestId('fans-list');
    await list.getByText('fan-1').waitFor();
    assert.ok(await list.getByText('fan-2').isVisible());
    assert.equal(await list.getByText('fan-3').count(), 0);
    await shot(page, 'audience-fans-en');
    await page.getByTestId('fans-export').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel file (XLSX)' }).click(),
    ]);
    const file = await download.path();
    assert.ok(file, 'the download is saved');
    assert.match(download.suggestedFilename(), /^fans-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    assert.equal(sheet.actualRowCount, 3, 'a header and one row per current fan');
    const readers = [2, 3].map((r) => String(sheet.getRow(r).getCell(1).value)).sort();
    assert.deepEqual(readers, ['fan-1', 'fan-2']);

    // the same pages in Chinese
    await useStoredLanguage(page, 'zh-CN');
    await page.goto(`${server.baseUrl}/dataOverview?period=today`);
    await page.getByTestId('metric-views').waitFor();
    assert.equal((await value('views').innerText()).trim(), '7');
    await shot(page, 'audience-overview-zh');
    await page.goto(`${server.baseUrl}/manage/fansManage/fans`);
    await page.getByTestId('fans-list').getByText('fan-1').waitFor();
    await shot(page, 'audience-fans-zh');
    await page.goto(`${server.baseUrl}/workData?period=today`);
    await page.getByTestId(`work-title-${workId}`).waitFor();
    await shot(page, 'audience-work-data-zh');
  },
);
