import { describe, expect, it } from 'vitest';
import { loadGolden } from '../test/golden.js';
import { linearQuantile, linearQuantilesInPlace } from './linear-quantile.js';
import { StatsError } from './stats-error.js';

const golden = loadGolden();

describe('linearQuantile', () => {
  it('is bit-identical to numpy.percentile (method linear) when compared on the golden samples', () => {
    let checked = 0;
    for (const c of golden.percentile) {
      c.q.forEach((q, k) => {
        expect(linearQuantile(c.values, q), `n = ${c.values.length}, q = ${q}`).toBe(c.expected[k]);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(80);
  });

  it.each([
    { values: [1, 2, 3, 4], q: 0.5, expected: 2.5 },
    { values: [4, 3, 2, 1], q: 0, expected: 1 },
    { values: [4, 3, 2, 1], q: 1, expected: 4 },
    { values: [7], q: 0.9, expected: 7 },
    { values: [5, 5, 5], q: 0.3, expected: 5 },
    { values: [0, 10], q: 0.25, expected: 2.5 },
    { values: [0, 10], q: 0.75, expected: 7.5 },
  ])('returns $expected when values = $values and q = $q', ({ values, q, expected }) => {
    expect(linearQuantile(values, q)).toBe(expected);
  });

  it('leaves its input untouched when given a typed array', () => {
    const values = new Float64Array([3, 1, 2, 5, 4]);
    linearQuantile(values, 0.4);
    expect(Array.from(values)).toEqual([3, 1, 2, 5, 4]);
  });

  it.each([
    { values: [], q: 0.5, error: RangeError },
    { values: [1, 2], q: -0.1, error: RangeError },
    { values: [1, 2], q: 1.5, error: RangeError },
    { values: [1, 2], q: Number.NaN, error: RangeError },
  ])('throws $error.name when values = $values and q = $q', ({ values, q, error }) => {
    expect(() => linearQuantile(values, q)).toThrow(error);
  });

  it('throws StatsError non-finite-value when a value is NaN', () => {
    expect(() => linearQuantile([1, Number.NaN], 0.5)).toThrow(StatsError);
  });
});

describe('linearQuantilesInPlace', () => {
  it('agrees with a full sort for random samples and tail pairs when sizes vary', () => {
    let seed = 3;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const size of [1, 2, 3, 10, 601, 5000]) {
      const values = Float64Array.from({ length: size }, () => Math.round(random() * 50) / 7);
      const sorted = Float64Array.from(values).sort();
      for (const [qLow, qHigh] of [
        [0.025, 0.975],
        [0.05, 0.95],
        [0.5, 0.5],
        [0, 1],
        [0.3, 0.31],
      ] as const) {
        const expected = [qLow, qHigh].map((q) => {
          const h = (size - 1) * q;
          const i = Math.floor(h);
          if (h >= size - 1) return sorted[size - 1];
          const a = sorted[i] as number;
          const b = sorted[i + 1] as number;
          const t = h - i;
          return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
        });
        expect(linearQuantilesInPlace(Float64Array.from(values), qLow, qHigh)).toEqual(expected);
      }
    }
  });
});
