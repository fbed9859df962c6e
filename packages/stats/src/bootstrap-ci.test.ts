import { describe, expect, it } from 'vitest';
import { loadGolden, relativeError } from '../test/golden.js';
import {
  gatherMean,
  monteCarloTolerance,
  referencePercentile,
  referenceResampleIndices,
} from '../test/reference-stream.js';
import { bootstrapCi } from './bootstrap-ci.js';
import { StatsError } from './stats-error.js';

const golden = loadGolden();

describe('bootstrapCi', () => {
  it.each(golden.bootstrap_single.map((c) => ({ ...c, label: c.name })))(
    'agrees with numpy within Monte-Carlo error when the data are $label',
    (c) => {
      const result = bootstrapCi(c.values);
      const tolerance = monteCarloTolerance(c.sd, 5000, golden.bootstrap_reference_resamples);
      expect(Math.abs(result.low - c.low)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(result.high - c.high)).toBeLessThanOrEqual(tolerance);
      expect(relativeError(result.mean, c.mean)).toBeLessThanOrEqual(2 * Number.EPSILON);
      expect(result).toMatchObject({ resamples: 5000, confidence: 0.95, seed: 20260510, method: 'percentile' });
    },
  );

  it('equals the documented procedure re-implemented independently when the data are 0/1', () => {
    const values = Array.from({ length: 97 }, (_, i) => (i % 3 === 0 || i % 7 === 0 ? 1 : 0));
    const resamples = 401;
    const result = bootstrapCi(values, { resamples, seed: 11, confidence: 0.9 });
    const means = referenceResampleIndices(11, values.length, resamples).map((idx) => gatherMean(values, idx));
    // 0/1 sums are exact in any order, so the match is bit for bit.
    expect(result.low).toBe(referencePercentile(means, 0.05));
    expect(result.high).toBe(referencePercentile(means, 0.95));
  });

  it('matches the re-implemented procedure to 1e-12 when the data are continuous (summation order differs)', () => {
    const values = Array.from({ length: 61 }, (_, i) => Math.cos(i * 1.7) ** 2);
    const result = bootstrapCi(values, { resamples: 333, seed: 5 });
    const means = referenceResampleIndices(5, values.length, 333).map((idx) => gatherMean(values, idx));
    expect(result.low).toBeCloseTo(referencePercentile(means, 0.025), 12);
    expect(result.high).toBeCloseTo(referencePercentile(means, 0.975), 12);
  });

  it('is reproducible when the seed is repeated and changes when it is not', () => {
    const values = Array.from({ length: 80 }, (_, i) => Math.sqrt(i % 17));
    expect(bootstrapCi(values, { seed: 3 })).toEqual(bootstrapCi(values, { seed: 3 }));
    expect(bootstrapCi(values, { seed: 3 }).low).not.toBe(bootstrapCi(values, { seed: 4 }).low);
  });

  it.each([
    { values: [0.25], expected: 0.25 },
    { values: [3, 3, 3, 3], expected: 3 },
  ])('collapses to the mean when values = $values', ({ values, expected }) => {
    expect(bootstrapCi(values, { resamples: 10 })).toMatchObject({ mean: expected, low: expected, high: expected });
  });

  it('widens with confidence when the same seed is used', () => {
    const values = Array.from({ length: 200 }, (_, i) => (i * 37) % 101);
    const narrow = bootstrapCi(values, { confidence: 0.5 });
    const wide = bootstrapCi(values, { confidence: 0.99 });
    expect(wide.low).toBeLessThan(narrow.low);
    expect(wide.high).toBeGreaterThan(narrow.high);
  });

  it.each([
    { values: [], options: undefined, error: RangeError },
    { values: [1, 2], options: { resamples: 0 }, error: RangeError },
    { values: [1, 2], options: { confidence: 95 }, error: RangeError },
    { values: 'abc' as unknown as number[], options: undefined, error: TypeError },
  ])('throws $error.name when values = $values and options = $options', ({ values, options, error }) => {
    expect(() => bootstrapCi(values, options)).toThrow(error);
  });

  it('throws StatsError non-finite-value with the index when a value is Infinity', () => {
    try {
      bootstrapCi([1, 2, Number.POSITIVE_INFINITY]);
      expect.unreachable();
    } catch (error) {
      expect(StatsError.is(error) && error.code).toBe('non-finite-value');
      expect((error as StatsError).details).toEqual({ index: 2 });
    }
  });
});
