import { describe, expect, it } from 'vitest';
import { parsePermutation } from './parse-permutation.js';

describe('parsePermutation', () => {
  it.each([
    ['[2] > [1] > [3]', 3, [1, 0, 2]],
    ['  [3]>[1]  ', 4, [2, 0, 1, 3]],
    ['[2] > [9] > [2] > [0]', 3, [1, 0, 2]],
    ['[1]', 1, [0]],
  ] as const)('reads %j over %d candidates as %j', (answer, count, expected) => {
    expect(parsePermutation(answer, count)).toEqual(expected);
  });

  it('reads structured output when the answer is an array of identifiers', () => {
    expect(parsePermutation([3, 3, 1], 3)).toEqual([2, 0, 1]);
  });

  it.each([['The ranking is [2] > [1]'], ['[2] > [1].'], ['2 > 1'], [''], ['[2], [1]']])(
    'returns null when the answer %j is not strictly identifiers',
    (answer) => {
      expect(parsePermutation(answer, 2)).toBeNull();
    },
  );

  it('returns null when structured output holds a non-integer', () => {
    expect(parsePermutation([1.5, 2], 2)).toBeNull();
  });
});
