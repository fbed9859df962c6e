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
