/** zh-CN texts of the topic and car-series pickers of every editor (issue #10). */
export const pickersZhCN = {
  topic: {
    placeholder: '选择一个话题（选填）',
    failed: '话题加载失败',
  },
  carSeries: {
    placeholder: '输入品牌或车系搜索，如“比亚迪 汉”（最多 {{max}} 个）',
    type: '输入品牌或车系名称',
    none: '车库中没有找到这个车系',
  },
};
