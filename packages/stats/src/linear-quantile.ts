import { selectInPlace } from './typed-kernels.js';
import { assertArrayLike, toFiniteFloat64 } from './validate.js';

/**
 * Sample quantile with numpy's default definition (`np.quantile(x, q)` / `np.percentile(x, 100q)`,
 * method `'linear'`, Hyndman & Fan type 7), reproduced operation for operation so results are
 * bit-identical to numpy 2.x:
 *
 * - sort x ascending into x₍₀₎ ≤ … ≤ x₍ₙ₋₁₎ and take the virtual index h = (n − 1)·q;
 * - if h ≥ n − 1 the result is x₍ₙ₋₁₎; otherwise with i = ⌊h⌋, t = h − i, a = x₍ᵢ₎, b = x₍ᵢ₊₁₎ it is
 *   a + (b − a)·t when t < ½ and b − (b − a)·(1 − t) when t ≥ ½ (numpy's `_lerp`, which keeps the
 *   result inside [a, b] and exact at both ends).
 *
 * Runs in O(n) by selection (no full sort); the input is not modified. simple-statistics'
 * `quantileSorted` uses the same definition but interpolates as a + t·(b − a) throughout, which can
 * differ from numpy in the last bit.
 *
 * @param values - the sample; finite numbers, at least one.
 * @param q - the probability, 0 ≤ q ≤ 1 (numpy percentile p corresponds to q = p / 100).
 * @throws RangeError when `values` is empty or `q` is outside [0, 1]; StatsError
 *   `non-finite-value` when a value is NaN or ±Infinity.
 *
 * @example
 * linearQuantile([1, 2, 3, 4], 0.5);   // 2.5
 * linearQuantile([1, 2, 3, 4], 0.025); // 1.075 = np.percentile([1, 2, 3, 4], 2.5)
 * linearQuantile([7], 0.9);            // 7
 */
export function linearQuantile(values: ArrayLike<number>, q: number): number {
  assertArrayLike(values, 'linearQuantile', 'values');
  if (values.length === 0) {
    throw new RangeError('@execret/stats linearQuantile: expected at least one value, received an empty sample');
  }
  assertProbability(q, 'linearQuantile', 'q');
  const scratch = toFiniteFloat64(values, 'linearQuantile', 'values');
  const [value] = linearQuantilesInPlace(scratch, q, q);
  return value;
}

/** Throws a RangeError unless 0 ≤ q ≤ 1. */
function assertProbability(q: unknown, component: string, name: string): asserts q is number {
  if (typeof q !== 'number' || !(q >= 0 && q <= 1)) {
    throw new RangeError(
      `@execret/stats ${component}: expected ${name} to be a number in [0, 1], received ${String(q)}`,
    );
  }
}

/**
 * Internal kernel: the numpy-linear quantiles at qLow ≤ qHigh of `x`, reordering `x` in place
 * (two selections and two minimum scans instead of a sort). Requires x.length ≥ 1.
 */
export function linearQuantilesInPlace(x: Float64Array, qLow: number, qHigh: number): [number, number] {
  const last = x.length - 1;
  const hLow = last * qLow;
  const hHigh = last * qHigh;
  const iLow = Math.min(Math.floor(hLow), last);
  const iHigh = Math.min(Math.floor(hHigh), last);

  // Order statistics iHigh and iHigh + 1.
  selectInPlace(x, iHigh, 0, last);
  const aHigh = x[iHigh] as number;
  const bHigh = iHigh < last ? minimum(x, iHigh + 1, last) : aHigh;
  // [0, iHigh] now holds the iHigh + 1 smallest values: rank iLow and iLow + 1 are found inside it.
  let aLow: number;
  let bLow: number;
  if (iLow === iHigh) {
    aLow = aHigh;
    bLow = bHigh;
  } else {
    selectInPlace(x, iLow, 0, iHigh);
    aLow = x[iLow] as number;
    bLow = minimum(x, iLow + 1, iHigh);
  }
  return [interpolate(hLow, iLow, last, aLow, bLow), interpolate(hHigh, iHigh, last, aHigh, bHigh)];
}

/** numpy's `_lerp` step for virtual index h with lower index i. */
function interpolate(h: number, i: number, last: number, a: number, b: number): number {
  if (h >= last) return a; // numpy takes the last element (a = b = x₍ₙ₋₁₎)
  const t = h - i;
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

function minimum(x: Float64Array, from: number, to: number): number {
  let best = x[from] as number;
  for (let i = from + 1; i <= to; i++) {
    const v = x[i] as number;
    if (v < best) best = v;
  }
  return best;
}
