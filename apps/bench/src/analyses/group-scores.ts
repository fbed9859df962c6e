import type { PoolView } from '../pool.js';

/**
 * The retriever's score for each query's own group: its (first) canonical and each paired distractor.
 * Everything the near-clone analyses need, without keeping the full query × document matrix.
 */
export interface GroupScores {
  /** Score of each query's first canonical. */
  readonly canonical: Float64Array;
  /** Scores of each query's paired distractors, aligned with `pool.distractors[q]`. */
  readonly distractors: readonly Float64Array[];
}

/** Reads the group scores out of a row-major query × document score matrix. */
export function groupScoresFromMatrix(pool: PoolView, scores: ArrayLike<number>): GroupScores {
  const nDocs = pool.docIds.length;
  const canonical = new Float64Array(pool.queryIds.length);
  const distractors = pool.distractors.map((ids, q) => {
    const first = pool.canonicals[q]![0];
    canonical[q] = first === undefined ? Number.NaN : scores[q * nDocs + first]!;
    return Float64Array.from(ids, (d) => scores[q * nDocs + d]!);
  });
  return { canonical, distractors };
}
