import type { ThemeConfig } from 'antd';

/** The brand colour (DESIGN.md): a car-media blue, antd's colorPrimary. */
export const BRAND_COLOR = '#2468F2';

/**
 * The brand blue darkened for text on its own tints (selected menu item, active tabs, info tags) and for the
 * focus ring: 5.5:1 or more on white and on the pale blues, where #2468F2 falls to 4.3:1 (issue #9, WCAG
 * 1.4.3 and 1.4.11). `styles.css` repeats it as `--cc-brand-text` / `--cc-focus`.
 */
export const BRAND_TEXT_COLOR = '#1a56db';

/** The focus ring (issue #9): at least 3:1 against white and the page's greys (6.2:1 on white). */
export const FOCUS_COLOR = BRAND_TEXT_COLOR;

/**
 * Secondary text (captions, hints, counters, the menu's group titles): AA 4.5:1 on white and the page's greys
 * (5.5:1 on #f0f2f5), where antd's default 0.45 black is 3.4:1 (issue #9). `--cc-text-description` in CSS.
 */
export const TEXT_DESCRIPTION_COLOR = 'rgba(0, 0, 0, 0.6)';

/**
 * Errors and danger actions: antd's red-7, 5.6:1 on white and under white text, where the default #ff4d4f is
 * 3.3:1 (issue #9). `--cc-error` in CSS.
 */
export const ERROR_COLOR = '#cf1322';

/**
 * Status tag words on their pale backgrounds at AA (issue #9): antd draws a status tag's text in the status
 * colour itself (#52c41a on #f6ffed is 2.2:1), so tags get darker shades of the same hues (5.0:1 or more).
 */
const TAG_TEXT_COLORS = {
  colorSuccess: '#237804',
  colorInfo: BRAND_TEXT_COLOR,
  colorWarning: '#874d00',
  colorError: '#a8071a',
} as const;

/** System Chinese stacks first (DESIGN.md), then the platform UI fonts. */
export const FONT_FAMILY =
  '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Hiragino Sans GB", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The English UI's stack: the platform UI fonts first, then the Chinese ones for any Chinese text. With a CJK font
 * first, Latin punctuation such as ’ and “ ” renders full-width inside English words ("platform’ s").
 */
export const FONT_FAMILY_LATIN_FIRST =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Hiragino Sans GB", sans-serif';

let latinTheme: ThemeConfig | undefined;
/** The theme for a UI language: en-US takes the Latin-first stack, the rest `theme` (one object each, kept). */
export function themeFor(language: string): ThemeConfig {
  if (language !== 'en-US') return theme;
  latinTheme ??= { ...theme, token: { ...theme.token, fontFamily: FONT_FAMILY_LATIN_FIRST } };
  return latinTheme;
}

/** The one theme of the app: antd tokens, not per-page CSS. */
export const theme: ThemeConfig = {
  cssVar: { key: 'cc' },
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    fontFamily: FONT_FAMILY,
    borderRadius: 6,
    colorBgLayout: '#f4f6fa',
    colorTextDescription: TEXT_DESCRIPTION_COLOR,
    // antd's placeholder grey (#bfbfbf, 1.8:1) fails WCAG AA where a placeholder is text (a Select's, axe found it)
    colorTextPlaceholder: TEXT_DESCRIPTION_COLOR,
    // and its tertiary grey (#8c8c8c, 3.4:1) is the label colour of Descriptions inside cards (axe, issue #14)
    colorTextTertiary: TEXT_DESCRIPTION_COLOR,
    colorError: ERROR_COLOR,
    // antd draws every component's focus outline (buttons, menu items, tabs, checkboxes…) in colorPrimaryBorder
    colorPrimaryBorder: FOCUS_COLOR,
  },
  components: {
    Layout: {
      headerHeight: 60,
      headerBg: BRAND_COLOR,
      headerPadding: 0,
      bodyBg: '#f4f6fa',
      footerBg: 'transparent',
    },
    Menu: {
      itemHeight: 38,
      groupTitleFontSize: 12,
      itemSelectedColor: BRAND_TEXT_COLOR,
    },
    Tag: TAG_TEXT_COLORS,
    Statistic: { contentFontSize: 26 },
  },
};

/** Style for numbers: tabular figures so columns of counts line up (DESIGN.md). */
export const tabularNums = { fontVariantNumeric: 'tabular-nums' } as const;
