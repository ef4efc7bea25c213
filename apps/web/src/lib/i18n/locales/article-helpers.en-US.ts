import type { articleHelpersZhCN } from './article-helpers.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of this area (issue #15). */
export const articleHelpersEnUS: Texts<typeof articleHelpersZhCN> = {
  title: 'Article helpers',
};
