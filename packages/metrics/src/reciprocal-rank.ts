import { assertPassFlags } from './validate.js';

/**
 * Reciprocal rank of one query: 1 / (rank of the first passing snippet), 0 when none passes. The mean over
 * queries is MRR (the `mrr` measure).
 *
 * Definition (SPEC section 3): `rr = 1 / min{ i : pass(R(q)_i, q) = 1 }` with 1-based ranks, or 0 when the
 * set is empty.
 *
 * Edge cases: an empty ranking gives 0. There is no cutoff here; for `mrr@k` (0 when the first passing
 * snippet is below rank k) pass the first k flags. Ties are not handled here: `passFlags` is already in rank
 * order.
 *
 * @param passFlags - one flag per ranked snippet, in rank order: 1 = passes every test, 0 = does not
 * @returns a value in {0} ∪ {1/i : i = 1, 2, ...}
 * @throws TypeError when `passFlags` is not array-like
 * @throws RangeError when a flag is not 0 or 1
 *
 * @example
 * reciprocalRank([0, 0, 1, 1]); // 1 / 3 = 0.3333333333333333
 * reciprocalRank([1]);          // 1
 * reciprocalRank([0, 0]);       // 0
 */
export function reciprocalRank(passFlags: ArrayLike<number>): number {
  assertPassFlags(passFlags, 'reciprocalRank');
  return reciprocalRankKernel(passFlags, passFlags.length);
}

/**
 * Kernel of {@link reciprocalRank}: inspects the first `cutoff` flags only.
 *
 * @internal
 */
function reciprocalRankKernel(passFlags: ArrayLike<number>, cutoff: number): number {
  const n = Math.min(cutoff, passFlags.length);
  for (let i = 0; i < n; i++) if (passFlags[i] === 1) return 1 / (i + 1);
  return 0;
}
