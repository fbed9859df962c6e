import type { GroupScores } from './analyses/group-scores.js';
import type { PoolView } from './pool.js';

/** How many documents past rank 10 may join a run because they tie the 10th score (see {@link rankSystem}). */
export const MAX_BOUNDARY_TIES = 50;
/** The deepest cutoff of every measure. */
export const DEPTH = 10;

/**
 * A retrieval system as the pipeline uses it: anything that can rank a subset of the pool for every query
 * and score each query's own group.
 */
export interface Scorer {
  /** Result-file name of the system (the registry id, or `bm25`). */
  readonly id: string;
  readonly similarity: 'cosine' | 'dot' | 'bm25';
  readonly configHash: string;
  readonly provider: string;
  /**
   * The best `k` documents of `docs` (global indices, ascending = id order) for every query, best first,
   * ties by id descending: row-major `queries × k` indices and scores.
   */
  rank(docs: Int32Array, k: number): Promise<{ indices: Int32Array; scores: Float32Array | Float64Array; k: number }>;
  /** Scores of each query's own canonical and paired distractors, with the arithmetic used by `rank`. */
  groupScores(): Promise<GroupScores>;
}

/** What the pipeline keeps of a system after ranking (the full score matrix is never stored). */
export interface SystemRanking {
  readonly id: string;
  readonly similarity: Scorer['similarity'];
  readonly configHash: string;
  readonly provider: string;
  /** Per query: the run documents (top 10, then documents tying the 10th score), best first. */
  readonly runDocs: readonly Int32Array[];
  /** Scores aligned with `runDocs`. */
  readonly runScores: readonly Float64Array[];
  /** Queries whose boundary tie group was cut at {@link MAX_BOUNDARY_TIES}. */
  readonly truncatedTieGroups: number;
  readonly group: GroupScores;
  /** Pool-density ablation: per retained count r (0..max), the top-10 documents per query and the pool size. */
  readonly ablation: readonly { retained: number; poolSize: number; top: readonly Int32Array[] }[];
}

/**
 * The pools of the density ablation: all canonicals plus the first r of each query's distractors in its
 * seeded retention order, for r = 0 … the largest number of distractors any query has. Nested: the pool
 * with r retained contains the pool with r − 1.
 */
export function ablationPools(
  pool: PoolView,
  retentionOrder: (q: number) => Int32Array,
): { retained: number; docs: Int32Array }[] {
  const maxR = Math.max(0, ...pool.distractors.map((d) => d.length));
  const orders = pool.queryIds.map((_, q) => retentionOrder(q));
  const out: { retained: number; docs: Int32Array }[] = [];
  for (let r = 0; r <= maxR; r++) {
    const mask = new Uint8Array(pool.docIds.length);
    // Documents that belong to no query's group (foreign snippets) stay in every pool.
    pool.ownerQuery.forEach((owner, d) => {
      if (owner < 0) mask[d] = 1;
    });
    pool.canonicals.forEach((ids) => {
      ids.forEach((d) => {
        mask[d] = 1;
      });
    });
    orders.forEach((order) => {
      order.subarray(0, r).forEach((d) => {
        mask[d] = 1;
      });
    });
    const docs: number[] = [];
    mask.forEach((m, d) => {
      if (m === 1) docs.push(d);
    });
    out.push({ retained: r, docs: Int32Array.from(docs) });
  }
  return out;
}

/**
 * Ranks the full pool and every ablation pool for one system and keeps what the metrics and analyses need.
 *
 * The run of a query is its top 10 plus every further document whose score equals the 10th score (up to
 * {@link MAX_BOUNDARY_TIES}), so that the metrics can tell whether a tie decided a measure and compute
 * tie-aware expected values.
 */
export async function rankSystem(
  scorer: Scorer,
  pool: PoolView,
  pools: readonly { retained: number; docs: Int32Array }[],
): Promise<SystemRanking> {
  const nQueries = pool.queryIds.length;
  const all = Int32Array.from(pool.docIds, (_, d) => d);
  const depth = Math.min(all.length, DEPTH + MAX_BOUNDARY_TIES + 1);
  const full = await scorer.rank(all, depth);
  const runDocs: Int32Array[] = [];
  const runScores: Float64Array[] = [];
  let truncatedTieGroups = 0;
  for (let q = 0; q < nQueries; q++) {
    const row = full.indices.subarray(q * full.k, (q + 1) * full.k);
    const scores = full.scores.subarray(q * full.k, (q + 1) * full.k);
    let n = Math.min(DEPTH, full.k);
    if (n === DEPTH) {
      const boundary = scores[DEPTH - 1]!;
      while (n < Math.min(full.k, DEPTH + MAX_BOUNDARY_TIES) && scores[n] === boundary) n++;
      if (n < full.k && scores[n] === boundary) truncatedTieGroups++;
    }
    runDocs.push(Int32Array.from(row.subarray(0, n)));
    runScores.push(Float64Array.from(scores.subarray(0, n)));
  }
  const ablation: SystemRanking['ablation'][number][] = [];
  for (const { retained, docs } of pools) {
    const k = Math.min(DEPTH, docs.length);
    const ranked = docs.length === all.length ? full : await scorer.rank(docs, k);
    const top: Int32Array[] = [];
    for (let q = 0; q < nQueries; q++)
      top.push(Int32Array.from(ranked.indices.subarray(q * ranked.k, q * ranked.k + k)));
    ablation.push({ retained, poolSize: docs.length, top });
  }
  return {
    id: scorer.id,
    similarity: scorer.similarity,
    configHash: scorer.configHash,
    provider: scorer.provider,
    runDocs,
    runScores,
    truncatedTieGroups,
    group: await scorer.groupScores(),
    ablation,
  };
}
