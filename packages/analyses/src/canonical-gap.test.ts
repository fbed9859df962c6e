import { describe, expect, it } from 'vitest';
import { testGroupScores, testPool } from '../test/test-pool.js';
import { canonicalGap } from './canonical-gap.js';

const pool = testPool();
const scores = testGroupScores();

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
