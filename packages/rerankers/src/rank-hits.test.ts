import { describe, expect, it } from 'vitest';
import { rankHits } from './rank-hits.js';

describe('rankHits', () => {
  it('sorts by score descending when scores differ', () => {
    expect(rankHits([0.1, 0.7, 0.4], [1, 7, 4]).map((h) => h.index)).toEqual([1, 2, 0]);
  });

  it('keeps first-stage order when scores tie', () => {
    expect(rankHits([0.5, 0.9, 0.5, 0.9], [0, 0, 0, 0]).map((h) => h.index)).toEqual([1, 3, 0, 2]);
  });

  it('keeps only topN hits when topN is given', () => {
    expect(rankHits([3, 1, 2], [30, 10, 20], 2)).toEqual([
      { index: 0, score: 3, rawScore: 30 },
      { index: 2, score: 2, rawScore: 20 },
    ]);
  });

  it('sorts -Infinity last when a score is -Infinity', () => {
    expect(rankHits([Number.NEGATIVE_INFINITY, -5], [0, 0]).map((h) => h.index)).toEqual([1, 0]);
  });

  it.each([[0], [1.5], [-1]])('throws RangeError when topN is %d', (topN) => {
    expect(() => rankHits([1], [1], topN)).toThrow(RangeError);
  });

  it('throws RangeError when a score is NaN', () => {
    expect(() => rankHits([1, Number.NaN], [1, 1])).toThrow(/score 1 is NaN/);
  });
});
