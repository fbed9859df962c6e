import { assertArrayLike, toFiniteFloat64 } from './validate.js';

/**
 * Ranks 1…n with ties given the average of the ranks they span ("midranks";
 * `scipy.stats.rankdata(x, method='average')`). The ranks always sum to n(n + 1)/2 and are
 * multiples of ½. Ranking is by numeric value (−0 and 0 tie); the input is not modified.
 *
 * @param values - finite numbers.
 * @returns a new `Float64Array` of ranks in input order.
 * @throws TypeError when `values` is not array-like; StatsError `non-finite-value` for NaN/±Infinity.
 *
 * @example
 * averageRanks([10, 20, 20, 5]); // Float64Array [2, 3.5, 3.5, 1]
 */
export function averageRanks(values: ArrayLike<number>): Float64Array {
  assertArrayLike(values, 'averageRanks', 'values');
  return averageRanksOf(toFiniteFloat64(values, 'averageRanks', 'values'));
}

/** Kernel: average ranks of already-validated finite values. */
export function averageRanksOf(values: Float64Array): Float64Array {
  const n = values.length;
  const order = Int32Array.from({ length: n }, (_, i) => i);
  order.sort((i, j) => (values[i] as number) - (values[j] as number));
  const ranks = new Float64Array(n);
  let start = 0;
  while (start < n) {
    const value = values[order[start] as number] as number;
    let end = start + 1;
    while (end < n && values[order[end] as number] === value) end++;
    const rank = (start + 1 + end) / 2; // average of 1-based ranks start + 1 … end
    for (let k = start; k < end; k++) ranks[order[k] as number] = rank;
    start = end;
  }
  return ranks;
}
