/** zh-CN texts of this area (issue #15). */
export const carphotoZhCN = {
  title: '车型图库',
  opsTab: '车型图库',
} as const;
