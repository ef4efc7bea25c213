/** zh-CN texts of the topic page (issue #10 "Topics"). */
export const topicZhCN = {
  title: '话题',
  search: '搜索话题',
  intro: '发布作品时可以选择一个话题，读者会在话题页看到它。点选左侧话题，查看你在该话题下的作品。',
  none: '没有找到相关话题',
  workCount: '我的作品 {{count}}',
  noWorks: '你还没有在这个话题下发布作品，发布时选择该话题即可加入。',
};
