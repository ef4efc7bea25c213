import type { pickersZhCN } from './pickers.zh-CN';

/** en-US texts of the topic and car-series pickers of every editor (issue #10). */
export const pickersEnUS: typeof pickersZhCN = {
  topic: {
    placeholder: 'Choose a topic (optional)',
    failed: 'Topics could not be loaded',
  },
  carSeries: {
    placeholder: 'Search a brand or series, e.g. “BYD Han” (up to {{max}})',
    type: 'Type a brand or series name',
    none: 'No such series in the car catalogue',
  },
};
