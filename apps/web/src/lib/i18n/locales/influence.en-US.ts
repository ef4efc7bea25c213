import type { influenceZhCN } from './influence.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of the influence index and the rankings (features/influence, issue #12). */
export const influenceEnUS: Texts<typeof influenceZhCN> = {
  title: 'Influence index',
  intro:
    'Your creation, engagement, followers and credibility over the last 30 days, log-weighted by a published formula on a 0–1000 scale; each day’s index is computed at 00:10 the next day.',
  score: 'Influence index',
  outOf: 'out of {{max}}',
  day: 'Index of {{day}}',
  asOf: 'Data as of {{time}}',
  version: 'Formula v{{version}}',
  noIndex: 'No influence index yet',
  noIndexHint:
    'Publish works and gain readers and followers: the index is computed every day from 00:10 the next day.',
  publishAction: 'Publish a work',
  components: {
    title: 'What makes the index',
    points: 'Points',
    remaining: 'Still to earn',
    aria: 'Index components: {{parts}}',
    part: '{{name}} {{points}} of {{max}} points',
    term: 'Measure',
    value: 'Last 30 days',
    earned: 'Points',
    termsNote:
      'Measures are read again for that day; events that arrived late since may make them differ slightly from the day’s points.',
  },
  history: {
    title: 'Last 90 days',
    series: 'Influence index',
    aria: 'Influence index from {{start}} to {{end}}: latest {{score}}, highest {{max}}',
    empty: 'The trend shows once the index has been computed for a day.',
  },
  formula: {
    title: 'How it is computed',
    body: 'A count earns ln(count + 1) ÷ ln(cap + 1) times the measure’s points, full at the cap, so each step up is worth less than the last; a share earns its share of the points. The index is the sum of all points.',
    toRank: 'See the rankings',
  },
  rank: {
    tabs: 'Rankings',
    boards: {
      influence: 'Influence',
      hot: 'Trending',
      popular: 'Popular',
      safe: 'Safe',
      carBuying: 'Car-buying influence',
      leader: 'Leaders',
      video: 'Video',
    },
    value: {
      influence: 'Influence index',
      hot: 'Engagement growth',
      popular: 'Views and plays, 7 days',
      safe: 'Review pass rate',
      carBuying: 'Car-series engagement',
      leader: 'Influence index',
      video: 'Effective plays',
    },
    place: 'Place',
    author: 'Author',
    movementTitle: 'Since the day before',
    movement: {
      up: 'Up {{n}}',
      down: 'Down {{n}}',
      same: 'No change',
      new: 'New on the board',
    },
    newTag: 'New',
    mine: 'Your place',
    minePlace: 'No. {{place}}',
    notOnBoard: 'You are not on this board yet',
    notOnBoardHint: 'Keep publishing and engaging readers: the next day’s board may have a place for you.',
    day: 'Board of {{day}}',
    total: '{{total}} authors on the board',
    empty: 'No author is on this board that day.',
    notComputed:
      'Boards are computed at 00:10 each day for the day before; they show here after the first run.',
    toIndex: 'Your influence index',
  },
};
