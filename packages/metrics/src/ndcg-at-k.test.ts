import { describe, expect, it } from 'vitest';
import { ndcgAtK } from './ndcg-at-k.js';

const L3 = Math.log2(3);
const L5 = Math.log2(5);

describe('ndcgAtK', () => {
  it.each([
    // single relevant snippet (the canonical)
    { gains: [1, 0, 0], k: 1, ideal: [1], expected: 1 },
    { gains: [0, 1, 0], k: 1, ideal: [1], expected: 0 },
    { gains: [0, 1, 0], k: 3, ideal: [1], expected: 1 / L3 },
    { gains: [0, 0, 1], k: 3, ideal: [1], expected: 1 / 2 },
    { gains: [0, 0, 0, 1], k: 4, ideal: [1], expected: 1 / L5 },
    // two relevant snippets
    { gains: [1, 0, 1], k: 3, ideal: [1, 1], expected: (1 + 1 / 2) / (1 + 1 / L3) },
    { gains: [1, 0, 1], k: 1, ideal: [1, 1], expected: 1 },
    { gains: [0, 1, 1], k: 2, ideal: [1, 1], expected: 1 / L3 / (1 + 1 / L3) },
    // graded gains: ideal sorted descending whatever the input order
    { gains: [1, 2], k: 2, ideal: [1, 2], expected: (1 + 2 / L3) / (2 + 1 / L3) },
    { gains: [2, 1], k: 2, ideal: [1, 2], expected: 1 },
    // relevant snippet not ranked: IDCG still counts it
    { gains: [1, 0], k: 5, ideal: [1, 1], expected: 1 / (1 + 1 / L3) },
  ])('returns $expected for gains $gains, k = $k, ideal $ideal', ({ gains, k, ideal, expected }) => {
    expect(ndcgAtK(gains, k, ideal)).toBeCloseTo(expected, 15);
  });

  it('equals exec@1 at k = 1 when the canonical is the only relevant snippet', () => {
    for (const gains of [
      [1, 0],
      [0, 1],
      [0, 0],
    ]) {
      expect(ndcgAtK(gains, 1, [1])).toBe(gains[0]);
    }
  });

  it.each([
    { gains: [0, 0], ideal: [] },
    { gains: [0, 0], ideal: [0, 0] },
    { gains: [], ideal: [] },
  ])('returns 0 when no relevant snippet is known (gains $gains, ideal $ideal)', ({ gains, ideal }) => {
    expect(ndcgAtK(gains, 5, ideal)).toBe(0);
  });

  it('returns 0 when the ranking is empty and a relevant snippet exists', () => {
    expect(ndcgAtK([], 3, [1])).toBe(0);
  });

  it('does not modify idealGains when sorting it', () => {
    const ideal = [1, 3, 2];
    ndcgAtK([3], 2, ideal);
    expect(ideal).toEqual([1, 3, 2]);
  });

  it('throws RangeError when the ranking holds more gain than idealGains allows', () => {
    expect(() => ndcgAtK([1, 1], 2, [1])).toThrow(/exceeds IDCG@2/);
  });

  it.each([
    { gains: [-1], ideal: [1] },
    { gains: [Number.NaN], ideal: [1] },
    { gains: [1], ideal: [Number.POSITIVE_INFINITY] },
  ])('throws RangeError when a gain is negative or not finite ($gains, $ideal)', ({ gains, ideal }) => {
    expect(() => ndcgAtK(gains, 1, ideal)).toThrow(RangeError);
  });

  it('throws RangeError when k is not a positive integer', () => {
    expect(() => ndcgAtK([1], 0, [1])).toThrow(RangeError);
  });
});
