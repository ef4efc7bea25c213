import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { type RunningServer, screenshotDir, shot, signIn, useBrowserSuite } from './support.js';

// Issue #4 "Done when": a poster built through the UI against the real server — template, text with a
// shipped font, an uploaded picture, group, align, flip, a filter; undo/redo; PNG at 2× (pixel size
// checked), SVG and JSON exports; reload finds the design saved, and /designs lists it.
// Every test has its own browser context and its own new author, and builds the poster it needs.
let server: RunningServer;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1600, height: 1000 }, acceptDownloads: true },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

const layerCount = () => page.locator('[data-testid="layer-list"] li').count();
const panel = (key: string) => page.locator(`.cc-rail button[data-panel="${key}"]`).click();
async function waitForLayers(n: number, cmp: 'eq' | 'gt' = 'eq') {
  await page.waitForFunction(
    ([n, cmp]) => {
      const c = document.querySelectorAll('[data-testid="layer-list"] li').length;
      return cmp === 'eq' ? c === n : c > n;
    },
    [n, cmp] as const,
  );
}
async function download(trigger: () => Promise<void>): Promise<Buffer> {
  const [dl] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const file = path.join(tmpdir(), `cc-e2e-${Date.now()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  return readFile(file);
}
async function exportAs(label: string): Promise<Buffer> {
  await page.getByTestId('export-button').hover();
  const item = page.getByRole('menuitem', { name: label, exact: true });
  await item.waitFor();
  return download(() => item.click());
}

/** Signs in as a new author and opens a new, empty Xiaohongshu poster (900 × 1200). */
async function openNewPoster() {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/poster?size=xhsV`);
  await page.getByTestId('poster-editor').waitFor();
  await page.locator('.cc-stage-loading').waitFor({ state: 'detached' });
  await page.locator('.cc-tpl-grid').waitFor();
}

/** Applies a template to the empty canvas (it applies without asking); resolves to the layer count. */
async function applyTemplate(): Promise<number> {
  await page.locator('[data-template="new-car-launch"]').click();
  await waitForLayers(0, 'gt');
  return layerCount();
}

test('sign in and open a new Xiaohongshu poster', async () => {
  await openNewPoster();
  await shot(page, 'poster-01-new');
});

test('builds a poster: template, text with a font, picture, align, group, flip, filter', async () => {
  await openNewPoster();
  // template (the canvas is empty, so it applies without asking)
  const afterTemplate = await applyTemplate();

  // a heading in a shipped font
  await panel('elements');
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await waitForLayers(afterTemplate + 1);
  await page.getByTestId('font-select').click();
  await page
    .locator(
      '.ant-select-item-option[title="ZCOOL KuaiLe"], .ant-select-item-option:has-text("ZCOOL KuaiLe")',
    )
    .first()
    .click();
  await page.waitForFunction(() => !document.body.innerText.includes('Loading the font'));
  assert.ok(!(await page.getByText('The font failed to load').isVisible()));

  // a picture uploaded through the picture panel (API.md §8), inserted on upload
  await panel('pictures');
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();
  await page
    .locator('.cc-panel input[type=file]')
    .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: png });
  await waitForLayers(afterTemplate + 2);
  await page.locator('.cc-pic-grid img').first().waitFor();

  // the picture is selected: a greyscale filter, then flip it
  await page.getByTestId('filters').waitFor();
  const grey = page.getByTestId('filters').getByRole('button', { name: 'Greyscale' });
  await grey.click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="filters"] button[aria-pressed="true"]'),
  );
  await page.getByRole('button', { name: 'Flip horizontally' }).click();

  // undo the flip and the filter, then redo them (Ctrl+Z / Ctrl+Shift+Z through the engine)
  await page
    .locator('.cc-stage')
    .click({ position: { x: 5, y: 5 } })
    .catch(() => undefined);
  await page.locator('[data-testid="layer-list"] li').first().locator('.cc-layer-name').click();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="filters"] button[aria-pressed="true"]'),
  );
  await page.keyboard.press('Control+Shift+z');
  await page.keyboard.press('Control+Shift+z');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="filters"] button[aria-pressed="true"]'),
  );

  // select the two top layers (picture and heading), align them left, then group them
  const rows = page.locator('[data-testid="layer-list"] li');
  await rows.nth(0).locator('.cc-layer-name').click();
  await rows
    .nth(1)
    .locator('.cc-layer-name')
    .click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Align left' }).click();
  await page.getByRole('button', { name: 'Group', exact: true }).click();
  await waitForLayers(afterTemplate + 1);
  await shot(page, 'poster-02-built');
  assert.equal(await page.getByRole('button', { name: 'Ungroup' }).isEnabled(), true);
  // the right-click menu on the selection: enabled commands only, with their shortcuts
  const stage = page.locator('[data-testid="canvas-host"]');
  const box = (await stage.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 - 20, { button: 'right' });
  const menu = page.getByRole('menuitem', { name: /Move up one layer/ });
  await menu.waitFor();
  await shot(page, 'poster-02b-context-menu');
  await page.keyboard.press('Escape');
});

