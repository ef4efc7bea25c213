export { CreativeHotView } from './components/creative-hot';
export { CreativeInterestView } from './components/creative-interest';
export { TopicEngagementCard, TopicTopWorks, topicPeriodOf } from './components/topic-engagement';
export { trendKindOf } from './logic';
export type { TrendRowAction } from './components/parts';
