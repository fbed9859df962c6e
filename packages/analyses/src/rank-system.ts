import type { AblationPool } from './ablation-pools.js';
import { boundaryRun, MAX_BOUNDARY_TIES, RUN_DEPTH } from './boundary-run.js';
import type { GroupScores } from './group-scores.js';
import type { PoolView } from './pool-view.js';
import type { Scorer } from './scorer.js';

/** What is kept of a system after ranking (the full score matrix is never stored). */
export interface SystemRanking {
  readonly id: string;
  readonly similarity: Scorer['similarity'];
  readonly configHash: string;
  readonly provider: string;
  /** Per query: the run documents (top {@link RUN_DEPTH}, then documents tying that score), best first. */
  readonly runDocs: readonly Int32Array[];
  /** Scores aligned with `runDocs`. */
  readonly runScores: readonly Float64Array[];
  /** Queries whose boundary tie group was cut at {@link MAX_BOUNDARY_TIES}. */
  readonly truncatedTieGroups: number;
  readonly group: GroupScores;
  /** Pool-density ablation: per retained count r, the top-{@link RUN_DEPTH} documents per query and the pool size. */
  readonly ablation: readonly { retained: number; poolSize: number; top: readonly Int32Array[] }[];
}

/**
 * Ranks the full pool and every ablation pool for one system and keeps what the metrics and analyses need:
 * per query the run of {@link boundaryRun} (top 10 plus the documents tying the 10th score, at most
 * {@link MAX_BOUNDARY_TIES}), the scores of the query's own group, and the top 10 of each ablation pool. The
 * full pool is ranked `10 + MAX_BOUNDARY_TIES + 1` deep so that a cut tie group is detected; an ablation pool
 * as large as the full pool reuses the full ranking.
 *
 * @example
 * const ranking = await rankSystem(scorer, pool, ablationPools(pool, (q) => pool.distractors[q]));
 * ranking.runDocs[0];            // Int32Array of ≥ 10 document indices, best first
 * ranking.ablation[0].poolSize;  // the canonicals-only pool
 */
export async function rankSystem(
  scorer: Scorer,
  pool: PoolView,
  pools: readonly AblationPool[],
): Promise<SystemRanking> {
  const nQueries = pool.queryIds.length;
  const all = Int32Array.from(pool.docIds, (_, d) => d);
  const depth = Math.min(all.length, RUN_DEPTH + MAX_BOUNDARY_TIES + 1);
  const full = await scorer.rank(all, depth);
  const runDocs: Int32Array[] = [];
  const runScores: Float64Array[] = [];
  let truncatedTieGroups = 0;
  for (let q = 0; q < nQueries; q++) {
    let row = full.indices.subarray(q * full.k, (q + 1) * full.k);
    let scores = full.scores.subarray(q * full.k, (q + 1) * full.k);
    const listed = scorer.listed?.(q);
    if (listed !== undefined) {
      // a precomputed run: only the documents it lists (they rank before every other one)
      const n = row.findIndex((d) => !listed.has(d));
      if (n >= 0) {
        row = row.subarray(0, n);
        scores = scores.subarray(0, n);
      }
    }
    const run = boundaryRun(scores);
    if (run.truncated) truncatedTieGroups++;
    runDocs.push(Int32Array.from(row.subarray(0, run.length)));
    runScores.push(Float64Array.from(scores.subarray(0, run.length)));
  }
  const ablation: SystemRanking['ablation'][number][] = [];
  for (const { retained, docs } of pools) {
    const k = Math.min(RUN_DEPTH, docs.length);
    const ranked = docs.length === all.length ? full : await scorer.rank(docs, k);
    const top: Int32Array[] = [];
    for (let q = 0; q < nQueries; q++) {
      const row = ranked.indices.subarray(q * ranked.k, q * ranked.k + k);
      const listed = scorer.listed?.(q);
      top.push(Int32Array.from(listed === undefined ? row : row.filter((d) => listed.has(d))));
    }
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
