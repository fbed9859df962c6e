import { describe, expect, it } from 'vitest';
import { estimateTokens, planBatches } from './batching.js';

describe('estimateTokens', () => {
  it.each([
    ['', 1],
    ['abc', 1],
    ['abcd', 2],
    ['def add(a, b): return a + b', 9],
    ['ééé', 2], // 6 UTF-8 bytes
  ])('estimates %j as %d tokens at 3 bytes per token', (text, expected) => {
    expect(estimateTokens(text)).toBe(expected);
  });

  it('throws RangeError for a non-positive ratio', () => {
    expect(() => estimateTokens('x', 0)).toThrow(RangeError);
  });
});

describe('planBatches', () => {
  it.each([
    [
      [5, 5, 5, 5, 5],
      2,
      null,
      [
        [0, 2],
        [2, 4],
        [4, 5],
      ],
    ],
    [
      [4, 4, 4, 9],
      10,
      10,
      [
        [0, 2],
        [2, 3],
        [3, 4],
      ],
    ],
    [
      [20, 1],
      10,
      10,
      [
        [0, 1],
        [1, 2],
      ],
    ],
    [[1, 2, 3], 5, 6, [[0, 3]]],
    [
      [1, 2, 3, 1],
      5,
      6,
      [
        [0, 3],
        [3, 4],
      ],
    ],
    [[], 3, null, []],
  ] as const)('splits %j with maxBatch %d and token cap %s into %j', (tokens, maxBatch, cap, expected) => {
    expect(planBatches(tokens, maxBatch, cap)).toEqual(expected);
  });

  it('throws RangeError for maxBatch 0', () => {
    expect(() => planBatches([1], 0, null)).toThrow(RangeError);
  });
});
