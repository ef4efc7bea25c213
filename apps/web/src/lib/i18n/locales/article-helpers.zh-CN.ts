/** zh-CN texts of this area (issue #15). */
export const articleHelpersZhCN = {
  title: '文章助手',
} as const;
