import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  makeTestVideo,
  openPage,
  publishVideoThroughApi,
  type RunningServer,
  screenshotDir,
  signIn,
  useBrowserSuite,
} from './support.js';

// Issue #9 "Accessibility (DESIGN.md)": axe-core on the product's main pages in both languages (zero critical
// and serious violations of WCAG 2.1 A/AA), a skip link to the content, focus rings of at least 3:1 against
// what is behind them (WCAG 2.4.11 / 1.4.11), and a name on the logo and every icon-only button.
// Every test has its own browser context and its own new author (issue #7).

type Lang = 'zh-CN' | 'en-US';
const LANGS: readonly Lang[] = ['zh-CN', 'en-US'];

/** The pages the issue names; `author` pages are opened signed in as a new author. */
interface PageUnderTest {
  name: string;
  path: string;
  author: boolean;
  /** an element that shows the page has rendered its own content (not the frame's spinner) */
  ready: string;
  /** the video list needs a row, so the table's own controls are checked too */
  withVideo?: boolean;
}

const PAGES: readonly PageUnderTest[] = [
  { name: 'login', path: '/login', author: false, ready: 'form input' },
  { name: 'home', path: '/', author: true, ready: '.cc-home-grid' },
  { name: 'article', path: '/article', author: true, ready: '.cc-editor .tiptap' },
  { name: 'video-list', path: '/videos', author: true, ready: '.ant-table-row', withVideo: true },
  { name: 'video-publish', path: '/videos/video', author: true, ready: '[data-testid="upload-area"]' },
  { name: 'poster', path: '/poster?size=xhsV', author: true, ready: '.cc-tpl-grid' },
  { name: 'messages', path: '/messageList', author: true, ready: '[data-testid="group-unread-8"]' },
];

/** The entry of PAGES called `name`. */
function pageNamed(name: string): PageUnderTest {
  const found = PAGES.find((p) => p.name === name);
  if (!found) throw new Error(`no page ${name}`);
  return found;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SKIP_LINK_TEXT: Record<Lang, string> = { 'zh-CN': '跳到主要内容', 'en-US': 'Skip to main content' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let workDir: string;
let mp4: Buffer;

useBrowserSuite({
  page: false,
  setup() {
    workDir = mkdtempSync(path.join(tmpdir(), 'cc-e2e-a11y-'));
    const file = path.join(workDir, 'clip.mp4');
    // a 2 s landscape clip, so /videos has a row
    makeTestVideo(file, { seconds: 2, size: '320x180', rate: 15 });
    mp4 = readFileSync(file);
    mkdirSync(screenshotDir, { recursive: true });
  },
  teardown: () => rmSync(workDir, { recursive: true, force: true }),
  started: (running) => ({ server, browser } = running),
});

afterEach(async () => {
  await context?.close();
  assert.deepEqual(errors, [], 'no uncaught page errors');
});

/** A fresh context and page in `lang` (set as `cc.lang` before the app loads). */
async function fresh(lang: Lang): Promise<void> {
  ({ context, page, errors } = await openPage(browser, { lang }));
}

/** Opens `target` in the current language (a new author first when it needs one) and waits until it settled. */
async function open(target: PageUnderTest): Promise<void> {
  if (target.author) {
    const author = await signIn(page, server, { mediaName: '无障碍测试作者' });
    if (target.withVideo)
      await publishVideoThroughApi(page, server, author, mp4, { title: 'Night drive on the ring road' });
  }
  await page.goto(`${server.baseUrl}${target.path}`);
  await page.locator(target.ready).first().waitFor({ timeout: 30_000 });
  await settle();
}

/** Waits for the network to go quiet, loaders to leave and antd's motion to finish. */
async function settle(): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('.ant-skeleton-active, .ant-spin-spinning, .cc-stage-loading'),
  );
  // finite animations only: a spinner's infinite one never finishes
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
}

/** One line per critical/serious violation: rule, impact, help and the nodes' selectors. */
function describeViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n'),
    );
}

