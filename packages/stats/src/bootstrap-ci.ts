import { type BootstrapOptions, resolveBootstrapOptions } from './bootstrap-options.js';
import { linearQuantilesInPlace } from './linear-quantile.js';
import { resampleMeans } from './resample-means.js';
import { compensatedMean } from './typed-kernels.js';
import { assertArrayLike, toFiniteFloat64 } from './validate.js';

/** Result of {@link bootstrapCi}. */
export interface BootstrapCiResult {
  /** Sample mean of the values (compensated summation). */
  mean: number;
  /** Lower end: numpy-linear quantile (1 − confidence)/2 of the resampled means. */
  low: number;
  /** Upper end: numpy-linear quantile (1 + confidence)/2 of the resampled means. */
  high: number;
  resamples: number;
  confidence: number;
  seed: number;
  method: 'percentile';
}

/**
 * Percentile bootstrap confidence interval for the mean of per-query values.
 *
 * Draws `resamples` resamples of the n queries with replacement from the seeded stream described in
 * `resample-means.ts` (seedrandom `xor4096` seeded with `String(seed)`, indices by rejection from
 * 32-bit words, n consecutive indices per resample), takes the mean of each, and returns the
 * quantiles (1 − c)/2 and (1 + c)/2 of those R means with numpy's default `'linear'` definition
 * (see {@link linearQuantile}; for c = 0.95 this is `np.percentile(means, [2.5, 97.5])`).
 * The seed and settings are echoed in the result.
 *
 * Edge cases: a single value or a constant sample gives low = high = mean. A percentile interval is
 * not guaranteed to contain `mean` (it can miss it for tiny or very skewed samples).
 * The random stream differs from numpy's, so intervals agree with a numpy harness only within
 * Monte-Carlo error (≈ 0.04 bootstrap standard deviations at R = 5,000).
 *
 * @param values - per-query values, finite, at least one.
 * @param options - `resamples` (default 5,000), `confidence` (0.95), `seed` (20260510).
 * @throws RangeError for an empty sample or invalid options; StatsError `non-finite-value` for
 *   NaN/±Infinity (details: `index`).
 *
 * @example
 * const ci = bootstrapCi([1, 0, 0, 1, 1, 0, 1, 1], { resamples: 2000, seed: 7 });
 * ci.mean;               // 0.625
 * [ci.low, ci.high];     // [0.25, 0.878124999999983] with this seed
 * ci.method;             // 'percentile'
 */
export function bootstrapCi(values: ArrayLike<number>, options?: BootstrapOptions): BootstrapCiResult {
  assertArrayLike(values, 'bootstrapCi', 'values');
  const resolved = resolveBootstrapOptions(options, 'bootstrapCi');
  if (values.length === 0) {
    throw new RangeError('@execret/stats bootstrapCi: expected at least one value, received an empty sample');
  }
  const column = toFiniteFloat64(values, 'bootstrapCi', 'values');
  const [means] = resampleMeans([column], resolved.resamples, resolved.seed) as [Float64Array];
  const [low, high] = linearQuantilesInPlace(means, resolved.qLow, resolved.qHigh);
  return {
    mean: compensatedMean(column),
    low,
    high,
    resamples: resolved.resamples,
    confidence: resolved.confidence,
    seed: resolved.seed,
    method: 'percentile',
  };
}
