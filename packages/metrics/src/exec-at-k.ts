import { assertCutoff, assertPassFlags } from './validate.js';

/**
 * exec@k of one query: 1 when at least one of the first `k` ranked snippets passes every test of the query,
 * otherwise 0.
 *
 * Definition (SPEC section 3): `exec@k = 1 if ∃ c ∈ R_k(q) with pass(c, q) = 1, else 0`, where `R_k(q)` is the
 * top-`k` of the ranking. It is Success@k with execution-derived relevance, not the unbiased pass@k estimator
 * of code-generation papers.
 *
 * Edge cases: when fewer than `k` snippets are ranked, all of them are inspected (an empty ranking gives 0).
 * Ties are not handled here: `passFlags` is already in rank order. Use `evaluate` (trec_eval's tie rule or the
 * tie-aware expected mode) or `expectedExecAtK` when scores can tie.
 *
 * @param passFlags - one flag per ranked snippet, in rank order: 1 = passes every test, 0 = does not
 * @param k - the cutoff, a positive integer
 * @returns 0 or 1
 * @throws TypeError when `passFlags` is not array-like or `k` is not a number
 * @throws RangeError when a flag is not 0 or 1, or `k` is not a positive integer
 *
 * @example
 * // the first passing snippet is at rank 3
 * execAtK([0, 0, 1, 0], 1); // 0
 * execAtK([0, 0, 1, 0], 3); // 1
 * execAtK([0, 0], 10);      // 0  (k beyond the ranking)
 */
export function execAtK(passFlags: ArrayLike<number>, k: number): number {
  assertCutoff(k, 'execAtK');
  assertPassFlags(passFlags, 'execAtK');
  return execAtKKernel(passFlags, k);
}

/**
 * Kernel of {@link execAtK}, without argument checks.
 *
 * @internal
 */
export function execAtKKernel(passFlags: ArrayLike<number>, k: number): number {
  const n = Math.min(k, passFlags.length);
  for (let i = 0; i < n; i++) if (passFlags[i] === 1) return 1;
  return 0;
}
