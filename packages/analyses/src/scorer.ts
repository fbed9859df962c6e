import type { GroupScores } from './group-scores.js';

/** A row-major ranking of every query: `k` documents per query, best first. */
export interface ScorerRanking {
  /** Global document indices, `queries × k`, row-major. */
  readonly indices: Int32Array;
  /** Scores aligned with `indices`. */
  readonly scores: Float32Array | Float64Array;
  /** Documents per query row. */
  readonly k: number;
}

/**
 * A retrieval system as {@link rankSystem} uses it: anything that can rank a subset of the pool for every
 * query and score each query's own group. Implement it over an embedding matrix, BM25, a reranker or a
 * precomputed run.
 */
export interface Scorer {
  /** Result-file name of the system (a registry id, or `bm25`). */
  readonly id: string;
  /** How scores arise: a vector similarity, BM25, or a precomputed run's own scores. */
  readonly similarity: 'cosine' | 'dot' | 'bm25' | 'run';
  /** Stable hash of the system's configuration, recorded in results. */
  readonly configHash: string;
  readonly provider: string;
  /**
   * The best `k` documents of `docs` (global indices, ascending = id order) for every query, best first,
   * ties by id descending.
   */
  rank(docs: Int32Array, k: number): Promise<ScorerRanking>;
  /** Scores of each query's own canonical and paired distractors, with the arithmetic used by `rank`. */
  groupScores(): Promise<GroupScores>;
  /**
   * For a precomputed run that lists only some documents per query: the documents query `q` lists. `rank` must
   * put them before every other document; the run, its executions and the ablation tops then keep only them.
   * Absent for scorers that score every document.
   */
  listed?(q: number): ReadonlySet<number>;
}
