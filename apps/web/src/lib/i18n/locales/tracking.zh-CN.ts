/** zh-CN texts of this area (issue #15). */
export const trackingZhCN = {
  title: '产品使用',
  opsTab: '产品使用',
} as const;
