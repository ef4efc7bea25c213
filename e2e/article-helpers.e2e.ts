import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import type { Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  type RunningServer,
  shot,
  signIn,
  testJpeg,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #15 "Article helper routes" in real Chromium against the real server: every one of the eight deep links
// renders the article editor with its helper open (the "Done when"), closing returns to /article keeping
// ?id=, and a real .docx (built here with `docx`: headings, bold, a list, a picture) is imported end to end through
// mammoth on the server, its picture stored and served. Screenshots in zh-CN and en-US (e2e/screenshots/article-*.png).
let server: RunningServer;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1440, height: 900 }, lang: 'en-US' },
  started: (running) => ({ server } = running),
  opened: (opened) => ({ page } = opened),
});

const LIMIT_MS = 300_000;

const HELPERS: { path: string; name: string }[] = [
  { path: '/article/index-new', name: 'intro' },
  { path: '/article/cropperDialog', name: 'cropper' },
  { path: '/article/getData', name: 'import' },
  { path: '/article/mixin', name: 'mixin' },
  { path: '/article/newSurfacePlotCompound', name: 'coverDesign' },
  { path: '/article/toolbarTips', name: 'toolbarTips' },
  { path: '/article/upLayer/upImage', name: 'upImage' },
  { path: '/article/upLayer/upFile', name: 'upFile' },
];

/** The open helper: its dialog's body, or the toolbar tour's panel. */
const helperLocator = (name: string) =>
  name === 'toolbarTips' ? page.locator('.ant-tour').first() : page.getByTestId(`article-helper-${name}`);

async function sampleDocx(): Promise<Buffer> {
  const picture = await testJpeg(320, 240, '#2468f2');
  return Packer.toBuffer(
    new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Spring road trip', heading: HeadingLevel.HEADING_1 }),
            new Paragraph({
              children: [
                new TextRun('We drove '),
                new TextRun({ text: 'four hundred kilometres', bold: true }),
              ],
            }),
            new Paragraph({ text: 'charging stops', bullet: { level: 0 } }),
            new Paragraph({ text: 'tyre pressure', bullet: { level: 0 } }),
            new Paragraph({
              children: [
                new ImageRun({ type: 'jpg', data: picture, transformation: { width: 320, height: 240 } }),
              ],
            }),
          ],
        },
      ],
    }),
  );
}

test(
  'every article helper route opens its helper; closing returns to the editor',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server, { mediaName: '助手测试作者' });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      await page.goto(`${server.baseUrl}/article`);
      await useStoredLanguage(page, lang);
      for (const h of HELPERS) {
        await page.goto(`${server.baseUrl}${h.path}`);
        await helperLocator(h.name).waitFor({ state: 'visible' });
        await page.getByTestId('article-title').waitFor();
        await page.waitForTimeout(400); // the dialog's opening animation
        await shot(page, `article-helper-${h.name}-${lang}`);
      }
    }
    // closing: the dialog's close button (the tour's too) goes back to /article with the same id, the helper gone
    await page.goto(`${server.baseUrl}/article/getData`);
    await helperLocator('import').waitFor();
    await page.locator('.ant-modal-close').click();
    await page.waitForURL(`${server.baseUrl}/article`);
    await helperLocator('import').waitFor({ state: 'detached' });
    await page.goto(`${server.baseUrl}/article/toolbarTips`);
    await helperLocator('toolbarTips').waitFor();
    await page.locator('.ant-tour-close').click();
    await page.waitForURL(`${server.baseUrl}/article`);
  },
);

test(
  'imports a real .docx end to end: converted on the server, previewed, the body replaced',
  { timeout: LIMIT_MS },
  async () => {
    await signIn(page, server, { mediaName: '导入测试作者' });
    await page.goto(`${server.baseUrl}/article`);
    await useStoredLanguage(page, 'en-US');
    await page.getByTestId('article-title').fill('A road trip from Word');
    // open the helper from the toolbar's menu (the entry point besides the address)
    await page.getByTestId('helpers-menu').click();
    await page.getByRole('menuitem', { name: 'Import a draft' }).click();
    await page.waitForURL(/\/article\/getData/);
    await helperLocator('import').waitFor();
    await page
      .getByTestId('article-helper-import')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'trip.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await sampleDocx(),
      });
    const preview = page.getByTestId('import-preview');
    await preview.locator('h2', { hasText: 'Spring road trip' }).waitFor();
    assert.equal(await preview.locator('strong').textContent(), 'four hundred kilometres');
    assert.equal(await preview.locator('li').count(), 2);
    const src = await preview.locator('img').getAttribute('src');
    assert.match(src ?? '', /^\/media\/img\/0x0\/images\/u\d+\//);
    await shot(page, 'article-import-preview-en-US');
    await page.getByTestId('import-replace').click();
    await page.waitForURL(/\/article(\?id=\d+)?$/);
    const body = page.locator('.cc-editor .ProseMirror');
    await body.locator('h2', { hasText: 'Spring road trip' }).waitFor();
    // the picture is our stored image, served to the browser
    const loaded = await body
      .locator('img')
      .evaluate((img: HTMLImageElement) =>
        img.complete ? img.naturalWidth : new Promise((r) => (img.onload = () => r(img.naturalWidth))),
      );
    assert.equal(loaded, 320);
    // the title typed before the helper opened is still there
    assert.equal(await page.getByTestId('article-title').inputValue(), 'A road trip from Word');
    await shot(page, 'article-import-done-en-US');
    await assertNoSeriousAxe(page, '/article after an import');

    // a refusal in the UI language: a PDF is not importable
    await useStoredLanguage(page, 'zh-CN');
    await page.goto(`${server.baseUrl}/article/upLayer/upFile`);
    await helperLocator('upFile').waitFor();
    await page
      .getByTestId('article-helper-upFile')
      .locator('input[type=file]')
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await page
      .getByTestId('up-file-error')
      .getByText(/只能导入 Word 文档/)
      .waitFor();
    await shot(page, 'article-upfile-refused-zh-CN');
  },
);
