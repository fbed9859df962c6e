/**
 * Tie-aware measures: the expected value of each measure over all orderings of tied documents, every
 * ordering equally likely (McSherry & Najork, "Computing Information Retrieval Performance Measures
 * Efficiently in the Presence of Tied Scores", ECIR 2008), computed in closed form.
 *
 * A tie group is a maximal run of equal scores. Say it occupies the 0-based positions `s .. s + m - 1` and
 * `r` of its `m` members pass (or are relevant). Over the m! orderings of the group:
 * - every position of the group holds a passing member with probability `r / m`, and a member's gain is, in
 *   expectation, the group's mean gain `G / m` (G = sum of the members' gains); so expected precision counts
 *   and expected DCG are linear: `E[DCG@k] = Σ_groups (G / m) · Σ_{positions p of the group, p < k}
 *   1 / log2(p + 2)`, and `E[count@k] = Σ_groups r · t / m` with `t = min(m, k - s)` positions inside the
 *   cutoff;
 * - the probability that none of the group's first `t` positions holds a passing member is hypergeometric:
 *   `C(m - r, t) / C(m, t) = Π_{i=0..t-1} (m - r - i) / (m - i)`, so when no earlier group passes,
 *   `E[exec@k] = 1 - C(m - r, t) / C(m, t)` for the group cut by the cutoff;
 * - the first passing member of the group is at offset `j` with probability
 *   `P_j = C(m - j - 1, r - 1) / C(m, r) = (r / (m - j)) · Π_{i=0..j-1} (m - r - i) / (m - i)`, so for the
 *   first group with a passing member `E[RR] = Σ_{j=0..m-r} P_j / (s + j + 1)` (terms at ranks beyond a
 *   cutoff dropped for `mrr@k`).
 *
 * When the ties cannot change a measure (groups of one, or groups whose members all pass or all fail), the
 * expected value equals the value of any single ordering, bit for bit.
 */

import { discountDenominator, idealDcgKernel, sortDescending } from './ndcg-at-k.js';
import { type TieGroups, tieGroupsOf } from './tie-groups.js';
import { assertCutoff, assertGains, assertPassFlags, assertRankedScores } from './validate.js';

/**
 * Probability that none of the first `t` positions of a group of `m` members, `r` of them passing, holds a
 * passing member: `C(m - r, t) / C(m, t)`.
 *
 * @internal
 */
export function probabilityNoneInFirst(m: number, r: number, t: number): number {
  if (r === 0) return 1;
  if (t > m - r) return 0;
  let q = 1;
  for (let i = 0; i < t; i++) q *= (m - r - i) / (m - i);
  return q;
}

/**
 * Expected exec@k over tie orderings, from the tie groups of the ranking.
 *
 * @internal
 */
export function expectedExecKernel(groups: TieGroups, k: number): number {
  for (let g = 0; g < groups.count; g++) {
    const s = groups.start[g] as number;
    if (s >= k) break;
    const m = groups.size[g] as number;
    const r = groups.passing[g] as number;
    const t = Math.min(m, k - s);
    if (t === m) {
      if (r > 0) return 1;
    } else {
      return 1 - probabilityNoneInFirst(m, r, t);
    }
  }
  return 0;
}

/**
 * Expected execution precision@k over tie orderings (expected passing count in the top k, divided by k).
 *
 * @internal
 */
export function expectedPrecisionKernel(groups: TieGroups, k: number): number {
  let count = 0;
  for (let g = 0; g < groups.count; g++) {
    const s = groups.start[g] as number;
    if (s >= k) break;
    const m = groups.size[g] as number;
    const r = groups.passing[g] as number;
    const t = Math.min(m, k - s);
    count += t === m ? r : (r * t) / m;
  }
  return count / k;
}

/**
 * Expected DCG@k over tie orderings, summed in rank order. A group whose gains are all equal contributes
 * exactly what any ordering contributes.
 *
 * @internal
 */
export function expectedDcgKernel(groups: TieGroups, k: number): number {
  let sum = 0;
  for (let g = 0; g < groups.count; g++) {
    const s = groups.start[g] as number;
    if (s >= k) break;
    const m = groups.size[g] as number;
    const lo = groups.gainMin[g] as number;
    const mean = lo === groups.gainMax[g] ? lo : (groups.gainSum[g] as number) / m;
    if (mean === 0) continue;
    const end = Math.min(s + m, k);
    for (let p = s; p < end; p++) sum += mean / discountDenominator(p);
  }
  return sum;
}

