import { z } from 'zod';
import { pageParamSchema } from './schemas.js';
import type { Bilingual } from './server-messages.js';
import { idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * The influence index and the daily rankings (issue #12 `exponent`, `manage/influenceIndex`, `rank`, the
 * `exponent/*` and `rank/*` boards; docs/decisions/0009-influence-index.md, docs/api.md "Influence index and
 * rankings"). The formula is published here, once: the server computes every author's daily index with
 * `influenceIndex`, the web app explains it from `INFLUENCE_TERM_RULES`, and the formula tests hold both to the
 * worked example of the documentation.
 *
 * The formula (version 1), over the 30 complete `REPORT_TZ` days ending the index's day, on a 0–1000 scale:
 * each term is worth at most `max` points; a count term earns `max × min(1, ln(x + 1) / ln(ref + 1))` (log-weighted
 * like WCI's `0.70·ln(reads + 1) + …`, saturating at `ref`), a share term `max × x` (x in 0–1). Terms are rounded
 * to 0.1 point; a component is the sum of its terms, the index the sum of the components (so the parts shown
 * always add up to the whole).
 */

/**
 * The version of the published formula; a new version changes the rules below and is a new decision record.
 * 2 (issue #14): the credit score wired in as `creditFactor` = score ÷ 100 on the credibility term.
 */
export const INFLUENCE_FORMULA_VERSION = 2;
/** The index's scale: a score is 0 … 1000 points. */
export const INFLUENCE_SCALE = 1000;
/** The window of the index: the complete days ending the index's day (issue #12 "last 30 complete days"). */
export const INFLUENCE_WINDOW_DAYS = 30;
/** Days of history `influence/index` answers (its history line). */
export const INFLUENCE_HISTORY_DAYS = 90;
/** Recent days the `influence-daily` job computes at start when they have no index yet. */
export const INFLUENCE_CATCH_UP_DAYS = 7;

/** The four components of the index, in display order. */
export const INFLUENCE_COMPONENTS = ['creation', 'engagement', 'fans', 'credibility'] as const;
export type InfluenceComponentKey = (typeof INFLUENCE_COMPONENTS)[number];

/** The terms of the formula, in display order (each belongs to one component). */
export const INFLUENCE_TERMS = [
  'works',
  'activeDays',
  'reads',
  'interactions',
  'completionRate',
  'fansTotal',
  'fansNet',
  'passRate',
] as const;
export type InfluenceTermKey = (typeof INFLUENCE_TERMS)[number];

/** One term of the formula: how many points it is worth and how its input earns them. */
export interface InfluenceTermRule {
  key: InfluenceTermKey;
  component: InfluenceComponentKey;
  /** the most points the term earns */
  max: number;
  /**
   * `log`: a count earning `max × min(1, ln(x + 1) / ln(ref + 1))`; `share`: a value in 0–1 earning `max × x`
   */
  kind: 'log' | 'share';
  /** `log` terms: the count at which the term is full (its saturation point) */
  ref?: number;
  /** how the input is shown: a count, or a share (0–1, shown as a percentage) */
  unit: 'count' | 'share';
  name: Bilingual;
  /** what the input is and where it comes from, in words (the page's explanation) */
  definition: Bilingual;
}

/**
 * The terms of formula version 1 (weights sum to 1000: creation 150, engagement 500, fans 250, credibility 100).
 * Saturation points are set where a top automotive author of a month lands (10 million reads, 1 million
 * interactions, 10 million followers), so the scale separates authors over five orders of magnitude.
 */
export const INFLUENCE_TERM_RULES: readonly InfluenceTermRule[] = [
  {
    key: 'works',
    component: 'creation',
    max: 90,
    kind: 'log',
    ref: 60,
    unit: 'count',
    name: { 'zh-CN': '发布作品数', 'en-US': 'Works published' },
    definition: {
      'zh-CN': '近 30 天发布且仍在线的作品数（所有类型），ln(作品数 + 1)，60 篇封顶。',
      'en-US':
        'Works of every type published in the last 30 days and still published; ln(works + 1), full at 60.',
    },
  },
  {
    key: 'activeDays',
    component: 'creation',
    max: 60,
    kind: 'log',
    ref: 30,
    unit: 'count',
    name: { 'zh-CN': '发布天数', 'en-US': 'Publishing days' },
    definition: {
      'zh-CN': '近 30 天中有作品发布的天数，ln(天数 + 1)，30 天封顶：稳定更新比集中发布得分高。',
      'en-US':
        'Days of the last 30 with at least one work published; ln(days + 1), full at 30: a steady rhythm beats a burst.',
    },
  },
  {
    key: 'reads',
    component: 'engagement',
    max: 280,
    kind: 'log',
    ref: 10_000_000,
    unit: 'count',
    name: { 'zh-CN': '阅读与播放', 'en-US': 'Views and plays' },
    definition: {
      'zh-CN': '近 30 天所有作品的阅读量 + 播放量，ln(次数 + 1)，1000 万封顶。',
      'en-US': 'Views plus plays of every work over the last 30 days; ln(count + 1), full at 10 million.',
    },
  },
  {
    key: 'interactions',
    component: 'engagement',
    max: 170,
    kind: 'log',
    ref: 1_000_000,
    unit: 'count',
    name: { 'zh-CN': '互动', 'en-US': 'Interactions' },
    definition: {
      'zh-CN':
        '近 30 天的点赞 + 收藏 + 分享 + 评论（点赞、收藏按状态规则计净值，不小于 0），ln(次数 + 1)，100 万封顶。',
      'en-US':
        'Likes + favorites + shares + comments over the last 30 days (likes and favorites net of their state rules, never below 0); ln(count + 1), full at 1 million.',
    },
  },
  {
    key: 'completionRate',
    component: 'engagement',
    max: 50,
    kind: 'share',
    unit: 'share',
    name: { 'zh-CN': '完播率', 'en-US': 'Completion rate' },
    definition: {
      'zh-CN':
        '近 30 天视频的完播播放数 ÷ 播放数（看到时长 90% 即完播）；没有视频播放时为 0，这一项是视频作者的加分。',
      'en-US':
        'Completed plays ÷ plays of videos over the last 30 days (a play is complete at 90% of the duration); 0 without plays, so the term is a bonus for videos watched to the end.',
    },
  },
  {
    key: 'fansTotal',
    component: 'fans',
    max: 170,
    kind: 'log',
    ref: 10_000_000,
    unit: 'count',
    name: { 'zh-CN': '粉丝总数', 'en-US': 'Total followers' },
    definition: {
      'zh-CN': '指数当天结束时的粉丝数，ln(粉丝数 + 1)，1000 万封顶。',
      'en-US': 'Followers at the end of the index’s day; ln(followers + 1), full at 10 million.',
    },
  },
  {
    key: 'fansNet',
    component: 'fans',
    max: 80,
    kind: 'log',
    ref: 100_000,
    unit: 'count',
    name: { 'zh-CN': '净增粉丝', 'en-US': 'Net new followers' },
    definition: {
      'zh-CN': '近 30 天新增粉丝 − 取关粉丝，ln(max(净增, 0) + 1)，10 万封顶；净减少不扣分。',
      'en-US':
        'Followers gained − lost over the last 30 days; ln(max(net, 0) + 1), full at 100,000; a net loss takes nothing away.',
    },
  },
  {
    key: 'passRate',
    component: 'credibility',
    max: 100,
    kind: 'share',
    unit: 'share',
    name: { 'zh-CN': '审核通过率', 'en-US': 'Review pass rate' },
    definition: {
      'zh-CN':
        '1 − 近 30 天审核未通过的作品占比（近 30 天发布的作品与近 30 天被驳回的作品中，被驳回的比例）；没有作品经过审核时为 100%。信用分上线后（#14）再乘以信用系数。',
      'en-US':
        '1 − the share of works refused by review in the last 30 days (of the works published or rejected in the window); 100% when no work went through review. Once the credit score exists (#14) it is multiplied by the credit factor.',
    },
  },
];

/** The most points each component is worth (the sums of its terms' `max`). */
export const INFLUENCE_COMPONENT_MAX: Readonly<Record<InfluenceComponentKey, number>> = {
  creation: 150,
  engagement: 500,
  fans: 250,
  credibility: 100,
};

/** The names of the components (the page's bars and the documentation). */
export const INFLUENCE_COMPONENT_NAMES: Readonly<Record<InfluenceComponentKey, Bilingual>> = {
  creation: { 'zh-CN': '创作力', 'en-US': 'Creation' },
  engagement: { 'zh-CN': '传播力', 'en-US': 'Engagement' },
  fans: { 'zh-CN': '粉丝力', 'en-US': 'Fans' },
  credibility: { 'zh-CN': '可信度', 'en-US': 'Credibility' },
};

/**
 * What the index is computed from: one author's figures over the window (counts as integers ≥ 0, shares 0–1).
 * Out-of-range values are clamped (a negative count or NaN reads 0, a share above 1 reads 1).
 */
export interface InfluenceInputs {
  /** works published in the window and still published */
  works: number;
  /** days of the window with a work published, 0–30 */
  activeDays: number;
  /** views + plays in the window */
  reads: number;
  /** likes + favorites + shares + comments in the window (net of the state rules, ≥ 0) */
  interactions: number;
  /** completed plays ÷ plays of the window, 0–1 (0 without plays, API.md §11) */
  completionRate: number;
  /** followers at the end of the day */
  fansTotal: number;
  /** followers gained − lost in the window; may be negative (counts as 0) */
  fansNet: number;
  /** 1 − rejected ÷ reviewed works of the window, 0–1 (1 when none was reviewed) */
  passRate: number;
  /**
   * The credit score of issue #14 as a factor 0–1 the credibility term is multiplied by: the server passes the
   * score at the end of the day ÷ 100 (formula version 2). Absent or null: 1 (no deduction).
   */
  creditFactor?: number | null;
}

/** One term as computed: its input and the points it earned. */
export interface InfluenceTermResult {
  key: InfluenceTermKey;
  /** the input (a count, or a share 0–1) */
  value: number;
  /** points earned, 0.1 precision */
  points: number;
  max: number;
}

/** One component as computed: the sum of its terms. */
export interface InfluenceComponentResult {
  key: InfluenceComponentKey;
  points: number;
  max: number;
  terms: InfluenceTermResult[];
}

/** The index of one author and day: the score (0–1000, 0.1 precision) and every component and term. */
export interface InfluenceResult {
  score: number;
  components: InfluenceComponentResult[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const finite = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
const clampShare = (x: number | null | undefined) => Math.min(1, Math.max(0, finite(x)));

/**
 * The points of one term for its input (see the file comment): `log` terms `max × min(1, ln(x+1)/ln(ref+1))`
 * with x clamped at 0, `share` terms `max × x` with x clamped to 0–1; rounded to 0.1 point.
 */
export function influenceTermPoints(rule: InfluenceTermRule, value: number): number {
  if (rule.kind === 'share') return round1(rule.max * clampShare(value));
  const x = Math.max(0, finite(value));
  const ref = rule.ref ?? 1;
  return round1(rule.max * Math.min(1, Math.log(x + 1) / Math.log(ref + 1)));
}

/**
 * The influence index of one author and day (formula version `INFLUENCE_FORMULA_VERSION`, docs/api.md "Influence
 * index and rankings"): pure, the same on the server (which stores it daily) and in the tests. Non-decreasing in
 * every input (`fansNet` counts from 0 up); an author with no activity scores only the credibility term (100
 * with a clean record); 1000 when every term is full.
 * @param inputs the author's figures over the window (see `InfluenceInputs`; out-of-range values are clamped)
 * @returns the score 0–1000 and the four components with their terms, 0.1-point precision; the terms add up
 *   to their component and the components to the score exactly
 */
export function influenceIndex(inputs: InfluenceInputs): InfluenceResult {
  const values: Record<InfluenceTermKey, number> = {
    works: Math.max(0, finite(inputs.works)),
    activeDays: Math.max(0, finite(inputs.activeDays)),
    reads: Math.max(0, finite(inputs.reads)),
    interactions: Math.max(0, finite(inputs.interactions)),
    completionRate: clampShare(inputs.completionRate),
    fansTotal: Math.max(0, finite(inputs.fansTotal)),
    fansNet: Math.max(0, finite(inputs.fansNet)),
    passRate:
      clampShare(inputs.passRate) *
      (inputs.creditFactor === undefined || inputs.creditFactor === null
        ? 1
        : clampShare(inputs.creditFactor)),
  };
  const components = INFLUENCE_COMPONENTS.map((key) => {
    const terms = INFLUENCE_TERM_RULES.filter((r) => r.component === key).map((rule) => ({
      key: rule.key,
      value: values[rule.key],
      points: influenceTermPoints(rule, values[rule.key]),
      max: rule.max,
    }));
    return {
      key,
      points: round1(terms.reduce((s, t) => s + t.points, 0)),
      max: INFLUENCE_COMPONENT_MAX[key],
      terms,
    };
  });
  return { score: round1(components.reduce((s, c) => s + c.points, 0)), components };
}

// ---- the boards ----

/**
 * The daily rankings (issue #12): `influence` (`rank`), `leader` (`rank/leaderRank`), `hot`
 * (`exponent/hotRank`), `popular` (`exponent/popularRank`), `safe` (`exponent/safeRank`), `carBuying`
 * (`rank/carBuyingInfluenceRank`), `video` (`rank/videoRank`). Definitions in `RANK_BOARD_RULES`.
 */
export const RANK_BOARDS = ['influence', 'hot', 'popular', 'safe', 'carBuying', 'leader', 'video'] as const;
export type RankBoard = (typeof RANK_BOARDS)[number];

/**
 * How a board's `value` reads: `points` (an influence score 0–1000), `growth` (a change, 0.5 = +50 %), `count`
 * (an integer), `share` (0–1, a percentage).
 */
export type RankValueUnit = 'points' | 'growth' | 'count' | 'share';

/** One board: what its value is and who is on it (the page's explanation and docs/api.md). */
export interface RankBoardRule {
  board: RankBoard;
  unit: RankValueUnit;
  definition: Bilingual;
}

/** The smoothing of the `hot` board: engagement +K on both sides, so a jump from 1 to 3 is not +200 %. */
export const HOT_PRIOR = 10;
/** Certification fields whose authors the `carBuying` board admits (authors without a field are admitted too). */
export const CAR_BUYING_FIELDS = ['buying_guide', 'car_review'] as const;
/** Days of the `popular` board and of the `hot` board's baseline. */
export const RANK_SHORT_WINDOW_DAYS = 7;

export const RANK_BOARD_RULES: readonly RankBoardRule[] = [
  {
    board: 'influence',
    unit: 'points',
    definition: {
      'zh-CN': '按影响力指数排名：所有近 30 天有数据的作者。',
      'en-US': 'By influence index: every author with data in the last 30 days.',
    },
  },
  {
    board: 'hot',
    unit: 'growth',
    definition: {
      'zh-CN':
        '按互动热度的增长排名：当天的阅读 + 播放 + 互动，对比前 7 天的日均，(当天 + 10) ÷ (日均 + 10) − 1；只排当天有互动的作者。',
      'en-US':
        'By engagement growth: the day’s views + plays + interactions against the daily average of the 7 days before, (day + 10) ÷ (average + 10) − 1; authors with engagement that day only.',
    },
  },
  {
    board: 'popular',
    unit: 'count',
    definition: {
      'zh-CN': '按近 7 天的阅读量 + 播放量排名。',
      'en-US': 'By views + plays over the last 7 days.',
    },
  },
  {
    board: 'safe',
    unit: 'share',
    definition: {
      'zh-CN': '先按审核通过率，再按影响力指数排名：内容安全、信誉好的作者在前。',
      'en-US': 'By review pass rate, then by influence index: safe, trusted authors first.',
    },
  },
  {
    board: 'carBuying',
    unit: 'count',
    definition: {
      'zh-CN':
        '按近 30 天关联车系作品的阅读 + 播放 + 互动排名；已认证领域的作者只有“购车指南”“车评”领域参与，未认证领域的作者都参与。',
      'en-US':
        'By views + plays + interactions of works tied to car series over the last 30 days; authors certified in a field take part only in buying guides or car reviews, authors without a field all take part.',
    },
  },
  {
    board: 'leader',
    unit: 'points',
    definition: {
      'zh-CN': '认证作者（个人或机构认证已通过）按影响力指数排名。',
      'en-US': 'Certified authors (person or organization certification approved) by influence index.',
    },
  },
  {
    board: 'video',
    unit: 'count',
    definition: {
      'zh-CN': '按近 30 天视频与小视频的有效播放排名：每次播放计 1，完播再计 1。',
      'en-US':
        'By effective plays of videos and short videos over the last 30 days: each play counts 1, a completed play 1 more.',
    },
  },
];

// ---- the calls ----

/** A score as answered: 0–1000, 0.1 precision. */
const pointsSchema = z.number().min(0).max(INFLUENCE_SCALE);
const daySchema = z.iso.date();

export const influenceTermSchema = z.strictObject({
  key: z.enum(INFLUENCE_TERMS),
  /** the input: a count, or a share 0–1 (`INFLUENCE_TERM_RULES[].unit`) */
  value: z.number().min(0),
  points: pointsSchema,
  max: pointsSchema,
});
export const influenceComponentSchema = z.strictObject({
  key: z.enum(INFLUENCE_COMPONENTS),
  points: pointsSchema,
  max: pointsSchema,
  terms: z.array(influenceTermSchema),
});
export type InfluenceComponent = z.infer<typeof influenceComponentSchema>;

/**
 * `GET /api/influence/index {}` (extension, docs/api.md "Influence index and rankings"): the author's index of the
 * latest computed day. `score` and each component's `points` are what was stored that day (what the boards rank
 * by); each component's `terms` are its inputs as they read now for that day. `score` is null (and `components`
 * empty) when the author has no index that day (no data in the window).
 */
export const influenceIndexSchema = z.strictObject({
  /** when the day's index was computed (now when there is none yet) */
  asOf: isoTimeSchema,
  /** the `REPORT_TZ` day of the index; null before the first computation */
  day: daySchema.nullable(),
  score: pointsSchema.nullable(),
  components: z.array(influenceComponentSchema),
  /** the author's daily scores over the 90 days ending `day`, oldest first; days without an index left out */
  history: z.array(z.strictObject({ day: daySchema, score: pointsSchema })),
  formulaVersion: z.int().min(1),
});
export type InfluenceIndex = z.infer<typeof influenceIndexSchema>;

export const rankListParamSchema = pageParamSchema.extend({ board: z.enum(RANK_BOARDS) });
export type RankListParam = z.infer<typeof rankListParamSchema>;

/** Places moved since the day before: positive = up; null = not on the board the day before (new). */
const movementSchema = z.int().nullable();

export const rankItemSchema = z.strictObject({
  /** 1-based; equal values share a place (1, 2, 2, 4) */
  place: z.int().min(1),
  authorId: idSchema,
  mediaName: z.string(),
  /** the author's avatar template (`{0}` = size, API.md §4), absent without one */
  avatarUrl: z.string().optional(),
  /** the board's value (`RANK_BOARD_RULES[].unit`) */
  value: z.number(),
  movement: movementSchema,
});
export type RankItem = z.infer<typeof rankItemSchema>;

/**
 * `GET /api/rank/list { board, page, pageSize }` (extension): a page of the board of the latest computed day,
 * by place, plus the signed-in author's own place (`mine`, null when they are not on the board).
 */
export const rankListSchema = listDataSchema(rankItemSchema).extend({
  board: z.enum(RANK_BOARDS),
  /** the `REPORT_TZ` day ranked; null before the first computation */
  day: daySchema.nullable(),
  asOf: isoTimeSchema,
  mine: z.strictObject({ place: z.int().min(1), value: z.number(), movement: movementSchema }).nullable(),
});
export type RankList = z.infer<typeof rankListSchema>;
