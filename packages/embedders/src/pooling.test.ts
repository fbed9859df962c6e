import { describe, expect, it } from 'vitest';
import { poolTokenStates } from './pooling.js';

// Two sequences, seq 3, hidden 2. Row 0 is right-padded (2 real tokens), row 1 left-padded (2 real tokens).
const hidden = new Float32Array([
  1,
  2,
  3,
  4,
  9,
  9, //
  8,
  8,
  5,
  6,
  7,
  10,
]);
const mask = [1, 1, 0, 0, 1, 1];

describe('poolTokenStates', () => {
  it.each([
    ['cls', [1, 2, 5, 6]],
    ['mean', [2, 3, 6, 8]],
    ['last-token', [3, 4, 7, 10]],
  ] as const)('pools %s over unmasked tokens whichever side is padded', (pooling, expected) => {
    expect(Array.from(poolTokenStates(hidden, mask, 2, 3, 2, pooling))).toEqual(expected);
  });

  it('accepts a bigint mask as transformers.js returns it', () => {
    expect(Array.from(poolTokenStates(hidden, mask.map(BigInt), 2, 3, 2, 'mean'))).toEqual([2, 3, 6, 8]);
  });

  it('returns zeros for a sequence with no real token', () => {
    expect(Array.from(poolTokenStates(new Float32Array([5, 5]), [0], 1, 1, 2, 'mean'))).toEqual([0, 0]);
    expect(Array.from(poolTokenStates(new Float32Array([5, 5]), [0], 1, 1, 2, 'last-token'))).toEqual([0, 0]);
  });

  it('throws RangeError when shapes disagree', () => {
    expect(() => poolTokenStates(hidden, mask, 2, 3, 3, 'cls')).toThrow(RangeError);
    expect(() => poolTokenStates(hidden, [1, 1], 2, 3, 2, 'cls')).toThrow(RangeError);
  });
});
