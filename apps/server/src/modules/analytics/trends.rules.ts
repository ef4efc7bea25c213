import type { Jieba } from '@node-rs/jieba';
import { loadJieba } from '../../lib/jieba.js';

/*
 * The pure rules of the creative trends (issue #12 `creativeHot`, `creativeInterest`; docs/api.md "Creative trends
 * and topics"): the keywords of a title, how works add up per series or keyword, what "hot" and "rising" rank by.
 * No database here, so each rule has a unit test (trends.rules.test.ts).
 */

/**
 * Words that say nothing about what a work is about: function words, question and hedge words of Chinese titles
 * and their English counterparts (lower case). Single characters are dropped anyway (`extractKeywords`).
 */
export const KEYWORD_STOP_WORDS: ReadonlySet<string> = new Set(
  [
    // Chinese: pronouns, conjunctions, adverbs, question and filler words common in titles
    '一个 一些 一下 一点 一起 一样 不是 不会 不能 为什么 什么 以及 但是 到底 可以 可能 因为 所以 如何 如果',
    '就是 已经 应该 怎么 怎么样 怎样 我们 你们 他们 她们 它们 自己 大家 这个 那个 这些 那些 这样 那样',
    '这么 那么 还是 还有 没有 真的 竟然 居然 终于 只是 只有 其实 而且 虽然 不过 然后 之后 之前 现在 今天',
    '多少 哪个 哪些 有没有 是不是 能不能 值不值 要不要 一定 非常 特别 比较 更加 最后 时候 的话',
    // English
    'a an and are as at be by can for from how in is it its new of on or our than that the this to vs was',
    'what when which who why with you your',
  ]
    .join(' ')
    .split(' '),
);

const keywordCache = new Map<string, string[]>();
/** Titles whose keywords are kept in memory (a title is segmented once, not on every request). */
const KEYWORD_CACHE_MAX = 50_000;

/**
 * The keywords of a work's title (issue #12 "keywords from work titles segmented with @node-rs/jieba"): jieba's
 * precise mode (`cut`, HMM on for words missing from the dictionary), each word trimmed and lower-cased, then
 * dropped when it is a single character, holds no letter (numbers, punctuation, spaces), or is a stop word
 * (`KEYWORD_STOP_WORDS`). `比亚迪汉EV续航实测：冬季掉电多少？` → `比亚迪, ev, 续航, 实测, 冬季, 掉电`.
 * jieba is imported on the first call (issue #16, `lib/jieba.ts`).
 * @returns distinct keywords in title order (a work counts once per keyword)
 */
export async function extractKeywords(title: string): Promise<string[]> {
  return (await keywordExtractor())(title);
}

/**
 * `extractKeywords` as a synchronous function, for adding up many works at once: resolves once jieba is loaded
 * (the first call imports it, issue #16).
 * @returns `(title) => keywords`, the rule of `extractKeywords`
 */
export async function keywordExtractor(): Promise<(title: string) => string[]> {
  const jieba = await loadJieba();
  return (title) => keywordsWith(jieba, title);
}

/** `extractKeywords` with a loaded jieba. */
function keywordsWith(jieba: Jieba, title: string): string[] {
  const cached = keywordCache.get(title);
  if (cached) return cached;
  const out: string[] = [];
  for (const raw of jieba.cut(title, true)) {
    const word = raw.trim().toLowerCase();
    if ([...word].length < 2) continue;
    if (!/\p{L}/u.test(word)) continue;
    if (KEYWORD_STOP_WORDS.has(word)) continue;
    if (!out.includes(word)) out.push(word);
  }
  if (keywordCache.size >= KEYWORD_CACHE_MAX) keywordCache.clear();
  keywordCache.set(title, out);
  return out;
}

/** One subject's sums while works are added up. */
export interface TrendAccumulator {
  key: string;
  /** engagement in the window (hot) or in the last 7 complete days (interest) */
  engagement: number;
  /** interest only: the 7 days before */
  previous: number;
  /** works with engagement in the window */
  works: number;
  /** engagement per point (hour or day), oldest first */
  sparkline: number[];
}

/** A work's engagement as the read model gives it. */
export interface WorkEngagement {
  /** engagement in the window (hot) or the current 7 days (interest) */
  engagement: number;
  /** interest only: the 7 days before (0 for hot) */
  previous: number;
  /** per point, as many points as the sparkline */
  points: number[];
}

/**
 * Adds works up per subject: a work counts for every series it carries or every keyword of its title, with its
 * whole engagement (a work about two series is evidence for both).
 * @param subjectsOf the subjects of one work (series ids as text, or keywords); duplicates must be removed
 * @param points the sparkline's length
 * @returns subject key → sums; a work counts in `works` when its window engagement is not 0
 */
export function accumulateBySubject<W extends WorkEngagement>(
  works: readonly W[],
  subjectsOf: (work: W) => readonly string[],
  points: number,
): Map<string, TrendAccumulator> {
  const out = new Map<string, TrendAccumulator>();
  for (const work of works) {
    for (const key of subjectsOf(work)) {
      let acc = out.get(key);
      if (!acc) {
        acc = { key, engagement: 0, previous: 0, works: 0, sparkline: new Array<number>(points).fill(0) };
        out.set(key, acc);
      }
      acc.engagement += work.engagement;
      acc.previous += work.previous;
      if (work.engagement !== 0) acc.works += 1;
      for (let i = 0; i < points; i++) acc.sparkline[i]! += work.points[i] ?? 0;
    }
  }
  return out;
}

const byKey = (a: TrendAccumulator, b: TrendAccumulator) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The hot list (`creative/hot`): subjects with engagement above 0, most engagement first, then more works, then
 * by key (a stable order for ties).
 * @param limit entries kept (`TREND_TOP_N`)
 */
export function rankHot(subjects: Iterable<TrendAccumulator>, limit: number): TrendAccumulator[] {
  return [...subjects]
    .filter((s) => s.engagement > 0)
    .sort((a, b) => b.engagement - a.engagement || b.works - a.works || byKey(a, b))
    .slice(0, limit);
}

/**
 * The growth of a subject (`creative/interest` `growthRate`): `(current − previous) ÷ previous`, 4 decimals; null
 * when `previous` ≤ 0 (new this week: no finite rate).
 */
export function growthRate(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 10_000) / 10_000;
}

/**
 * The rising list (`creative/interest`; docs/api.md "Creative trends and topics"): subjects with at least
 * `minEngagement` in the last 7 complete days and more than in the 7 before. New ones (nothing before,
 * `growthRate` null) come first, by engagement; then the others by growth rate, then engagement, then key.
 * @param minEngagement `INTEREST_MIN_ENGAGEMENT`
 * @param limit entries kept (`TREND_TOP_N`)
 */
export function rankRising(
  subjects: Iterable<TrendAccumulator>,
  minEngagement: number,
  limit: number,
): (TrendAccumulator & { growthRate: number | null })[] {
  return [...subjects]
    .filter((s) => s.engagement >= minEngagement && s.engagement > s.previous)
    .map((s) => ({ ...s, growthRate: growthRate(s.engagement, s.previous) }))
    .sort((a, b) => {
      if (a.growthRate === null || b.growthRate === null) {
        if (a.growthRate !== b.growthRate) return a.growthRate === null ? -1 : 1;
        return b.engagement - a.engagement || byKey(a, b);
      }
      return b.growthRate - a.growthRate || b.engagement - a.engagement || byKey(a, b);
    })
    .slice(0, limit);
}
