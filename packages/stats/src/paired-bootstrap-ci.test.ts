import { describe, expect, it } from 'vitest';
import { loadGolden } from '../test/golden.js';
import {
  gatherMean,
  monteCarloTolerance,
  referencePercentile,
  referenceResampleIndices,
} from '../test/reference-stream.js';
import { bootstrapCi } from './bootstrap-ci.js';
import { pairedBootstrapCi } from './paired-bootstrap-ci.js';
import { StatsError } from './stats-error.js';

const golden = loadGolden();

describe('pairedBootstrapCi', () => {
  it.each(golden.bootstrap_paired.map((c) => ({ ...c, label: c.name })))(
    'agrees with numpy within Monte-Carlo error when the data are $label',
    (c) => {
      const result = pairedBootstrapCi(c.a, c.b);
      const tolerance = monteCarloTolerance(c.sd, 5000, golden.bootstrap_reference_resamples);
      expect(Math.abs(result.low - c.low)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(result.high - c.high)).toBeLessThanOrEqual(tolerance);
      expect(result.meanDifference).toBeCloseTo(c.mean_difference, 15);
      expect(result).toMatchObject({ resamples: 5000, confidence: 0.95, seed: 20260510, method: 'percentile' });
    },
  );

  it('uses the same resampled queries for both systems when compared with the re-implemented procedure', () => {
    const a = Array.from({ length: 83 }, (_, i) => (i % 4 === 0 ? 0 : 1));
    const b = Array.from({ length: 83 }, (_, i) => (i % 5 === 0 ? 0 : 1));
    const result = pairedBootstrapCi(a, b, { resamples: 257, seed: 8 });
    const diffs = referenceResampleIndices(8, 83, 257).map((idx) => gatherMean(a, idx) - gatherMean(b, idx));
    expect(result.low).toBe(referencePercentile(diffs, 0.025));
    expect(result.high).toBe(referencePercentile(diffs, 0.975));
  });

  it('is much narrower than unpaired resampling when the systems are strongly correlated', () => {
    const a = Array.from({ length: 300 }, (_, i) => ((i * 7919) % 1000) / 1000);
    const b = a.map((x, i) => x + (i % 2 === 0 ? 0.01 : -0.005));
    const paired = pairedBootstrapCi(a, b);
    const single = bootstrapCi(a);
    expect(paired.high - paired.low).toBeLessThan((single.high - single.low) / 10);
  });

  it('returns the interval [0, 0] when both vectors are identical', () => {
    const a = [0.2, 0.9, 0.4, 0.4];
    expect(pairedBootstrapCi(a, a.slice())).toMatchObject({ meanDifference: 0, low: 0, high: 0 });
  });

  it('mirrors the interval when a and b are swapped', () => {
    const a = Array.from({ length: 120 }, (_, i) => Math.sin(i) ** 2);
    const b = Array.from({ length: 120 }, (_, i) => Math.cos(i * 3) ** 2);
    const ab = pairedBootstrapCi(a, b);
    const ba = pairedBootstrapCi(b, a);
    expect(ba.low).toBeCloseTo(-ab.high, 12);
    expect(ba.high).toBeCloseTo(-ab.low, 12);
    expect(ba.meanDifference).toBeCloseTo(-ab.meanDifference, 15);
  });

  it('gives (count(a) − count(b)) / n exactly as meanDifference when the data are 0/1', () => {
    const a = Array.from({ length: 939 }, (_, i) => (i < 54 ? 1 : 0));
    const b = Array.from({ length: 939 }, (_, i) => (i >= 800 && i < 873 ? 1 : 0));
    expect(pairedBootstrapCi(a, b, { resamples: 4 }).meanDifference).toBe((54 - 73) / 939);
  });

  it.each([
    { a: [1, 2], b: [1], error: RangeError },
    { a: [], b: [], error: RangeError },
    { a: [1], b: null as unknown as number[], error: TypeError },
  ])('throws $error.name when a = $a and b = $b', ({ a, b, error }) => {
    expect(() => pairedBootstrapCi(a, b)).toThrow(error);
  });

  it('throws StatsError naming the vector when b holds NaN', () => {
    try {
      pairedBootstrapCi([1, 2], [0, Number.NaN]);
      expect.unreachable();
    } catch (error) {
      expect(StatsError.is(error) && error.code).toBe('non-finite-value');
      expect((error as StatsError).details).toEqual({ vector: 'b', index: 1 });
    }
  });
});
