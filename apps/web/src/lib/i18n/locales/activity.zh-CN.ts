/** zh-CN texts of this area (issue #15). */
export const activityZhCN = {
  title: '创作活动',
  opsTab: '活动管理',
  detailTitle: '活动详情',
} as const;
