/** zh-CN texts of the accessibility aids (issue #9, DESIGN.md "Accessibility"). */
export const a11yZhCN = {
  skipToContent: '跳到主要内容',
} as const;
