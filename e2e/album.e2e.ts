import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import type { AlbumDetail } from '@cc/contracts';
import sharp from 'sharp';
import type { Dialog, Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  type Author,
  callApi,
  type RunningServer,
  shot,
  signIn,
  useBrowserSuite,
} from './support.js';

// Issue #10 "Image collections" and "Done when: a browser test per type that publishes it and finds it in its
// list, and one that reloads mid-typing and gets the draft back": real PNGs (made here with sharp) uploaded
// several at once through /releaseImages in real Chromium against the real server, reordered by keyboard and by
// pointer drag, captioned, a cover chosen, previewed, published, and found published in imageCollection.
// Every test has its own browser context and its own new author.
let server: RunningServer;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1280, height: 800 } },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

/** Longest one test may take, milliseconds: a hang must not hold the shared e2e lock. */
const LIMIT_MS = 180_000;
/** Where the screenshots that were looked at go (besides e2e/screenshots). */
const SHOTS = '/tmp/shots';

const COLOURS = ['#e11d48', '#16a34a', '#2563eb'] as const;

/** A `w` × `h` PNG of one colour, as a file for the upload input. */
async function pngFile(name: string, colour: string, w = 640, h = 480) {
  const buffer = await sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Screenshot of the viewport (1280 × 800) for looking at, and a full-page artifact. */
async function look(name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await shot(page, name);
}

const assertAxeClean = (where: string) => assertNoSeriousAxe(page, where);

const cards = () => page.getByTestId('album-card');
const cardUrls = () => cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-url') ?? ''));

/** Chooses the files in the album's drop area (several at once) and waits until all became cards. */
async function uploadImages(files: Awaited<ReturnType<typeof pngFile>>[], expected: number) {
  await page.locator('.cc-album-upload input[type=file]').setInputFiles(files);
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="album-card"]').length === n,
    expected,
    { timeout: 60_000 },
  );
  await page.waitForFunction(() => !document.querySelector('[data-testid="album-pending"]'));
  // every thumbnail loaded (the server's rendition of each upload)
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid="album-card"] img')].every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
}

async function albumDetail(author: Author, id: number): Promise<AlbumDetail> {
  const env = await callApi<AlbumDetail>(
    page.request,
    server.baseUrl,
    'GET',
    '/api/album/detail',
    { id },
    author.userId,
  );
  assert.equal(env.status, 1, env.message);
  return env.data;
}

