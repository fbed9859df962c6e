/** The deepest cutoff of every release measure: a run keeps at least this many documents per query. */
export const RUN_DEPTH = 10;

/** How many documents past rank {@link RUN_DEPTH} may join a run because they tie its last score. */
export const MAX_BOUNDARY_TIES = 50;

/** Options of {@link boundaryRun}. */
export interface BoundaryRunOptions {
  /** Documents kept before ties are considered (default {@link RUN_DEPTH}). */
  readonly depth?: number;
  /** Most documents added past `depth` for tying its last score (default {@link MAX_BOUNDARY_TIES}). */
  readonly maxTies?: number;
}

/** What {@link boundaryRun} keeps of one query's ranking. */
export interface BoundaryRun {
  /** How many leading entries of the ranking the run keeps. */
  readonly length: number;
  /** Whether the tie group at the boundary continued past what the run keeps (expected-mode values then approximate). */
  readonly truncated: boolean;
}

/**
 * Run construction with boundary ties: the run of a query is its top `depth` documents plus every further
 * document whose score equals the score at rank `depth`, up to `maxTies` of them, so that measures can tell
 * whether a tie decided them and compute tie-aware expected values. A ranking shorter than `depth` is kept
 * whole. `truncated` is set when the entry right after the kept ones still ties the boundary score (rank the
 * query `depth + maxTies + 1` deep to be able to see that).
 *
 * @param scores one query's scores, best first (ties already ordered by the ranking's rule)
 * @example
 * boundaryRun(Float64Array.of(9, 8, 7, 7, 7, 1), { depth: 3, maxTies: 1 }); // { length: 4, truncated: true }
 * boundaryRun(Float64Array.of(9, 8, 7, 7, 1), { depth: 3 });                // { length: 4, truncated: false }
 */
export function boundaryRun(scores: ArrayLike<number>, options: BoundaryRunOptions = {}): BoundaryRun {
  const depth = options.depth ?? RUN_DEPTH;
  const maxTies = options.maxTies ?? MAX_BOUNDARY_TIES;
  let n = Math.min(depth, scores.length);
  let truncated = false;
  if (n === depth && depth > 0) {
    const boundary = scores[depth - 1]!;
    while (n < Math.min(scores.length, depth + maxTies) && scores[n] === boundary) n++;
    truncated = n < scores.length && scores[n] === boundary;
  }
  return { length: n, truncated };
}
