import { assertCutoff, assertGains } from './validate.js';

/**
 * nDCG@k of one query: the discounted cumulative gain of the first `k` ranked snippets divided by that of an
 * ideal ranking.
 *
 * Definition (SPEC section 3), with 1-based ranks i:
 * - `DCG@k = Σ_{i=1..min(k, n)} gains_i / log2(i + 1)`;
 * - `IDCG@k = Σ_{i=1..min(k, m)} ideal_i / log2(i + 1)`, where `ideal` is `idealGains` sorted in descending
 *   order (the best possible ranking of every known relevant snippet);
 * - `nDCG@k = DCG@k / IDCG@k`, and **0 when IDCG@k = 0** (no relevant snippet is known: nothing can be
 *   found, so nothing is credited; trec_eval reports 0 in the same case).
 *
 * For the benchmark the gains are binary (`rel = 1` for an id in `correct_corpus_ids`), so IDCG@k is the sum
 * of min(k, |correct_corpus_ids|) discounts and nDCG@1 equals exec@1 when the canonical is the only passing
 * snippet. Graded gains are accepted too (linear gain, as in trec_eval's `ndcg_cut`).
 *
 * Edge cases: `k` larger than the ranking sums over what is ranked (an empty ranking gives 0); the discount
 * at rank 1 is `1 / log2(2) = 1`. Ties are not handled here: `gains` is already in rank order. Because every
 * ranked gain must come from a known relevant snippet, a DCG above the IDCG is rejected rather than reported
 * as an nDCG above 1.
 *
 * @param gains - the gain of each ranked snippet, in rank order (0 for non-relevant), finite and ≥ 0
 * @param k - the cutoff, a positive integer
 * @param idealGains - the gains of all known relevant snippets of the query, in any order, finite and ≥ 0
 *   (ranked or not; zeros are allowed and change nothing)
 * @returns a value in [0, 1]
 * @throws TypeError when an argument has the wrong type
 * @throws RangeError when `k` is not a positive integer, a gain is negative or not finite, or DCG@k exceeds
 *   IDCG@k (which means `idealGains` misses relevant snippets that `gains` ranks)
 *
 * @example
 * // one relevant snippet (the canonical), ranked 2nd
 * ndcgAtK([0, 1, 0], 1, [1]); // 0
 * ndcgAtK([0, 1, 0], 3, [1]); // (1 / log2(3)) / 1 = 0.6309297535714575
 * // two relevant snippets at ranks 1 and 3
 * ndcgAtK([1, 0, 1], 3, [1, 1]); // (1 + 1/2) / (1 + 1/log2(3)) = 0.9197207891481876
 * ndcgAtK([0, 0], 5, []);        // 0 (no relevant snippet)
 */
export function ndcgAtK(gains: ArrayLike<number>, k: number, idealGains: ArrayLike<number>): number {
  assertCutoff(k, 'ndcgAtK');
  assertGains(gains, 'gains', 'ndcgAtK');
  assertGains(idealGains, 'idealGains', 'ndcgAtK');
  const ideal = sortDescending(idealGains);
  const idcg = idealDcgKernel(ideal, k);
  if (idcg === 0) return 0;
  const dcg = dcgKernel(gains, k);
  if (dcg > idcg * (1 + 1e-12)) {
    throw new RangeError(
      `@execret/metrics ndcgAtK: DCG@${k} = ${dcg} exceeds IDCG@${k} = ${idcg}; idealGains must hold the gain of every relevant snippet that gains ranks`,
    );
  }
  return dcg / idcg;
}

/**
 * The rank discount denominator `log2(rank + 1)` for a 0-based position `i` (rank `i + 1`).
 *
 * @internal
 */
export function discountDenominator(i: number): number {
  return Math.log2(i + 2);
}

/**
 * `Σ_{i < min(k, n)} gains[i] / log2(i + 2)`, without argument checks. Summed in rank order.
 *
 * @internal
 */
export function dcgKernel(gains: ArrayLike<number>, k: number): number {
  const n = Math.min(k, gains.length);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const g = gains[i] as number;
    if (g !== 0) sum += g / discountDenominator(i);
  }
  return sum;
}

/**
 * IDCG@k from gains already sorted in descending order, without argument checks.
 *
 * @internal
 */
export function idealDcgKernel(sortedDescending: ArrayLike<number>, k: number): number {
  return dcgKernel(sortedDescending, k);
}

/**
 * A descending-sorted `Float64Array` copy of `values` (the input is not modified).
 *
 * @internal
 */
export function sortDescending(values: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(values).sort();
  return out.reverse();
}