test(
  'publish an album: upload 3 at once, reorder by keyboard and by drag, caption, cover, preview, publish, find it in imageCollection',
  { timeout: LIMIT_MS },
  async () => {
    const author = await signIn(page, server);
    await page.goto(`${server.baseUrl}/releaseImages`);
    await page.getByTestId('album-title').waitFor();
    await look('album-01-publish-empty-en');

    const files = await Promise.all(COLOURS.map((c, i) => pngFile(`photo-${i + 1}.png`, c)));
    await uploadImages(files, 3);
    const uploaded = await cardUrls();
    assert.equal(uploaded.length, 3);
    assert.ok(
      uploaded.every((u) => /^\/media\/img\/0x0\/images\//.test(u)),
      `our image URLs: ${uploaded}`,
    );
    assert.match(await page.getByTestId('album-count').innerText(), /^3\/50 images/);

    // keyboard: lift the third card by its handle, move it to the front, drop it
    const handle = (i: number) => cards().nth(i).getByTestId('album-drag-handle');
    await handle(2).focus();
    // each key waits a moment: the sensor measures the cards after a lift and after each move
    for (const key of ['Space', 'ArrowLeft', 'ArrowLeft', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await page
      .waitForFunction(
        (first) => document.querySelector('[data-testid="album-card"]')?.getAttribute('data-url') === first,
        uploaded[2],
        { timeout: 5_000 },
      )
      .catch(() => undefined); // the order is asserted just below, with what it is
    assert.deepEqual(await cardUrls(), [uploaded[2], uploaded[0], uploaded[1]]);

    // pointer: drag the (now) last card onto the second place
    const from = await handle(2).boundingBox();
    const to = await cards().nth(1).boundingBox();
    assert.ok(from && to);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x - 20, from.y + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 3, { steps: 15 });
    await page.mouse.up();
    await page.waitForFunction(
      (second) =>
        document.querySelectorAll('[data-testid="album-card"]')[1]?.getAttribute('data-url') === second,
      uploaded[1],
    );
    const order = [uploaded[2]!, uploaded[1]!, uploaded[0]!];
    assert.deepEqual(await cardUrls(), order);

    // captions, the cover, the title, a car series searched as typed
    const captions = ['Blue hour over the pass', 'Green valley road', 'Red barn at the summit'];
    for (const [i, caption] of captions.entries())
      await cards().nth(i).getByTestId('album-caption').fill(caption);
    await cards().nth(1).getByTestId('album-cover-radio').check();
    await page.getByTestId('album-title').fill('A winter drive over the Sichuan passes');
    await page.getByTestId('album-car-series').click();
    await page.keyboard.type('BYD Han');
    const option = page.locator('.ant-select-item-option').filter({ hasText: '比亚迪 汉' }).first();
    await option.waitFor();
    await option.click();
    await page.getByText('When', { exact: true }).click(); // closes the dropdown
    await page.getByTestId('album-car-series').getByText('比亚迪 汉').waitFor();
    await look('album-02-publish-filled-en');
    await assertAxeClean('the filled publish form (en-US)');

    // the preview shows it as a reader would: one image at a time with its caption, next / previous
    await page.getByTestId('album-preview-button').click();
    const preview = page.getByTestId('album-preview');
    await preview.waitFor();
    assert.equal((await page.getByTestId('album-preview-counter').innerText()).trim(), '1 / 3');
    assert.equal(await page.getByTestId('album-preview-caption').innerText(), captions[0]);
    await page.keyboard.press('ArrowRight');
    assert.equal((await page.getByTestId('album-preview-counter').innerText()).trim(), '2 / 3');
    await page.getByRole('button', { name: 'Next image' }).click();
    assert.equal(await page.getByTestId('album-preview-caption').innerText(), captions[2]);
    await look('album-03-preview-en');
    await page.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    await page.getByTestId('album-publish').click();
    await page.waitForURL(`${server.baseUrl}/imageCollection`);
    const row = page.getByRole('row').filter({ hasText: 'A winter drive over the Sichuan passes' });
    await row.waitFor();
    assert.equal(await row.getByTestId('status-tag').getAttribute('data-status'), 'published');
    assert.equal((await row.getByTestId('status-tag').innerText()).trim(), 'Published');
    assert.equal(await row.locator('img').first().getAttribute('src'), order[1], 'the chosen cover');
    await look('album-04-list-en');
    await assertAxeClean('the list (en-US)');

    // the server has the order, the captions and the series as arranged
    const href = await row.getByTestId('album-edit').getAttribute('href');
    const id = Number(/id=(\d+)/.exec(href ?? '')?.[1]);
    const saved = await albumDetail(author, id);
    assert.deepEqual(
      saved.images,
      order.map((url, i) => ({ url, caption: captions[i] })),
    );
    assert.equal(saved.coverUrl, order[1]);
    assert.deepEqual(
      saved.carSeries.map((s) => `${s.brand} ${s.series}`),
      ['比亚迪 汉'],
    );

    // edit opens the album's own editor with everything in place
    await row.getByTestId('album-edit').click();
    await page.waitForURL(`${server.baseUrl}/releaseImages?id=${id}`);
    await cards().nth(2).waitFor();
    assert.deepEqual(await cardUrls(), order);
    assert.equal(
      await page.getByTestId('album-title').inputValue(),
      'A winter drive over the Sichuan passes',
    );
  },
);

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

test(
  'reloading mid-typing offers the unsaved album back; Restore brings title, images and captions',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await page.goto(`${server.baseUrl}/releaseImages`);
    await page.getByTestId('album-title').waitFor();
    await uploadImages([await pngFile('one.png', '#f59e0b'), await pngFile('two.png', '#7c3aed')], 2);
    const urls = await cardUrls();
    await page.getByTestId('album-title').fill('Autumn colours along the river');
    await cards().nth(1).getByTestId('album-caption').click();
    await page.keyboard.type('Maple trees at the bridge');
    // straight after the last keystroke, inside the 1 s write delay and the 30 s server autosave
    assert.ok(await reloadAccepting(), 'the browser asked before reloading unsaved changes');
    const prompt = page.getByTestId('local-draft-prompt');
    await prompt.waitFor();
    assert.match(await prompt.innerText(), /Restore the unsaved copy from \d\d:\d\d\?/);
    assert.equal(await page.getByTestId('album-title').inputValue(), '', 'nothing restored before asked');
    await look('album-05-restore-prompt-en');
    await prompt.getByRole('button', { name: 'Restore' }).click();
    await prompt.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('album-title').inputValue(), 'Autumn colours along the river');
    assert.deepEqual(await cardUrls(), urls);
    assert.equal(await cards().nth(1).getByTestId('album-caption').inputValue(), 'Maple trees at the bridge');
    // saved as a draft, a reload asks nothing and offers nothing
    await page.getByTestId('album-save-draft').click();
    await page.waitForURL(/\/releaseImages\?id=\d+$/);
    await page
      .getByTestId('save-status')
      .getByText(/^Saved /)
      .waitFor();
    assert.equal(await reloadAccepting(), false);
    await cards().nth(1).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await prompt.count(), 0);
    assert.equal(await cards().nth(1).getByTestId('album-caption').inputValue(), 'Maple trees at the bridge');
  },
);