/**
 * Expected reciprocal rank over tie orderings, given the first tie group that holds a passing member: its
 * 0-based start `s`, size `m` and passing count `r`. Ranks greater than `cutoff` contribute 0.
 *
 * @internal
 */
export function expectedRrKernel(s: number, m: number, r: number, cutoff: number): number {
  if (r === 0) return 0;
  let none = 1; // probability that offsets 0 .. j-1 all fail
  let sum = 0;
  for (let j = 0; j <= m - r && s + j < cutoff; j++) {
    sum += (none * r) / (m - j) / (s + j + 1);
    none *= (m - r - j) / (m - j);
  }
  return sum;
}

/**
 * Expected exec@k over all orderings of tied scores.
 *
 * Definition: the mean of `execAtK` over every ordering of the ranking that keeps the scores non-increasing
 * (every permutation within each run of equal scores), each ordering equally likely. For the group cut by
 * the cutoff (`t` of its `m` positions inside, `r` members passing), when no earlier group holds a passing
 * snippet: `1 - C(m - r, t) / C(m, t)`.
 *
 * Edge cases: the arrays describe the complete ranking, so the group at the end of the arrays is taken to be
 * complete; `k` beyond the ranking inspects everything; an empty ranking gives 0. Scores compare with `===`
 * (`0` and `-0` tie).
 *
 * @param passFlags - one flag per ranked snippet, in rank order: 1 = passes, 0 = does not
 * @param scores - the score of each ranked snippet, in rank order (non-increasing, no `NaN`)
 * @param k - the cutoff, a positive integer
 * @returns a probability in [0, 1]
 * @throws TypeError / RangeError on misuse: bad `k`, flags other than 0/1, lengths that differ, scores out of
 *   rank order or `NaN`
 *
 * @example
 * // three snippets tie at the top, one of them passes: P(it is in the top 2) = 1 - C(2,2)/C(3,2) = 2/3
 * expectedExecAtK([0, 1, 0, 0], [0.9, 0.9, 0.9, 0.1], 2); // 0.6666666666666667
 * expectedExecAtK([0, 1, 0, 0], [0.9, 0.9, 0.9, 0.1], 3); // 1
 */
export function expectedExecAtK(passFlags: ArrayLike<number>, scores: ArrayLike<number>, k: number): number {
  assertCutoff(k, 'expectedExecAtK');
  assertPassFlags(passFlags, 'expectedExecAtK');
  assertRankedScores(scores, passFlags.length, 'passFlags', 'expectedExecAtK');
  return expectedExecKernel(tieGroupsOf(scores, passFlags, undefined), k);
}

/**
 * Expected execution precision@k over all orderings of tied scores.
 *
 * Definition: the mean of `executionPrecisionAtK` over every ordering within runs of equal scores:
 * `Σ_groups r · t / m`, divided by `k` (a group of `m` members, `r` passing, `t` of its positions inside the
 * cutoff).
 *
 * Edge cases: as {@link expectedExecAtK}; the denominator is always `k`.
 *
 * @param passFlags - one flag per ranked snippet, in rank order: 1 = passes, 0 = does not
 * @param scores - the score of each ranked snippet, in rank order (non-increasing, no `NaN`)
 * @param k - the cutoff, a positive integer
 * @returns a value in [0, 1]
 * @throws TypeError / RangeError on misuse, as {@link expectedExecAtK}
 *
 * @example
 * // one passing snippet among three tied at the top: 2 of the 3 tied positions are in the top 2
 * expectedExecutionPrecisionAtK([0, 1, 0, 0], [0.9, 0.9, 0.9, 0.1], 2); // (1 · 2/3) / 2 = 0.3333333333333333
 */
export function expectedExecutionPrecisionAtK(
  passFlags: ArrayLike<number>,
  scores: ArrayLike<number>,
  k: number,
): number {
  assertCutoff(k, 'expectedExecutionPrecisionAtK');
  assertPassFlags(passFlags, 'expectedExecutionPrecisionAtK');
  assertRankedScores(scores, passFlags.length, 'passFlags', 'expectedExecutionPrecisionAtK');
  return expectedPrecisionKernel(tieGroupsOf(scores, passFlags, undefined), k);
}

