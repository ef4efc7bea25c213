import type { ThemeConfig } from 'antd';

/** The brand colour (DESIGN.md): a car-media blue, antd's colorPrimary. */
export const BRAND_COLOR = '#2468F2';

/** System Chinese stacks first (DESIGN.md), then the platform UI fonts. */
export const FONT_FAMILY =
  '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Hiragino Sans GB", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

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
  },
  components: {
    Layout: {
      headerHeight: 60,
      headerBg: BRAND_COLOR,
      headerPadding: 0,
      bodyBg: '#f4f6fa',
      footerBg: 'transparent',
    },
    Menu: { itemHeight: 38, groupTitleFontSize: 12 },
    Statistic: { contentFontSize: 26 },
  },
};

/** Style for numbers: tabular figures so columns of counts line up (DESIGN.md). */
export const tabularNums = { fontVariantNumeric: 'tabular-nums' } as const;
