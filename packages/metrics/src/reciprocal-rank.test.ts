import { describe, expect, it } from 'vitest';
import { reciprocalRank } from './reciprocal-rank.js';

describe('reciprocalRank', () => {
  it.each([
    { flags: [1], expected: 1 },
    { flags: [0, 1], expected: 1 / 2 },
    { flags: [0, 0, 1, 1], expected: 1 / 3 },
    { flags: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], expected: 1 / 12 },
    { flags: [0, 0], expected: 0 },
    { flags: [], expected: 0 },
  ])('returns $expected for flags $flags', ({ flags, expected }) => {
    expect(reciprocalRank(flags)).toBe(expected);
  });

  it('throws RangeError when a flag is not 0 or 1', () => {
    expect(() => reciprocalRank([0, 2])).toThrow(RangeError);
  });

  it('throws TypeError when passFlags is not array-like', () => {
    expect(() => reciprocalRank(undefined as unknown as number[])).toThrow(TypeError);
  });
});
