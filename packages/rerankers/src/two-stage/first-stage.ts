/**
 * The pool as a two-stage system sees it (`@execret/analyses`' `PoolView` has these fields): queries and documents
 * by dense index, with their ids, query texts and code.
 */
export interface TwoStagePool {
  readonly queryIds: readonly string[];
  readonly queryTexts: readonly string[];
  readonly docIds: readonly string[];
  readonly code: readonly string[];
}

/**
 * How a first stage ranks the pool again (`@execret/analyses`' `Scorer` has this shape): the best `k` documents of
 * `docs` (indices in ascending order) for every query, row-major, best first, ties by document id descending.
 */
export interface FirstStageScorer {
  rank(
    docs: Int32Array,
    k: number,
  ): Promise<{ readonly indices: Int32Array; readonly scores: Float32Array | Float64Array; readonly k: number }>;
  /** For a precomputed run that lists only some documents per query: the documents query `q` lists. */
  listed?(q: number): ReadonlySet<number>;
}

/** What is kept of a first stage after ranking (`@execret/analyses`' `SystemRanking` has these fields). */
export interface FirstStageRanking {
  readonly id: string;
  readonly configHash: string;
  /** Per query, the run's documents best first. */
  readonly runDocs: readonly Int32Array[];
  /** Scores aligned with `runDocs`. */
  readonly runScores: readonly Float64Array[];
}

/**
 * The first stage's top `depth` documents per query, in its order (score descending, ties by document id
 * descending, as the scorer ranks), with their scores: taken from the kept run when every query's run is deep
 * enough, else ranked again `depth` deep. A scorer over a precomputed run (`listed`) gives only the documents the
 * run lists, so a query whose run is shorter than `depth` has fewer candidates.
 *
 * @example
 * const { docs, scores } = await firstStageCandidates(scorer, ranking, pool, 10);
 * docs[0]; // Int32Array: query 0's reranking candidates, first-stage rank 1 first
 */
export async function firstStageCandidates(
  scorer: FirstStageScorer,
  ranking: Pick<FirstStageRanking, 'runDocs' | 'runScores'>,
  pool: Pick<TwoStagePool, 'queryIds' | 'docIds'>,
  depth: number,
): Promise<{ docs: Int32Array[]; scores: Float64Array[] }> {
  const k = Math.min(depth, pool.docIds.length);
  if (ranking.runDocs.every((docs) => docs.length >= k)) {
    return {
      docs: ranking.runDocs.map((docs) => docs.slice(0, k)),
      scores: ranking.runScores.map((scores) => scores.slice(0, k)),
    };
  }
  const ranked = await scorer.rank(
    Int32Array.from(pool.docIds, (_, d) => d),
    k,
  );
  const docs: Int32Array[] = [];
  const scores: Float64Array[] = [];
  pool.queryIds.forEach((_, q) => {
    const row = ranked.indices.subarray(q * ranked.k, q * ranked.k + k);
    const rowScores = ranked.scores.subarray(q * ranked.k, q * ranked.k + k);
    // A precomputed run (`score --run`) holds only the documents it lists: never pad it with the rest of the pool.
    const listed = scorer.listed?.(q);
    const keep = Array.from(row.keys()).filter((i) => listed === undefined || listed.has(row[i]!));
    docs.push(Int32Array.from(keep, (i) => row[i]!));
    scores.push(Float64Array.from(keep, (i) => rowScores[i]!));
  });
  return { docs, scores };
}
