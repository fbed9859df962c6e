import { describe, expect, it } from 'vitest';
import { execAtK } from './exec-at-k.js';

describe('execAtK', () => {
  it.each([
    { flags: [0, 0, 1, 0], k: 1, expected: 0 },
    { flags: [0, 0, 1, 0], k: 2, expected: 0 },
    { flags: [0, 0, 1, 0], k: 3, expected: 1 },
    { flags: [1, 0, 0], k: 1, expected: 1 },
    { flags: [1, 1, 1], k: 2, expected: 1 },
    { flags: [0, 0], k: 10, expected: 0 },
    { flags: [0, 1], k: 10, expected: 1 },
    { flags: [], k: 1, expected: 0 },
  ])('returns $expected for flags $flags when k = $k', ({ flags, k, expected }) => {
    expect(execAtK(flags, k)).toBe(expected);
  });

  it('accepts typed arrays when flags are a Uint8Array', () => {
    expect(execAtK(new Uint8Array([0, 1]), 2)).toBe(1);
    expect(execAtK(new Float64Array([0, 1]), 1)).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('throws RangeError when k = %s', (k) => {
    expect(() => execAtK([1], k)).toThrow(RangeError);
  });

  it('throws TypeError when k is not a number', () => {
    expect(() => execAtK([1], '3' as unknown as number)).toThrow(TypeError);
  });

  it.each([[[2]], [[Number.NaN]], [[0.5]], [[true]], [[-1]]])('throws RangeError when a flag is %s', (flags) => {
    expect(() => execAtK(flags as unknown as number[], 1)).toThrow(/passFlags\[0\] to be 0 \(fails\) or 1/);
  });

  it.each([[null], ['101'], [5], [{}]])('throws TypeError when passFlags is %s', (flags) => {
    expect(() => execAtK(flags as unknown as number[], 1)).toThrow(TypeError);
  });

  it('checks every flag, including those beyond k, when validating', () => {
    expect(() => execAtK([1, 0, 7], 1)).toThrow(/passFlags\[2\]/);
  });
});
