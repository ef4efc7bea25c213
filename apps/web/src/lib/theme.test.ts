import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { theme as antdTheme } from 'antd';
import {
  BRAND_COLOR,
  BRAND_TEXT_COLOR,
  ERROR_COLOR,
  FOCUS_COLOR,
  TEXT_DESCRIPTION_COLOR,
  FONT_FAMILY,
  FONT_FAMILY_LATIN_FIRST,
  theme,
  themeFor,
} from './theme';

// Issue #9 "Accessibility": the theme's colours meet WCAG 2.1 AA where antd draws text on them (4.5:1) and
// the focus ring stands out (3:1), computed from the tokens antd derives from our theme, not from hand copies.

type Rgba = [number, number, number, number];

/** `#rgb`, `#rrggbb` or `rgb(a)(…)` as [r, g, b, alpha]. */
function parse(css: string): Rgba {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(css.trim());
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(css.trim());
  if (!rgb) throw new Error(`not a colour: ${css}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
}

/** `top` composited over the opaque `under`, channels rounded as a browser paints them. */
function over(top: Rgba, under: number[]): number[] {
  return [0, 1, 2].map((i) => Math.round(top[i]! * top[3] + under[i]! * (1 - top[3])));
}

/** WCAG 2.1 contrast ratio of `fg` laid over `bg`, itself laid over white (the page). */
function contrast(fg: string, bg: string): number {
  const b = over(parse(bg), [255, 255, 255]);
  const f = over(parse(fg), b);
  const lum = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(f), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const token = antdTheme.getDesignToken(theme);
/** The page's backgrounds: cards, the layout grey, antd's light fills and the app's own greys (styles.css). */
const SURFACES = [
  token.colorBgContainer,
  token.colorBgLayout,
  token.colorFillAlter,
  '#fafbfc',
  '#f0f2f5',
  '#f7f9fd',
];

describe('theme contrast (issue #9)', () => {
  it('checks its own arithmetic against known WCAG figures', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // antd's default secondary text, the defect: 0.45 black on white is 3.36:1
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 2);
  });

  it('secondary text (captions, counters, menu group titles) is AA on every surface', () => {
    expect(token.colorTextDescription).toBe(TEXT_DESCRIPTION_COLOR);
    expect(theme.components?.Menu?.groupTitleColor ?? token.colorTextDescription).toBe(
      TEXT_DESCRIPTION_COLOR,
    );
    for (const bg of SURFACES) expect(contrast(token.colorTextDescription, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('the selected menu item and brand text on pale blues are AA', () => {
    expect(theme.components?.Menu?.itemSelectedColor).toBe(BRAND_TEXT_COLOR);
    // antd's menu selection background is controlItemBgActive (= colorPrimaryBg)
    for (const bg of [token.controlItemBgActive, token.colorPrimaryBg, token.colorInfoBg, '#eef3ff'])
      expect(contrast(BRAND_TEXT_COLOR, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('errors and danger actions are AA as text and under white text', () => {
    expect(token.colorError).toBe(ERROR_COLOR);
    for (const bg of SURFACES) expect(contrast(token.colorError, bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token.colorError)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
  });

  it('status tags say their word at AA on their own pale backgrounds', () => {
    const tag = theme.components?.Tag;
    const pairs: [string | undefined, string][] = [
      [tag?.colorSuccess, token.colorSuccessBg],
      [tag?.colorInfo, token.colorInfoBg],
      [tag?.colorWarning, token.colorWarningBg],
      [tag?.colorError, token.colorErrorBg],
    ];
    for (const [fg, bg] of pairs) expect(contrast(fg ?? 'missing', bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring antd draws (colorPrimaryBorder) is at least 3:1 on every surface, 2 px or more', () => {
    expect(token.colorPrimaryBorder).toBe(FOCUS_COLOR);
    expect(token.lineWidthFocus).toBeGreaterThanOrEqual(2);
    for (const bg of SURFACES) expect(contrast(FOCUS_COLOR, bg)).toBeGreaterThanOrEqual(3);
  });
});

describe('styles.css repeats the theme (one set of colours)', () => {
  const styles = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../styles.css'), 'utf8');
  const root = /:root\s*\{([^}]*)\}/.exec(styles)?.[1] ?? '';
  const cssVar = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(root)?.[1]?.trim().toLowerCase();

  it.each([
    ['cc-brand', BRAND_COLOR],
    ['cc-brand-text', BRAND_TEXT_COLOR],
    ['cc-focus', FOCUS_COLOR],
    ['cc-text-description', TEXT_DESCRIPTION_COLOR],
    ['cc-error', ERROR_COLOR],
  ])('--%s is %s', (name, value) => {
    expect(cssVar(name)).toBe(value.toLowerCase());
  });

  it('draws a global :focus-visible ring of 2 px in the focus colour', () => {
    expect(styles).toMatch(/(^|\n):focus-visible\s*\{\s*outline:\s*2px solid var\(--cc-focus\);/);
  });
});

describe('fonts per language', () => {
  it('English puts Latin fonts first (curly quotes drawn by a CJK font look full-width); Chinese keeps CJK first', () => {
    expect(themeFor('en-US').token?.fontFamily).toBe(FONT_FAMILY_LATIN_FIRST);
    expect(FONT_FAMILY_LATIN_FIRST.indexOf('Roboto')).toBeLessThan(
      FONT_FAMILY_LATIN_FIRST.indexOf('PingFang SC'),
    );
    expect(themeFor('zh-CN').token?.fontFamily).toBe(FONT_FAMILY);
    expect(themeFor('en-US')).toBe(themeFor('en-US'));
  });
});
