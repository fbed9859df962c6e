import type { PoolView } from './pool-view.js';

export interface MissAttribution {
  readonly queries: number;
  /** Queries whose rank-1 snippet does not pass. */
  readonly misses: number;
  /** Misses whose rank-1 snippet is one of the query's own paired distractors. */
  readonly ownVariant: number;
  /** Misses whose rank-1 snippet belongs to another task. */
  readonly otherTask: number;
  /** ownVariant / misses (0 when there are no misses). */
  readonly ownVariantShare: number;
}

/**
 * Rank-1 miss attribution (the paper's "91.5–99.4% of rank-1 misses are the query's own buggy
 * variants"): among queries whose top-ranked snippet fails, how many failed on their own near-clone.
 *
 * @param top1   rank-1 document index per query (-1 for an empty ranking, which counts as a miss of
 *               neither kind)
 * @param passes whether document `d` passes query `q`'s tests
 * @example
 * // q0 hit, q1 missed on its own distractor, q2 missed on another task's snippet
 * rankOneMissAttribution(pool, Int32Array.of(0, 3, 0), (q, d) => d === 0 && q === 0)
 * // → { queries: 3, misses: 2, ownVariant: 1, otherTask: 1, ownVariantShare: 0.5 }
 */
export function rankOneMissAttribution(
  pool: PoolView,
  top1: Int32Array,
  passes: (q: number, d: number) => boolean,
): MissAttribution {
  let misses = 0;
  let ownVariant = 0;
  let otherTask = 0;
  for (let q = 0; q < top1.length; q++) {
    const d = top1[q]!;
    if (d >= 0 && passes(q, d)) continue;
    misses++;
    if (d < 0) continue;
    if (pool.ownerQuery[d] === q) ownVariant++;
    else otherTask++;
  }
  return {
    queries: top1.length,
    misses,
    ownVariant,
    otherTask,
    ownVariantShare: misses === 0 ? 0 : ownVariant / misses,
  };
}
