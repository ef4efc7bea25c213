import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INFLUENCE_COMPONENT_MAX,
  INFLUENCE_COMPONENTS,
  INFLUENCE_SCALE,
  INFLUENCE_TERM_RULES,
  INFLUENCE_TERMS,
  type InfluenceInputs,
  influenceIndex,
  influenceTermPoints,
  RANK_BOARD_RULES,
  RANK_BOARDS,
} from './influence.js';

// The influence index's published formula (issue #12; docs/decisions/0009-influence-index.md, docs/api.md
// "Influence index and rankings"): the worked example of the documentation, bounds, log weighting, monotonicity.

/** The worked example of docs/api.md and the decision record. */
const EXAMPLE: InfluenceInputs = {
  works: 12,
  activeDays: 10,
  reads: 50_000,
  interactions: 3_000,
  completionRate: 0.35,
  fansTotal: 8_000,
  fansNet: 600,
  passRate: 12 / 13,
};

const NOTHING: InfluenceInputs = {
  works: 0,
  activeDays: 0,
  reads: 0,
  interactions: 0,
  completionRate: 0,
  fansTotal: 0,
  fansNet: 0,
  passRate: 0,
};

const termPoints = (inputs: InfluenceInputs) =>
  Object.fromEntries(
    influenceIndex(inputs).components.flatMap((c) => c.terms.map((t) => [t.key, t.points])),
  ) as Record<string, number>;

describe('the formula as published', () => {
  it('is worth 1000 points: creation 150, engagement 500, fans 250, credibility 100', () => {
    for (const key of INFLUENCE_COMPONENTS) {
      const sum = INFLUENCE_TERM_RULES.filter((r) => r.component === key).reduce((s, r) => s + r.max, 0);
      expect(sum, key).toBe(INFLUENCE_COMPONENT_MAX[key]);
    }
    expect(Object.values(INFLUENCE_COMPONENT_MAX).reduce((a, b) => a + b, 0)).toBe(INFLUENCE_SCALE);
    expect(INFLUENCE_COMPONENT_MAX).toEqual({ creation: 150, engagement: 500, fans: 250, credibility: 100 });
    expect(INFLUENCE_TERM_RULES.map((r) => r.key)).toEqual([...INFLUENCE_TERMS]);
    // every log term names where it saturates; every text exists in both languages
    for (const r of INFLUENCE_TERM_RULES) {
      if (r.kind === 'log') expect(r.ref, r.key).toBeGreaterThan(0);
      expect(
        r.name['zh-CN'] && r.name['en-US'] && r.definition['zh-CN'] && r.definition['en-US'],
      ).toBeTruthy();
    }
    expect(RANK_BOARD_RULES.map((r) => r.board)).toEqual([...RANK_BOARDS]);
  });

  it('gives the worked example of the documentation: 633.7 points', () => {
    const result = influenceIndex(EXAMPLE);
    expect(result.score).toBe(633.7);
    expect(result.components.map((c) => [c.key, c.points, c.max])).toEqual([
      ['creation', 98.1, 150],
      ['engagement', 304, 500],
      ['fans', 139.3, 250],
      ['credibility', 92.3, 100],
    ]);
    expect(termPoints(EXAMPLE)).toEqual({
      works: 56.2,
      activeDays: 41.9,
      reads: 188,
      interactions: 98.5,
      completionRate: 17.5,
      fansTotal: 94.8,
      fansNet: 44.5,
      passRate: 92.3,
    });
    // by hand: reads 280 × ln(50,001) / ln(10,000,001) = 280 × 10.8198 / 16.1181
    expect(280 * (Math.log(50_001) / Math.log(10_000_001))).toBeCloseTo(187.96, 2);
  });

  it('adds up: the terms make their component and the components the score, exactly', () => {
    fc.assert(
      fc.property(inputsArb(), (inputs) => {
        const r = influenceIndex(inputs);
        for (const c of r.components) {
          expect(c.points).toBe(Math.round(c.terms.reduce((s, t) => s + t.points, 0) * 10) / 10);
        }
        expect(r.score).toBe(Math.round(r.components.reduce((s, c) => s + c.points, 0) * 10) / 10);
      }),
    );
  });
});

describe('bounds', () => {
  it('is 0 for nothing at all, only the credibility term (100) for an author with a clean record and nothing else', () => {
    expect(influenceIndex(NOTHING).score).toBe(0);
    expect(influenceIndex({ ...NOTHING, passRate: 1 }).score).toBe(100);
  });

  it('is 1000 when every term is full, and never more however large the inputs', () => {
    const full: InfluenceInputs = {
      works: 60,
      activeDays: 30,
      reads: 10_000_000,
      interactions: 1_000_000,
      completionRate: 1,
      fansTotal: 10_000_000,
      fansNet: 100_000,
      passRate: 1,
    };
    expect(influenceIndex(full).score).toBe(1000);
    const huge = Object.fromEntries(Object.keys(full).map((k) => [k, 1e15])) as unknown as InfluenceInputs;
    expect(influenceIndex(huge).score).toBe(1000);
  });

  it('stays within 0–1000 for any input, nonsense clamped (negative counts and NaN read 0, shares 0–1)', () => {
    fc.assert(
      fc.property(inputsArb(true), (inputs) => {
        const r = influenceIndex(inputs);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(INFLUENCE_SCALE);
        for (const c of r.components) {
          expect(c.points).toBeGreaterThanOrEqual(0);
          expect(c.points).toBeLessThanOrEqual(c.max);
        }
      }),
    );
    expect(influenceIndex({ ...NOTHING, reads: -5, works: Number.NaN, completionRate: 7 }).score).toBe(50);
  });

  it('counts a net loss of followers as 0, not below', () => {
    expect(termPoints({ ...EXAMPLE, fansNet: -500 }).fansNet).toBe(0);
    expect(influenceIndex({ ...EXAMPLE, fansNet: -500 }).score).toBe(
      influenceIndex({ ...EXAMPLE, fansNet: 0 }).score,
    );
  });
});