test('exports PNG at 2× (1800×2400), SVG and JSON', async () => {
  await openNewPoster();
  await applyTemplate();
  const png2 = await exportAs('PNG 2×');
  const meta = await sharp(png2).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 1800, 2400]);
  const svg = (await exportAs('SVG (fonts embedded)')).toString('utf8');
  assert.match(svg, /<svg[\s\S]*<\/svg>/);
  assert.ok(!/<script/i.test(svg));
  const json = JSON.parse((await exportAs('JSON')).toString('utf8')) as {
    schemaVersion: number;
    width: number;
    objects: unknown[];
  };
  assert.equal(json.width, 900);
  assert.ok(json.schemaVersion >= 1);
  assert.ok(json.objects.length > 0);
});

test('saves, and a reload finds the design; /designs lists it', async () => {
  await openNewPoster();
  await applyTemplate();
  await page.getByTestId('save-button').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'saved',
  );
  await page.waitForURL(/[?&]id=\d+/);
  const id = new URL(page.url()).searchParams.get('id');
  const layers = await layerCount();
  await page.reload();
  await page.locator('.cc-stage-loading').waitFor({ state: 'detached' });
  await waitForLayers(layers);
  await shot(page, 'poster-03-reloaded');
  await page.goto(`${server.baseUrl}/designs`);
  await page.locator(`[data-design-id="${id}"]`).waitFor();
  await page.locator(`[data-design-id="${id}"] img`).waitFor();
  await shot(page, 'poster-04-designs');
});

test('cover flow: the article saves its draft, the editor designs a 4:3 cover and brings it back', async () => {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/article`);
  await page.getByTestId('article-title').fill('新车封面设计的测试文章');
  await page.getByTestId('design-cover').click();
  await page.waitForURL(/\/poster\?size=cover43&returnTo=%2Farticle%3Fid%3D\d+/);
  await page.locator('.cc-stage-loading').waitFor({ state: 'detached' });
  await page.locator('[data-template="recall-notice"]').click();
  await waitForLayers(0, 'gt');
  await page.getByRole('button', { name: 'Use as cover' }).click();
  await page.waitForURL(/\/article\?id=\d+$/);
  const src = await page.getByTestId('cover-preview').getAttribute('src');
  assert.match(src ?? '', /\/media\/img\//);
  assert.equal(await page.getByTestId('article-title').inputValue(), '新车封面设计的测试文章');
  await shot(page, 'poster-06-cover-flow');
});

test('the editor in zh-CN', async () => {
  await signIn(page, server);
  await page.goto(`${server.baseUrl}/`);
  await page.evaluate(() => localStorage.setItem('cc.lang', 'zh-CN'));
  await page.goto(`${server.baseUrl}/poster?size=cover43`);
  await page.locator('.cc-stage-loading').waitFor({ state: 'detached' });
  await page.getByText('模板').first().waitFor();
  await panel('background');
  await page.locator('.cc-panel .ant-segmented-item').nth(2).click();
  await page.getByTestId('bg-image-empty').waitFor();
  assert.equal((await page.getByTestId('bg-image-empty').innerText()).trim(), '请选择背景图片');
  await shot(page, 'poster-05-zh-CN');
  // a Chinese heading in ZCOOL KuaiLe: its characters come from several font slices, all loaded
  await panel('elements');
  await page.getByRole('button', { name: '大标题', exact: true }).click();
  // font requests that fail or never finish are named if the check below fails (it failed twice in CI, never here)
  const fontRequests: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.url().includes('.woff')) fontRequests.push(`failed ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  const pickZcool = async () => {
    await page.getByTestId('font-select').click();
    await page.locator('.ant-select-item-option:has-text("ZCOOL KuaiLe")').first().click();
    // a font file has 20 s (FONT_LOAD_TIMEOUT_MS) before the editor calls it failed, so the message always ends —
    // but the limits add up: the text's slices (20 s), then the family's file (20 s) in the editor's command queue,
    // behind any command still loading; 60 s was once not enough in CI when requests stalled
    await page.waitForFunction(() => !document.body.innerText.includes('正在加载字体'), undefined, {
      polling: 250,
      timeout: 90_000,
    });
  };
  await pickZcool();
  // the author's way out of a failed load is to pick the font again (字体加载失败，请重试): so is the test's
  if (await page.getByText('字体加载失败').count()) {
    fontRequests.push('first load failed, picked again');
    // antd's Select fires no change for the value it holds: a system font first, then the font again
    await page.getByTestId('font-select').click();
    await page.locator('.ant-select-item-option:has-text("serif")').first().click();
    await pickZcool();
  }
  await page
    .waitForFunction(
      () => [...document.fonts].filter((f) => f.family.includes('ZCOOL') && f.status === 'loaded').length > 1,
      undefined,
      { timeout: 60_000 },
    )
    .catch(async (error: unknown) => {
      // failed once in CI (2026-11-23) and never here: say which faces there were and in what state
      const faces = await page.evaluate(() =>
        [...document.fonts].map((f) => `${f.family} ${f.status} ${f.unicodeRange.slice(0, 24)}`),
      );
      throw new Error(`ZCOOL KuaiLe slices not loaded: ${JSON.stringify({ faces, fontRequests })}`, {
        cause: error,
      });
    });
  await page
    .locator('.cc-stage')
    .screenshot({ path: path.join(screenshotDir, 'poster-07-zcool-heading.png') });
});
