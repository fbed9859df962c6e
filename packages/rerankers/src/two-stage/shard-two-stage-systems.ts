import { runConcurrently } from '@execret/formats';
import { firstStageCandidates, type TwoStagePool } from './first-stage.js';
import type { TwoStageFirstStage } from './rank-two-stage-systems.js';
import type { SecondStage } from './second-stage.js';
import { twoStageId } from './two-stage-id.js';

/** Queries worked on at once (as `rankTwoStage` reranks them). */
const SHARD_QUERY_CONCURRENCY = 4;

/**
 * A shard's share of a run's work (`@execret/analyses`' `ShardShare` has this shape): its queries by index, and its
 * keyed work (an execution by `<code_sha256>:<tests_sha256>`).
 */
export interface TwoStageShare {
  query(q: number): boolean;
  key(key: string): boolean;
}

/** What {@link shardTwoStageSystems} did per two-stage system. */
export interface TwoStageShardWork {
  /** `<first>>><reranker>`. */
  readonly id: string;
  /** `prefill`: the stage's keyed share of every query; `rerank`: the shard's own queries reranked whole. */
  readonly split: 'prefill' | 'rerank';
  /** Queries worked on. */
  readonly queries: number;
}

/** Options of {@link shardTwoStageSystems}. */
export interface ShardTwoStageSystemsOptions {
  readonly signal: AbortSignal;
  /** Ids of the first stages to rerank; every first stage when absent. */
  readonly firstStageIds?: readonly string[];
  /** After each query of a system: the system's id, queries done and in all. */
  readonly onProgress?: (system: string, done: number, total: number) => void;
}

/**
 * A shard's share of the work of every (first stage, second stage) pair that {@link rankTwoStageSystems} would rank,
 * done into the stages' caches so that the run after the merge finds it there; nothing is decided or returned but
 * what was done. A stage with `prefill` (an execution reranker whose executions are known before any runs) does for
 * every query the part of its work whose key `share.key` accepts — so work that recurs across queries (the same
 * group of candidates probed for two queries) is done by one shard only; any other stage reranks the queries
 * `share.query` accepts, whole (a model reranker's calls, a chat reranker's questions and the tests it writes, all
 * particular to the query). Candidates are the first stage's top `depth` ({@link firstStageCandidates}), as in the
 * unsharded run.
 *
 * @example
 * await shardTwoStageSystems(firstStages, stages, pool, 10, { query: (q) => q % 4 === 1, key: (k) => mine(k) }, { signal });
 */
export async function shardTwoStageSystems<Audit, Costs>(
  firstStages: readonly TwoStageFirstStage[],
  secondStages: readonly SecondStage<Audit, Costs>[],
  pool: TwoStagePool,
  depth: number,
  share: TwoStageShare,
  options: ShardTwoStageSystemsOptions,
): Promise<TwoStageShardWork[]> {
  const work: TwoStageShardWork[] = [];
  for (const first of firstStages) {
    if (options.firstStageIds !== undefined && !options.firstStageIds.includes(first.ranking.id)) continue;
    const { docs: candidates, scores } = await firstStageCandidates(first.scorer, first.ranking, pool, depth);
    for (const stage of secondStages) {
      const id = twoStageId(first.ranking.id, stage.info.id);
      const { prefill } = stage;
      const queries = pool.queryIds
        .map((_, q) => q)
        .filter((q) => candidates[q]!.length > 0 && (prefill !== undefined || share.query(q)));
      let done = 0;
      await runConcurrently(
        queries.length,
        SHARD_QUERY_CONCURRENCY,
        async (i, signal) => {
          const q = queries[i]!;
          const code = Array.from(candidates[q]!, (d) => pool.code[d]!);
          if (prefill !== undefined)
            await prefill(pool.queryTexts[q]!, code, { signal, mine: (key) => share.key(key) });
          else await stage.rerank(pool.queryTexts[q]!, code, { signal, firstStageScores: Array.from(scores[q]!) });
          done++;
          options.onProgress?.(id, done, queries.length);
        },
        options.signal,
      );
      options.signal.throwIfAborted();
      work.push({ id, split: prefill !== undefined ? 'prefill' : 'rerank', queries: queries.length });
    }
  }
  return work;
}
