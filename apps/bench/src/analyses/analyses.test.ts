import { describe, expect, it } from 'vitest';
import { testPool } from '../test-pool.js';
import { deceptionByBugType } from './bug-type-deception.js';
import { canonicalGap } from './canonical-gap.js';
import { perDomainMean } from './domains.js';
import { editSpan } from './edit-span.js';
import { deceptionByEditSpan } from './edit-span-deception.js';
import type { GroupScores } from './group-scores.js';
import { rankOneMissAttribution } from './miss-attribution.js';
import { solvedBy } from './solved-by.js';

const pool = testPool();
// q_1: canonical 0.80, distractors 0.82 (wrong_operator, deceives) and 0.70 (off_by_one)
// q_2: canonical 0.90, distractor 0.90 (off_by_one, exact tie)
// q_3: canonical 0.50, distractors 0.60 (wrong_comparison), 0.40 (remove_edge_case_check), 0.55 (wrong_comparison)
const scores: GroupScores = {
  canonical: Float64Array.of(0.8, 0.9, 0.5),
  distractors: [Float64Array.of(0.82, 0.7), Float64Array.of(0.9), Float64Array.of(0.6, 0.4, 0.55)],
};

describe('rankOneMissAttribution', () => {
  it.each([
    { name: 'all hits', top1: [0, 3, 5], own: 0, other: 0, misses: 0 },
    { name: 'own variants', top1: [1, 4, 5], own: 2, other: 0, misses: 2 },
    { name: 'another task', top1: [3, 3, 0], own: 0, other: 2, misses: 2 },
    { name: 'an empty ranking', top1: [-1, 3, 6], own: 1, other: 0, misses: 2 },
  ])('counts $name when rank-1 snippets are $top1', ({ top1, own, other, misses }) => {
    const passes = (q: number, d: number): boolean => pool.canonicals[q]!.includes(d);
    const result = rankOneMissAttribution(pool, Int32Array.from(top1), passes);
    expect(result).toMatchObject({ queries: 3, misses, ownVariant: own, otherTask: other });
    expect(result.ownVariantShare).toBe(misses === 0 ? 0 : own / misses);
  });

  it('counts a foreign snippet that passes as a hit when exec@1 says it passes', () => {
    const result = rankOneMissAttribution(
      pool,
      Int32Array.of(3, 3, 5),
      (q, d) => d === 3 || pool.canonicals[q]!.includes(d),
    );
    expect(result.misses).toBe(0);
  });
});

describe('canonicalGap', () => {
  it('reports per-query gaps, the below rate and exact ties when scores are given', () => {
    const gap = canonicalGap(pool, scores);
    expect(Array.from(gap.gaps)).toEqual([0.8 - 0.82, 0, 0.5 - 0.6]);
    expect(gap).toMatchObject({ queries: 3, canonicalBelow: 2, tied: 1, pairs: 6, pairsBelow: 3 });
    expect(gap.canonicalBelowRate).toBeCloseTo(2 / 3, 15);
    expect(gap.medianGap).toBeCloseTo(-0.02, 15);
    expect(gap.meanGap).toBeCloseTo((-0.02 + 0 - 0.1) / 3, 15);
  });
});

describe('deceptionByBugType', () => {
  it('counts deceived triples and ties per bug type in code-point order', () => {
    const cells = deceptionByBugType(pool, scores);
    expect(Object.keys(cells)).toEqual(['off_by_one', 'remove_edge_case_check', 'wrong_comparison', 'wrong_operator']);
    expect(cells.off_by_one).toEqual({ triples: 2, deceived: 0, ties: 1, rate: 0 });
    expect(cells.wrong_comparison).toEqual({ triples: 2, deceived: 2, ties: 0, rate: 1 });
    expect(cells.wrong_operator).toEqual({ triples: 1, deceived: 1, ties: 0, rate: 1 });
    expect(cells.remove_edge_case_check).toEqual({ triples: 1, deceived: 0, ties: 0, rate: 0 });
  });
});

describe('editSpan', () => {
  it.each([
    ['return a < b', 'return a <= b', 1],
    ['return a <= b', 'return a < b', 1],
    ['x + 1', 'x - 1', 1],
    ['same', 'same', 0],
    ['abc', '', 3],
    ['aXa', 'aa', 1],
    ['f(a, b)', 'f(b, a)', 4],
  ])('editSpan(%j, %j) = %i', (a, b, expected) => {
    expect(editSpan(a, b)).toBe(expected);
  });
});

describe('deceptionByEditSpan', () => {
  it('correlates span with deception over every triple and buckets the rates', () => {
    const result = deceptionByEditSpan(pool, scores);
    expect(result.triples).toBe(6);
    // spans: q_1 → [1 ("*"→"+"), 7 ("s"→"(s + 1)")], q_2 → [1], q_3 → [1 (">"→"<"), 5 ("x > 0"→"True"), 1 (">"→">=")]
    const ones = result.buckets.find((b) => b.label === '1')!;
    expect(ones).toEqual({ label: '1', triples: 4, deceived: 3, rate: 0.75 });
    expect(result.buckets.find((b) => b.label === '5-8')).toEqual({ label: '5-8', triples: 2, deceived: 0, rate: 0 });
    // Deceived triples all have span 1 and the two large edits do not deceive: a negative correlation.
    expect(result.rhoDeceived).toBeLessThan(0);
    // Reference: scipy.stats.spearmanr([1, 7, 1, 1, 5, 1], [1, 0, 0, 1, 0, 1]) and with the margins.
    expect(result.rhoDeceived).toBeCloseTo(-0.6928203230275508, 12);
    expect(result.rhoMargin).toBeCloseTo(-0.8451542547285165, 12);
  });
});

describe('perDomainMean', () => {
  it('averages per domain when values are given per query', () => {
    expect(perDomainMean(pool, [1, 0, 1])).toEqual({ geometry: { mean: 0.5, n: 2 }, validation: { mean: 1, n: 1 } });
  });
  it('throws when the vector does not have one value per query', () => {
    expect(() => perDomainMean(pool, [1, 0])).toThrow(RangeError);
  });
});

describe('solvedBy', () => {
  it('counts solving systems per query and builds the histogram', () => {
    const result = solvedBy({ a: [1, 0, 1, 1], b: [1, 0, 0, 1], c: [1, 0, 0, 0] });
    expect(Array.from(result.perQuery)).toEqual([3, 0, 1, 2]);
    expect(Array.from(result.histogram)).toEqual([1, 1, 1, 1]);
    expect(result.systems).toBe(3);
  });
});
