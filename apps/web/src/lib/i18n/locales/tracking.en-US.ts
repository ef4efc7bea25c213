import type { trackingZhCN } from './tracking.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of this area (issue #15). */
export const trackingEnUS: Texts<typeof trackingZhCN> = {
  title: 'Product usage',
  opsTab: 'Product usage',
};