/** The controls that carry no visible text and no name of their own, as short HTML (empty when all are named). */
async function unnamedIconControls(): Promise<string[]> {
  // no named helpers inside: tsx would wrap them in a __name() the page does not have
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, a[href], [role="button"], [role="link"], [role="menuitem"], [role="tab"]',
      ),
    ]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[aria-hidden="true"]'))
      .filter((el) => el.getAttribute('tabindex') !== '-1' || el.closest('[role="menu"]'))
      .filter((el) => {
        if (el.innerText.trim()) return false;
        if (el.getAttribute('aria-label')?.trim() || el.getAttribute('title')?.trim()) return false;
        if ([...((el as HTMLButtonElement).labels ?? [])].some((l) => l.textContent?.trim())) return false;
        const ids = el.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
        if (ids.some((id) => document.getElementById(id)?.textContent?.trim())) return false;
        return !el.querySelector('img[alt]:not([alt=""])');
      })
      .map((el) => el.outerHTML.slice(0, 200)),
  );
}

/** The header logo is an image named in the page's language (not an unnamed or English-only mark). */
async function logoName(): Promise<string> {
  const logo = page.locator('.cc-brand svg');
  assert.equal(await logo.getAttribute('role'), 'img');
  return (await logo.getAttribute('aria-label')) ?? '';
}

for (const l of LANGS) {
  for (const target of PAGES) {
    test(`a11y: ${target.name} (${target.path}) in ${l}: no critical or serious axe violation, logo and icon buttons named`, async () => {
      await fresh(l);
      await open(target);
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      writeFileSync(
        path.join(screenshotDir, `a11y-axe-${target.name}-${l}.json`),
        JSON.stringify(
          results.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, summary: n.failureSummary })),
          })),
          null,
          1,
        ),
      );
      const found = describeViolations(results);
      assert.deepEqual(found, [], `axe found on ${target.path} in ${l}:\n${found.join('\n')}`);
      assert.deepEqual(await unnamedIconControls(), [], `controls without a name on ${target.path} in ${l}`);
      assert.equal(await logoName(), l === 'zh-CN' ? '创作者服务中心标志' : 'Creator Centre logo');
    });
  }
}

/** The element with focus, described for assertions. */
function focused(): Promise<{ tag: string; id: string; className: string; text: string; inMain: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      className: typeof el?.className === 'string' ? el.className : '',
      text: el?.innerText.trim() ?? '',
      inMain: Boolean(el && el.id !== 'main' && el.closest('main')),
    };
  });
}

for (const l of LANGS) {
  test(`skip link in ${l}: the first Tab of every layout reaches it, visible, and Enter moves focus to <main>`, async () => {
    await fresh(l);
    const layouts: PageUnderTest[] = [
      pageNamed('login'), // public layout
      pageNamed('home'), // default layout
      pageNamed('video-publish'), // only-header layout
    ];
    let signedIn = false;
    for (const target of layouts) {
      if (target.author && !signedIn) {
        await signIn(page, server);
        signedIn = true;
      }
      await page.goto(`${server.baseUrl}${target.path}`);
      await page.locator(target.ready).first().waitFor({ timeout: 30_000 });
      await settle();
      await page.keyboard.press('Tab');
      const first = await focused();
      assert.equal(first.className, 'cc-skip-link', `first Tab on ${target.path}: ${JSON.stringify(first)}`);
      assert.equal(first.text, SKIP_LINK_TEXT[l]);
      const box = await page.locator('.cc-skip-link').boundingBox();
      assert.ok(
        box && box.y >= 0 && box.height > 0,
        `the focused skip link is on screen: ${JSON.stringify(box)}`,
      );
      await page.screenshot({ path: path.join(screenshotDir, `a11y-skip-link-${target.name}-${l}.png`) });
      const url = page.url();
      await page.keyboard.press('Enter');
      assert.equal((await focused()).id, 'main', 'Enter on the skip link focuses <main>');
      assert.equal(page.url(), url, 'the address stays as it was');
      await page.keyboard.press('Tab');
      assert.ok((await focused()).inMain, `the next Tab on ${target.path} lands in the page's own content`);
    }
  });
}

/** `rgb(r, g, b)` / `rgba(r, g, b, a)` as numbers; null for anything else (transparent keywords, none). */
function parseColor(css: string): [number, number, number, number] | null {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(css);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
}

