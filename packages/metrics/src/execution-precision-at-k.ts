import { assertCutoff, assertPassFlags } from './validate.js';

/**
 * Execution precision@k of one query: the number of passing snippets among the first `k` ranked, divided by
 * `k`.
 *
 * Definition (SPEC section 3): `execution_precision@k = |{c ∈ R_k(q) : pass(c, q) = 1}| / k`. Results files
 * call it `precision@k`.
 *
 * Edge cases: the denominator is always `k`, even when fewer than `k` snippets are ranked (so a ranking of
 * one passing snippet has precision@10 = 0.1, as in trec_eval's `P_10`); an empty ranking gives 0. Ties are
 * not handled here: `passFlags` is already in rank order.
 *
 * @param passFlags - one flag per ranked snippet, in rank order: 1 = passes every test, 0 = does not
 * @param k - the cutoff, a positive integer
 * @returns a value in [0, 1], a multiple of 1/k
 * @throws TypeError when `passFlags` is not array-like or `k` is not a number
 * @throws RangeError when a flag is not 0 or 1, or `k` is not a positive integer
 *
 * @example
 * executionPrecisionAtK([1, 0, 1, 1], 3); // 2 / 3 = 0.6666666666666666
 * executionPrecisionAtK([1], 10);         // 1 / 10 = 0.1 (divides by k, not by the 1 ranked)
 */
export function executionPrecisionAtK(passFlags: ArrayLike<number>, k: number): number {
  assertCutoff(k, 'executionPrecisionAtK');
  assertPassFlags(passFlags, 'executionPrecisionAtK');
  return executionPrecisionAtKKernel(passFlags, k);
}

/**
 * Kernel of {@link executionPrecisionAtK}, without argument checks.
 *
 * @internal
 */
export function executionPrecisionAtKKernel(passFlags: ArrayLike<number>, k: number): number {
  const n = Math.min(k, passFlags.length);
  let count = 0;
  for (let i = 0; i < n; i++) if (passFlags[i] === 1) count++;
  return count / k;
}
