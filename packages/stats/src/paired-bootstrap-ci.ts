import { type BootstrapOptions, resolveBootstrapOptions } from './bootstrap-options.js';
import { linearQuantilesInPlace } from './linear-quantile.js';
import { resampleMeans } from './resample-means.js';
import { compensatedMeanDifference } from './typed-kernels.js';
import { assertArrayLike, toFiniteFloat64 } from './validate.js';

/** Result of {@link pairedBootstrapCi}. */
export interface PairedBootstrapCiResult {
  /** mean(a) − mean(b), compensated; for 0/1 vectors exactly (count(a) − count(b)) / n rounded once. */
  meanDifference: number;
  /** Lower end: numpy-linear quantile (1 − confidence)/2 of the resampled differences. */
  low: number;
  /** Upper end: numpy-linear quantile (1 + confidence)/2 of the resampled differences. */
  high: number;
  resamples: number;
  confidence: number;
  seed: number;
  method: 'percentile';
}

/**
 * Paired percentile bootstrap interval for the difference of means a − b of two systems on the same
 * queries: every resample picks one multiset of query indices and uses it for both systems, so the
 * correlation between systems is kept (SPEC section 3).
 *
 * The resampled difference is mean_r(a) − mean_r(b) (equal to the resampled mean of aᵢ − bᵢ), with
 * mean_r computed exactly as in {@link bootstrapCi} from the same stream; the interval ends are the
 * numpy-linear quantiles (1 ∓ c)/2 of the R differences. `compareSystems` computes the same numbers
 * bit for bit for every pair of systems.
 *
 * @param a - per-query values of system A, finite, at least one.
 * @param b - per-query values of system B, aligned with `a` (same length, same query order).
 * @param options - `resamples` (default 5,000), `confidence` (0.95), `seed` (20260510).
 * @throws RangeError for different lengths, an empty sample or invalid options; StatsError
 *   `non-finite-value` for NaN/±Infinity (details: `vector`, `index`).
 *
 * @example
 * const a = [1, 1, 0, 1, 0, 1, 1, 0, 1, 1];
 * const b = [0, 1, 0, 0, 0, 1, 0, 0, 1, 0];
 * const d = pairedBootstrapCi(a, b, { seed: 1 });
 * d.meanDifference;     // 0.4 (= 0.7 − 0.3)
 * [d.low, d.high];      // [0.09999999999999998, 0.7000000000000001] with this seed
 */
export function pairedBootstrapCi(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  options?: BootstrapOptions,
): PairedBootstrapCiResult {
  assertArrayLike(a, 'pairedBootstrapCi', 'a');
  assertArrayLike(b, 'pairedBootstrapCi', 'b');
  const resolved = resolveBootstrapOptions(options, 'pairedBootstrapCi');
  if (a.length !== b.length) {
    throw new RangeError(
      `@execret/stats pairedBootstrapCi: expected a and b to have the same length (aligned queries), received ${a.length} and ${b.length}`,
    );
  }
  if (a.length === 0) {
    throw new RangeError('@execret/stats pairedBootstrapCi: expected at least one query, received empty vectors');
  }
  const columnA = toFiniteFloat64(a, 'pairedBootstrapCi', 'a', { vector: 'a' });
  const columnB = toFiniteFloat64(b, 'pairedBootstrapCi', 'b', { vector: 'b' });
  const [meansA, meansB] = resampleMeans([columnA, columnB], resolved.resamples, resolved.seed) as [
    Float64Array,
    Float64Array,
  ];
  const differences = new Float64Array(resolved.resamples);
  for (let r = 0; r < differences.length; r++) differences[r] = (meansA[r] as number) - (meansB[r] as number);
  const [low, high] = linearQuantilesInPlace(differences, resolved.qLow, resolved.qHigh);
  return {
    meanDifference: compensatedMeanDifference(columnA, columnB),
    low,
    high,
    resamples: resolved.resamples,
    confidence: resolved.confidence,
    seed: resolved.seed,
    method: 'percentile',
  };
}