describe('monotone in each input', () => {
  const keys = [
    'works',
    'activeDays',
    'reads',
    'interactions',
    'completionRate',
    'fansTotal',
    'fansNet',
    'passRate',
  ] as const;

  it('never falls when one input grows, the others fixed (property)', () => {
    fc.assert(
      fc.property(
        inputsArb(),
        fc.constantFrom(...keys),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (inputs, key, more) => {
          const isShare = key === 'completionRate' || key === 'passRate';
          const grown = isShare ? Math.min(1, inputs[key] + more) : inputs[key] + more;
          const bigger: InfluenceInputs = { ...inputs, [key]: grown };
          expect(influenceIndex(bigger).score).toBeGreaterThanOrEqual(influenceIndex(inputs).score);
        },
      ),
    );
  });

  it('rises with each input below its saturation point', () => {
    const steps: Record<(typeof keys)[number], number[]> = {
      works: [0, 1, 5, 20, 60],
      activeDays: [0, 1, 5, 15, 30],
      reads: [0, 10, 1_000, 100_000, 10_000_000],
      interactions: [0, 10, 1_000, 100_000, 1_000_000],
      completionRate: [0, 0.1, 0.5, 0.9, 1],
      fansTotal: [0, 10, 1_000, 100_000, 10_000_000],
      fansNet: [0, 10, 100, 10_000, 100_000],
      passRate: [0, 0.25, 0.5, 0.75, 1],
    };
    for (const key of keys) {
      const scores = steps[key].map((v) => influenceIndex({ ...NOTHING, [key]: v }).score);
      for (let i = 1; i < scores.length; i++)
        expect(scores[i], `${key} step ${i}`).toBeGreaterThan(scores[i - 1]!);
    }
  });
});

describe('log-weighted (like WCI: 0.70·ln(reads + 1) + …)', () => {
  it('earns max × ln(x + 1) / ln(ref + 1) per count term, full at ref', () => {
    for (const rule of INFLUENCE_TERM_RULES.filter((r) => r.kind === 'log')) {
      for (const x of [0, 1, 9, 99, 12_345]) {
        const expected = Math.min(rule.max, (rule.max * Math.log(x + 1)) / Math.log(rule.ref! + 1));
        expect(influenceTermPoints(rule, x), `${rule.key} ${x}`).toBeCloseTo(expected, 1);
      }
      expect(influenceTermPoints(rule, rule.ref!)).toBe(rule.max);
      expect(influenceTermPoints(rule, rule.ref! * 100)).toBe(rule.max);
    }
  });

  it('gives each tenfold of reads the same points: 1,000 → 10,000 adds what 10,000 → 100,000 adds', () => {
    const at = (reads: number) => termPoints({ ...NOTHING, reads }).reads!;
    const a = at(9_999) - at(999);
    const b = at(99_999) - at(9_999);
    expect(Math.abs(a - b)).toBeLessThanOrEqual(0.1);
    // ten times the reads is far from ten times the points
    expect(at(100_000)).toBeLessThan(at(10_000) * 1.3);
  });

  it('scales the credibility term by the credit factor of issue #14 when there is one', () => {
    expect(termPoints({ ...EXAMPLE, creditFactor: null }).passRate).toBe(92.3);
    expect(termPoints({ ...EXAMPLE, creditFactor: 0.5 }).passRate).toBe(46.2);
    expect(termPoints({ ...NOTHING, passRate: 1, creditFactor: 0 }).passRate).toBe(0);
  });
});

/** Any plausible inputs (or, with `wild`, any numbers at all). */
function inputsArb(wild = false): fc.Arbitrary<InfluenceInputs> {
  const count = wild
    ? fc.oneof(fc.double(), fc.integer({ min: -1e6, max: 1e12 }))
    : fc.integer({ min: 0, max: 50_000_000 });
  const share = wild ? fc.double() : fc.double({ min: 0, max: 1, noNaN: true });
  return fc.record({
    works: count,
    activeDays: wild ? count : fc.integer({ min: 0, max: 30 }),
    reads: count,
    interactions: count,
    completionRate: share,
    fansTotal: count,
    fansNet: wild ? count : fc.integer({ min: -1_000_000, max: 1_000_000 }),
    passRate: share,
  });
}
