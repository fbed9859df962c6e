import { describe, expect, it } from 'vitest';
import { referenceResampleIndices } from '../test/reference-stream.js';
import { createIndexSampler, resampleMeans } from './resample-means.js';

/** Column k is the indicator of query k, so n·(resampled mean) is that query's multiplicity. */
function indicatorColumns(n: number): Float64Array[] {
  return Array.from({ length: n }, (_, k) => {
    const column = new Float64Array(n);
    column[k] = 1;
    return column;
  });
}

describe('resampleMeans', () => {
  it('draws exactly the documented stream when multiplicities are read back through indicator columns', () => {
    const n = 13;
    const resamples = 10; // not a multiple of the block size
    const means = resampleMeans(indicatorColumns(n), resamples, 42);
    const reference = referenceResampleIndices(42, n, resamples);
    for (let r = 0; r < resamples; r++) {
      const expected = new Array<number>(n).fill(0);
      for (const index of reference[r] as Int32Array) (expected[index] as number)++;
      const actual = means.map((column) => Math.round((column[r] as number) * n));
      expect(actual).toEqual(expected);
      expect(actual.reduce((s, c) => s + c, 0)).toBe(n);
    }
  });

  it('gives a column bit-identical resampled means when it is computed alone or among other columns', () => {
    const n = 57;
    const target = Float64Array.from({ length: n }, (_, i) => Math.sin(i) * 0.37 + 0.5);
    const others = Array.from({ length: 9 }, (_, k) =>
      Float64Array.from({ length: n }, (_, i) => ((i * (k + 3)) % 11) / 10),
    );
    const [alone] = resampleMeans([target], 101, 9);
    const together = resampleMeans([...others.slice(0, 4), target, ...others.slice(4)], 101, 9);
    expect(together[4]).toEqual(alone);
  });

  it('returns the constant itself when a column is constant', () => {
    const [means] = resampleMeans([new Float64Array(939).fill(0.1)], 50, 1);
    expect(Array.from(means as Float64Array).every((v) => v === 0.1)).toBe(true);
  });

  it('shares one result between identical columns when columns repeat', () => {
    const column = Float64Array.from({ length: 20 }, (_, i) => i % 3);
    const [a, b] = resampleMeans([column, Float64Array.from(column)], 30, 5);
    expect(b).toBe(a);
  });

  it('changes the resamples when the seed changes', () => {
    const column = Float64Array.from({ length: 30 }, (_, i) => i);
    const [a] = resampleMeans([column], 20, 1);
    const [b] = resampleMeans([column], 20, 2);
    expect(a).not.toEqual(b);
  });
});

describe('createIndexSampler', () => {
  it('draws indices uniformly (chi-square below the 99.9% point) when n = 7', () => {
    const sampler = createIndexSampler(20260510, 7);
    const counts = new Array<number>(7).fill(0);
    const draws = 70000;
    for (let i = 0; i < draws; i++) (counts[sampler.next()] as number)++;
    const expected = draws / 7;
    const chiSquare = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(22.46); // chi-square(6) 0.999 quantile
  });

  it('stays within range when n = 1 and n = 2^32', () => {
    expect(createIndexSampler(1, 1).next()).toBe(0);
    const big = createIndexSampler(1, 2 ** 32);
    for (let i = 0; i < 100; i++) {
      const v = big.next();
      expect(v >= 0 && v < 2 ** 32 && Number.isInteger(v)).toBe(true);
    }
  });
});
