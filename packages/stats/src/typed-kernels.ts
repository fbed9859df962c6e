import { quickselect, sum } from 'simple-statistics';

/**
 * Internal adapters that run simple-statistics' array algorithms on typed arrays. Both functions
 * only read `length` and indexed elements (and quickselect swaps elements in place), which a
 * `Float64Array` supports exactly like an array, so the casts below change no behaviour.
 */

/**
 * Mean with Kahan–Babuška–Neumaier compensated summation (simple-statistics `sum`), divided once
 * by the length: the error is about one rounding of the exact mean for any realistic input.
 */
export function compensatedMean(values: Float64Array): number {
  return sum(values as unknown as readonly number[]) / values.length;
}

/**
 * Compensated (Σ a − Σ b) / n for equal-length vectors. For 0/1 vectors every partial sum is an
 * exact integer, so the result is (count(a) − count(b)) / n rounded once.
 */
export function compensatedMeanDifference(a: Float64Array, b: Float64Array): number {
  return (sum(a as unknown as readonly number[]) - sum(b as unknown as readonly number[])) / a.length;
}

/**
 * Floyd–Rivest selection (simple-statistics `quickselect`) on `values[left..right]`: afterwards
 * `values[k]` holds the value of rank k − left within that range, everything in `[left, k)` is
 * ≤ it and everything in `(k, right]` is ≥ it. Requires left ≤ k ≤ right; no-op when left = right.
 */
export function selectInPlace(values: Float64Array, k: number, left: number, right: number): void {
  // simple-statistics treats a falsy `right` as "end of array", so never pass right = 0.
  if (right > left) quickselect(values as unknown as number[], k, left, right);
}
