import type { activityZhCN } from './activity.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of this area (issue #15). */
export const activityEnUS: Texts<typeof activityZhCN> = {
  title: 'Activities',
  opsTab: 'Activities',
  detailTitle: 'Activity',
};
