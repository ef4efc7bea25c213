import { INTEREST_MIN_ENGAGEMENT, TREND_TOP_N } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import {
  accumulateBySubject,
  extractKeywords,
  growthRate,
  rankHot,
  rankRising,
  type TrendAccumulator,
} from './trends.rules.js';

// The rules of the creative trends (issue #12; docs/api.md "Creative trends and topics").

const acc = (key: string, engagement: number, previous = 0, works = 1): TrendAccumulator => ({
  key,
  engagement,
  previous,
  works,
  sparkline: [],
});

describe('extractKeywords (jieba, issue #12 "keywords from work titles")', () => {
  it('segments a Chinese title and drops stop words, single characters and punctuation', async () => {
    expect(await extractKeywords('比亚迪汉EV续航实测：冬季掉电多少？')).toEqual([
      '比亚迪',
      'ev',
      '续航',
      '实测',
      '冬季',
      '掉电',
    ]);
  });

  it('lower-cases Latin words, keeps model names with digits, drops numbers and English stop words', async () => {
    expect(await extractKeywords('理想L9 vs 问界M9，谁才是家用SUV的最优解')).toEqual([
      '理想',
      'l9',
      '问界',
      'm9',
      '家用',
      'suv',
      '最优',
    ]);
    expect(await extractKeywords('特斯拉Model Y改款上市，价格真的降了吗 2026')).toEqual([
      '特斯拉',
      'model',
      '改款',
      '上市',
      '价格',
    ]);
  });

  it('counts a word once per title', async () => {
    expect(await extractKeywords('续航续航，还是续航')).toEqual(['续航']);
    expect(await extractKeywords('？！…')).toEqual([]);
  });
});

describe('accumulateBySubject', () => {
  it('adds a work to each of its subjects with its whole engagement, point by point', () => {
    const works = [
      { subjects: ['1001', '2001'], engagement: 5, previous: 1, points: [2, 3] },
      { subjects: ['1001'], engagement: 4, previous: 0, points: [0, 4] },
      { subjects: ['2001'], engagement: 0, previous: 3, points: [1, -1] },
    ];
    const out = accumulateBySubject(works, (w) => w.subjects, 2);
    expect(out.get('1001')).toEqual({
      key: '1001',
      engagement: 9,
      previous: 1,
      works: 2,
      sparkline: [2, 7],
    });
    // a work whose engagement nets to 0 is not counted as a work
    expect(out.get('2001')).toEqual({ key: '2001', engagement: 5, previous: 4, works: 1, sparkline: [3, 2] });
  });
});

describe('rankHot', () => {
  it('most engagement first, then more works, then key; nothing at 0 or below; at most the limit', () => {
    const ranked = rankHot(
      [acc('b', 10, 0, 1), acc('a', 10, 0, 1), acc('c', 10, 0, 3), acc('d', 50), acc('e', 0), acc('f', -2)],
      TREND_TOP_N,
    );
    expect(ranked.map((s) => s.key)).toEqual(['d', 'c', 'a', 'b']);
    const many = Array.from({ length: 25 }, (_, i) => acc(`k${String(i).padStart(2, '0')}`, 100 - i));
    expect(rankHot(many, TREND_TOP_N)).toHaveLength(20);
    expect(rankHot(many, TREND_TOP_N).at(-1)!.key).toBe('k19');
  });
});

describe('the rising rule (creative/interest)', () => {
  it('growth = (this − before) ÷ before, 4 decimals; null when there was nothing before', () => {
    expect(growthRate(60, 10)).toBe(5);
    expect(growthRate(2, 3)).toBe(-0.3333);
    expect(growthRate(55, 0)).toBeNull();
    expect(growthRate(55, -2)).toBeNull();
  });

  it(`needs at least INTEREST_MIN_ENGAGEMENT (${INTEREST_MIN_ENGAGEMENT}) this week and more than the week before`, () => {
    const ranked = rankRising(
      [
        acc('at-threshold', INTEREST_MIN_ENGAGEMENT, 10),
        acc('below-threshold', INTEREST_MIN_ENGAGEMENT - 1, 1),
        acc('flat', 80, 80),
        acc('falling', 80, 100),
        acc('rising', 120, 40),
      ],
      INTEREST_MIN_ENGAGEMENT,
      TREND_TOP_N,
    );
    expect(ranked.map((s) => [s.key, s.growthRate])).toEqual([
      ['at-threshold', 4],
      ['rising', 2],
    ]);
  });

  it('new ones first (by engagement), then by growth rate, then engagement, then key', () => {
    const ranked = rankRising(
      [acc('x', 60, 30), acc('new-small', 55, 0), acc('y', 90, 45), acc('new-big', 70, 0), acc('z', 200, 20)],
      50,
      TREND_TOP_N,
    );
    expect(ranked.map((s) => s.key)).toEqual(['new-big', 'new-small', 'z', 'y', 'x']);
    expect(ranked.map((s) => s.growthRate)).toEqual([null, null, 9, 1, 1]);
  });
});
