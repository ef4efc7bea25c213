import type { topicZhCN } from './topic.zh-CN';

/** en-US texts of the topic page (issue #10 "Topics"). */
export const topicEnUS: typeof topicZhCN = {
  title: 'Topics',
  search: 'Search topics',
  intro:
    'Choose a topic when you publish a work and readers find it on the topic page. Pick a topic to see your works in it.',
  none: 'No topic matches',
  workCount: 'My works: {{count}}',
  noWorks: 'None of your works is in this topic yet: choose it when you publish.',
};