/** WCAG 2.1 contrast ratio of `fg` (alpha blended over `bg`) against opaque `bg`. */
function contrast(fg: [number, number, number, number], bg: [number, number, number, number]): number {
  const blended = [0, 1, 2].map((i) => fg[i]! * fg[3] + bg[i]! * (1 - fg[3]));
  const lum = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(blended), lum(bg.slice(0, 3))].sort((a, b) => b - a);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * Focuses `selector` as a keyboard user would (keyboard modality first) and measures its focus ring: the outline
 * (or, without one, the box-shadow ring) colour of `ringOn` (default the element itself) against the opaque
 * background under the ring (semi-transparent layers blended down): the parent's for a ring drawn outside,
 * the element's own for an inset one.
 */
async function focusRing(selector: string, ringOn?: string) {
  await page.keyboard.press('Shift');
  await page.locator(selector).first().focus();
  return page.evaluate(
    ([sel, ringSel]) => {
      const el = document.querySelector<HTMLElement>(sel!)!;
      const ringEl = ringSel ? document.querySelector<HTMLElement>(ringSel)! : el;
      const cs = getComputedStyle(ringEl);
      const outline =
        cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0
          ? { color: cs.outlineColor, width: parseFloat(cs.outlineWidth) }
          : null;
      const shadow = /(rgba?\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/.exec(cs.boxShadow);
      const backgrounds: string[] = [];
      // an inset ring (negative offset) lies on the element's own background, an outer one on its parent's
      const start = parseFloat(cs.outlineOffset) < 0 ? ringEl : ringEl.parentElement;
      for (let node = start; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') backgrounds.push(bg);
      }
      return {
        focusVisible: el.matches(':focus-visible'),
        ring: outline ?? (shadow ? { color: shadow[1]!, width: parseFloat(shadow[2]!) } : null),
        backgrounds,
      };
    },
    [selector, ringOn],
  );
}

/** The opaque colour behind an element from its ancestors' backgrounds, nearest first (white at the bottom). */
function backdrop(backgrounds: string[]): [number, number, number, number] {
  let colour: [number, number, number, number] = [255, 255, 255, 1];
  for (const css of [...backgrounds].reverse()) {
    const c = parseColor(css);
    if (!c) continue;
    colour = [0, 1, 2].map((i) => c[i]! * c[3] + colour[i]! * (1 - c[3])).concat(1) as typeof colour;
  }
  return colour;
}

for (const l of LANGS) {
  test(`focus rings in ${l}: header, menu, buttons and links show a ring of at least 3:1`, async () => {
    await fresh(l);
    await open(pageNamed('video-list'));
    const cases: { name: string; selector: string; ringOn?: string }[] = [
      { name: 'logo link (header)', selector: '.cc-brand' },
      { name: 'messages bell (header)', selector: '.cc-header a[href="/messageList"]' },
      { name: 'logout button (header)', selector: '[data-testid="logout"]' },
      { name: 'language switch (header)', selector: '.cc-lang-switch input', ringOn: '.cc-lang-switch' },
      {
        name: 'menu item (aside)',
        selector: '.cc-aside a.menu-select',
        ringOn: '.cc-aside .ant-menu-item:has(a.menu-select)',
      },
      {
        name: 'menu item, not selected',
        selector: '.cc-aside a[href="/detailManage"]',
        ringOn: '.cc-aside .ant-menu-item:has(a[href="/detailManage"])',
      },
      { name: 'primary button', selector: 'main .ant-btn-primary' },
      { name: 'link button in a row', selector: 'main .ant-table-row .ant-btn:not(.ant-btn-dangerous)' },
      { name: 'danger button in a row', selector: 'main .ant-table-row .ant-btn-dangerous' },
    ];
    const failures: string[] = [];
    for (const c of cases) {
      const m = await focusRing(c.selector, c.ringOn);
      const ring = m.ring && parseColor(m.ring.color);
      const ratio = ring ? contrast(ring, backdrop(m.backgrounds)) : 0;
      if (!m.focusVisible || !ring || m.ring!.width < 2 || ratio < 3)
        failures.push(`${c.name} (${c.selector}): ${JSON.stringify({ ...m, ratio: ratio.toFixed(2) })}`);
      if (c.name === 'primary button' || c.name === 'menu item (aside)' || c.name === 'logo link (header)') {
        const slug = c.name.split(' ')[0];
        await page.screenshot({ path: path.join(screenshotDir, `a11y-focus-${slug}-${l}.png`) });
      }
    }
    assert.deepEqual(failures, [], 'focus rings under 3:1 (or missing)');
  });
}
