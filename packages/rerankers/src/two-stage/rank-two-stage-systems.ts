import {
  type FirstStageRanking,
  type FirstStageScorer,
  firstStageCandidates,
  type TwoStagePool,
} from './first-stage.js';
import { rankTwoStage, type TwoStageSystem } from './rank-two-stage.js';
import type { SecondStage } from './second-stage.js';
import { twoStageId } from './two-stage-id.js';

/** A first stage as a run of second stages takes it (`@execret/analyses`' `FirstStage` has this shape). */
export interface TwoStageFirstStage {
  readonly scorer: FirstStageScorer;
  readonly ranking: FirstStageRanking;
}

/** Options of {@link rankTwoStageSystems}. */
export interface RankTwoStageSystemsOptions<Audit, Costs> {
  readonly signal: AbortSignal;
  /** Ids of the first stages to rerank; every first stage when absent. */
  readonly firstStageIds?: readonly string[];
  /** After each reranked query of a system: the system's id, queries done and in all. */
  readonly onProgress?: (system: string, done: number, total: number) => void;
  /** After each finished system. */
  readonly onSystem?: (system: TwoStageSystem<Audit, Costs>) => void;
}

/** The first stages of `firstStageIds` (every one when absent), in the order given. */
function reranked<F extends TwoStageFirstStage>(firstStages: readonly F[], firstStageIds?: readonly string[]): F[] {
  return firstStages.filter((f) => firstStageIds === undefined || firstStageIds.includes(f.ranking.id));
}

/**
 * Every (first stage, second stage) pair as a two-stage system ({@link rankTwoStage}): first stages in the order
 * given (those of `firstStageIds` only, when given) and, within each, second stages in the order given. One second
 * stage may serve several first stages; each system's usage and costs are its own calls'.
 *
 * @example
 * const systems = await rankTwoStageSystems(firstStages, [stage], pool, 10, { signal });
 * systems.map((s) => s.run.id); // ['bm25>>cohere/rerank-v3.5', 'dense>>cohere/rerank-v3.5']
 */
export async function rankTwoStageSystems<Audit, Costs>(
  firstStages: readonly TwoStageFirstStage[],
  secondStages: readonly SecondStage<Audit, Costs>[],
  pool: TwoStagePool,
  depth: number,
  options: RankTwoStageSystemsOptions<Audit, Costs>,
): Promise<TwoStageSystem<Audit, Costs>[]> {
  const systems: TwoStageSystem<Audit, Costs>[] = [];
  for (const first of reranked(firstStages, options.firstStageIds)) {
    for (const stage of secondStages) {
      const id = twoStageId(first.ranking.id, stage.info.id);
      const system = await rankTwoStage(first, stage, pool, depth, {
        signal: options.signal,
        onProgress: (done, total) => options.onProgress?.(id, done, total),
      });
      options.onSystem?.(system);
      systems.push(system);
    }
  }
  return systems;
}

/**
 * For a sharded run, which reranks nothing: each reranked first stage's top `depth` per query
 * ({@link firstStageCandidates}) as a run, so that every pair a two-stage run could hold (each is an order of these
 * candidates) is executed into the cache without calling a reranker. The runs have no pool-density ablation tops
 * (`ablation` is empty), the shape `@execret/analyses`' `executeRetrieved` takes.
 *
 * @example
 * const runs = await twoStageCandidateRuns(firstStages, pool, 10);
 * runs[0].runDocs[0]; // query 0's candidates, first-stage rank 1 first
 */
export async function twoStageCandidateRuns(
  firstStages: readonly TwoStageFirstStage[],
  pool: Pick<TwoStagePool, 'queryIds' | 'docIds'>,
  depth: number,
  options: { readonly firstStageIds?: readonly string[] } = {},
): Promise<{ runDocs: Int32Array[]; ablation: [] }[]> {
  const runs: { runDocs: Int32Array[]; ablation: [] }[] = [];
  for (const { scorer, ranking } of reranked(firstStages, options.firstStageIds)) {
    runs.push({ runDocs: (await firstStageCandidates(scorer, ranking, pool, depth)).docs, ablation: [] });
  }
  return runs;
}
