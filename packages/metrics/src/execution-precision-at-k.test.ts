import { describe, expect, it } from 'vitest';
import { executionPrecisionAtK } from './execution-precision-at-k.js';

describe('executionPrecisionAtK', () => {
  it.each([
    { flags: [1, 0, 1, 1], k: 1, expected: 1 },
    { flags: [1, 0, 1, 1], k: 2, expected: 1 / 2 },
    { flags: [1, 0, 1, 1], k: 3, expected: 2 / 3 },
    { flags: [1, 0, 1, 1], k: 4, expected: 3 / 4 },
    { flags: [1], k: 10, expected: 1 / 10 },
    { flags: [1, 1, 1], k: 5, expected: 3 / 5 },
    { flags: [0, 0, 0], k: 3, expected: 0 },
    { flags: [], k: 3, expected: 0 },
  ])('returns $expected for flags $flags when k = $k', ({ flags, k, expected }) => {
    expect(executionPrecisionAtK(flags, k)).toBe(expected);
  });

  it('divides by k even when fewer than k snippets are ranked', () => {
    expect(executionPrecisionAtK([1, 1], 10)).toBe(0.2);
  });

  it.each([0, -3, 2.5])('throws RangeError when k = %s', (k) => {
    expect(() => executionPrecisionAtK([1], k)).toThrow(RangeError);
  });

  it('throws RangeError when a flag is not 0 or 1', () => {
    expect(() => executionPrecisionAtK([1, 3], 1)).toThrow(RangeError);
  });
});
