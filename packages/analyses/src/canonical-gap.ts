import type { GroupScores } from './group-scores.js';
import type { PoolView } from './pool-view.js';

export interface CanonicalGap {
  /** Queries with a canonical and at least one paired distractor. */
  readonly queries: number;
  /** Queries where some own distractor scores strictly above the canonical. */
  readonly canonicalBelow: number;
  /** canonicalBelow / queries. */
  readonly canonicalBelowRate: number;
  /** Queries where the best own distractor ties the canonical exactly. */
  readonly tied: number;
  /** (canonical, distractor) pairs with the distractor strictly above. */
  readonly pairsBelow: number;
  readonly pairs: number;
  /** Per query: canonical score − best own distractor score (NaN when undefined). */
  readonly gaps: Float64Array;
  readonly meanGap: number;
  readonly medianGap: number;
}

/**
 * Canonical-below-distractor rate with per-query score gaps: for each query, gap = s(canonical) −
 * max s(own distractor). A negative gap means the retriever prefers a buggy near-clone of the answer.
 *
 * @example
 * // one query, canonical 0.80, distractors 0.82 and 0.70
 * canonicalGap(pool, { canonical: Float64Array.of(0.8), distractors: [Float64Array.of(0.82, 0.7)] })
 * // → canonicalBelow 1, gaps [-0.02], pairsBelow 1 of 2
 */
export function canonicalGap(pool: PoolView, scores: GroupScores): CanonicalGap {
  const gaps = new Float64Array(pool.queryIds.length).fill(Number.NaN);
  let queries = 0;
  let canonicalBelow = 0;
  let tied = 0;
  let pairs = 0;
  let pairsBelow = 0;
  const defined: number[] = [];
  for (let q = 0; q < gaps.length; q++) {
    const c = scores.canonical[q]!;
    const ds = scores.distractors[q]!;
    if (Number.isNaN(c) || ds.length === 0) continue;
    queries++;
    let best = -Infinity;
    for (const s of ds) {
      pairs++;
      if (s > c) pairsBelow++;
      if (s > best) best = s;
    }
    const gap = c - best;
    gaps[q] = gap;
    defined.push(gap);
    if (gap < 0) canonicalBelow++;
    else if (gap === 0) tied++;
  }
  defined.sort((a, b) => a - b);
  const mid = defined.length >> 1;
  const medianGap =
    defined.length === 0 ? Number.NaN : defined.length % 2 ? defined[mid]! : (defined[mid - 1]! + defined[mid]!) / 2;
  const meanGap = defined.length === 0 ? Number.NaN : defined.reduce((a, b) => a + b, 0) / defined.length;
  return {
    queries,
    canonicalBelow,
    canonicalBelowRate: queries === 0 ? 0 : canonicalBelow / queries,
    tied,
    pairsBelow,
    pairs,
    gaps,
    meanGap,
    medianGap,
  };
}