/**
 * Expected reciprocal rank over all orderings of tied scores.
 *
 * Definition: the mean of `reciprocalRank` over every ordering within runs of equal scores. Only the first
 * group holding a passing snippet matters: starting at 0-based position `s`, with `m` members of which `r`
 * pass, `E[RR] = Σ_{j=0..m-r} P_j / (s + j + 1)` with `P_j = C(m - j - 1, r - 1) / C(m, r)`.
 *
 * Edge cases: 0 when nothing passes or the ranking is empty.
 *
 * @param passFlags - one flag per ranked snippet, in rank order: 1 = passes, 0 = does not
 * @param scores - the score of each ranked snippet, in rank order (non-increasing, no `NaN`)
 * @returns a value in [0, 1]
 * @throws TypeError / RangeError on misuse, as {@link expectedExecAtK}
 *
 * @example
 * // a passing snippet tied with one failing snippet at ranks 1–2: (1/1 + 1/2) / 2
 * expectedReciprocalRank([0, 1], [0.5, 0.5]); // 0.75
 */
export function expectedReciprocalRank(passFlags: ArrayLike<number>, scores: ArrayLike<number>): number {
  assertPassFlags(passFlags, 'expectedReciprocalRank');
  assertRankedScores(scores, passFlags.length, 'passFlags', 'expectedReciprocalRank');
  const groups = tieGroupsOf(scores, passFlags, undefined);
  for (let g = 0; g < groups.count; g++) {
    const r = groups.passing[g] as number;
    if (r > 0) {
      return expectedRrKernel(groups.start[g] as number, groups.size[g] as number, r, Number.POSITIVE_INFINITY);
    }
  }
  return 0;
}

/**
 * Expected nDCG@k over all orderings of tied scores.
 *
 * Definition: `E[DCG@k] / IDCG@k`, where `E[DCG@k] = Σ_groups (G / m) · Σ_{positions p < k of the group}
 * 1 / log2(p + 2)` (0-based p; G = the group's gain sum, m its size) and IDCG@k is as in `ndcgAtK` (ties do
 * not affect it). Because IDCG@k does not depend on the ordering, this is also the expected nDCG@k. 0 when
 * IDCG@k = 0 (no relevant snippet).
 *
 * Edge cases: as {@link expectedExecAtK}.
 *
 * @param gains - the gain of each ranked snippet, in rank order, finite and ≥ 0
 * @param scores - the score of each ranked snippet, in rank order (non-increasing, no `NaN`)
 * @param k - the cutoff, a positive integer
 * @param idealGains - the gains of all known relevant snippets, in any order, finite and ≥ 0
 * @returns a value in [0, 1]
 * @throws TypeError / RangeError on misuse, as {@link expectedExecAtK}, and when the expected DCG@k exceeds
 *   IDCG@k (`idealGains` misses relevant snippets)
 *
 * @example
 * // the only relevant snippet ties with one other at ranks 1–2: (1 + 1/log2(3)) / 2 at k = 2
 * expectedNdcgAtK([0, 1], [0.5, 0.5], 2, [1]); // 0.8154648767857288
 * expectedNdcgAtK([0, 1], [0.5, 0.5], 1, [1]); // 0.5 (= expected exec@1)
 */
export function expectedNdcgAtK(
  gains: ArrayLike<number>,
  scores: ArrayLike<number>,
  k: number,
  idealGains: ArrayLike<number>,
): number {
  assertCutoff(k, 'expectedNdcgAtK');
  assertGains(gains, 'gains', 'expectedNdcgAtK');
  assertGains(idealGains, 'idealGains', 'expectedNdcgAtK');
  assertRankedScores(scores, gains.length, 'gains', 'expectedNdcgAtK');
  const idcg = idealDcgKernel(sortDescending(idealGains), k);
  if (idcg === 0) return 0;
  const dcg = expectedDcgKernel(tieGroupsOf(scores, undefined, gains), k);
  if (dcg > idcg * (1 + 1e-12)) {
    throw new RangeError(
      `@execret/metrics expectedNdcgAtK: expected DCG@${k} = ${dcg} exceeds IDCG@${k} = ${idcg}; idealGains must hold the gain of every relevant snippet that gains ranks`,
    );
  }
  return dcg / idcg;
}