test(
  'both pages in Chinese: the form with a refused image, and the list with a rejected album',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server);
    await page.goto(`${server.baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
    await page.goto(`${server.baseUrl}/imageCollection`);
    await page.getByTestId('album-empty-publish').waitFor();
    await look('album-06-list-empty-zh');
    await page.getByTestId('album-empty-publish').click();
    await page.waitForURL(`${server.baseUrl}/releaseImages`);
    // a 150 × 120 image: the card warns before publishing, and the review refuses it naming the image
    await uploadImages(
      [await pngFile('大图.png', '#0ea5e9'), await pngFile('小图.png', '#dc2626', 150, 120)],
      2,
    );
    await cards().nth(1).getByText('图片尺寸为 150×120，图集图片至少 200×200 像素，发布时会被拒绝').waitFor();
    await page.getByTestId('album-title').fill('秋天沿河骑行看到的风景');
    await cards().nth(0).getByTestId('album-caption').fill('河边的枫树');
    await look('album-07-publish-zh');
    await assertAxeClean('the publish form with a warning (zh-CN)');
    await page.getByTestId('album-publish').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '图集未通过审核' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /第 2 张图片尺寸为 150×120，图集图片至少 200×200 像素/);
    await look('album-08-rejected-zh');
    await dialog.getByRole('button').last().click();
    await page.goto(`${server.baseUrl}/imageCollection`);
    const row = page.getByRole('row').filter({ hasText: '秋天沿河骑行看到的风景' });
    await row.waitFor();
    assert.equal(await row.getByTestId('status-tag').getAttribute('data-status'), 'rejected');
    assert.match(await row.getByTestId('album-reject-reason').innerText(), /第 2 张图片/);
    await look('album-09-list-zh');
    await assertAxeClean('the list with a rejected album (zh-CN)');
    // the rejected tab shows it; the published tab does not
    await page.getByRole('tab', { name: '未通过' }).click();
    await page.waitForURL(/status=rejected/);
    await row.waitFor();
    await page.getByRole('tab', { name: '已发布' }).click();
    await page.getByText('这个状态下没有图集').waitFor();
  },
);
