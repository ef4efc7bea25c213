import type { a11yZhCN } from './a11y.zh-CN';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** en-US texts of the accessibility aids (issue #9): the same keys as zh-CN. */
export const a11yEnUS: Widen<typeof a11yZhCN> = {
  skipToContent: 'Skip to main content',
};
