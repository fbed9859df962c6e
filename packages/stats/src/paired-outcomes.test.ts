import { describe, expect, it } from 'vitest';
import { pairedOutcomes } from './paired-outcomes.js';
import { StatsError } from './stats-error.js';

describe('pairedOutcomes', () => {
  it.each([
    { a: [], b: [], expected: { aOnly: 0, bOnly: 0, both: 0, neither: 0 } },
    { a: [1, 1, 0, 0, 1], b: [1, 0, 1, 0, 0], expected: { aOnly: 2, bOnly: 1, both: 1, neither: 1 } },
    { a: [1, 1, 1], b: [1, 1, 1], expected: { aOnly: 0, bOnly: 0, both: 3, neither: 0 } },
    { a: [0, -0], b: [1, 0], expected: { aOnly: 0, bOnly: 1, both: 0, neither: 1 } },
  ])('counts the 2×2 table when a = $a and b = $b', ({ a, b, expected }) => {
    expect(pairedOutcomes(a, b)).toEqual(expected);
  });

  it('accepts typed arrays and reproduces the SPEC example table when built from counts', () => {
    const a = new Uint8Array(939);
    const b = new Float64Array(939);
    let i = 0;
    for (let k = 0; k < 47; k++) a[i++] = 1;
    for (let k = 0; k < 66; k++) b[i++] = 1;
    for (let k = 0; k < 7; k++, i++) {
      a[i] = 1;
      b[i] = 1;
    }
    expect(pairedOutcomes(a, b)).toEqual({ aOnly: 47, bOnly: 66, both: 7, neither: 819 });
  });

  it('throws RangeError when the lengths differ', () => {
    expect(() => pairedOutcomes([1, 0], [1])).toThrow(RangeError);
  });

  it('throws TypeError when an input is not array-like', () => {
    expect(() => pairedOutcomes(null as unknown as number[], [])).toThrow(TypeError);
  });

  it.each([
    { a: [1, 0.5], b: [1, 0], vector: 'a', index: 1 },
    { a: [1, 0], b: [2, 0], vector: 'b', index: 0 },
    { a: [Number.NaN], b: [0], vector: 'a', index: 0 },
  ])('throws StatsError not-binary naming $vector[$index] when a value is not 0/1', ({ a, b, vector, index }) => {
    try {
      pairedOutcomes(a, b);
      expect.unreachable();
    } catch (error) {
      expect(StatsError.is(error)).toBe(true);
      expect((error as StatsError).code).toBe('not-binary');
      expect((error as StatsError).details).toEqual({ vector, index });
    }
  });
});
