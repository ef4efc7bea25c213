import type { carphotoZhCN } from './carphoto.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of this area (issue #15). */
export const carphotoEnUS: Texts<typeof carphotoZhCN> = {
  title: 'Car photo library',
  opsTab: 'Car photos',
};
