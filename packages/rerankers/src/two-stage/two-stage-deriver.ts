import type { TwoStagePool } from './first-stage.js';
import type { TwoStageSystem } from './rank-two-stage.js';
import {
  type RankTwoStageSystemsOptions,
  rankTwoStageSystems,
  type TwoStageFirstStage,
  twoStageCandidateRuns,
} from './rank-two-stage-systems.js';
import type { SecondStage } from './second-stage.js';
import { shardTwoStageSystems, type TwoStageShardWork, type TwoStageShare } from './shard-two-stage-systems.js';

/** What a run asks of its second stages: which, how deep, over which first stages. */
export interface TwoStagePlan<Audit, Costs> {
  readonly stages: readonly SecondStage<Audit, Costs>[];
  /** The first stage's top `depth` is reranked. */
  readonly depth: number;
  /** Ids of the first stages to rerank; every first stage when absent. */
  readonly firstStageIds?: readonly string[];
}

/** The hooks of {@link twoStageDeriver}, in the shape `@execret/analyses`' `scorePool` takes as `secondStages`. */
export interface TwoStageDeriver<Audit, Costs> {
  /** Every (first stage, second stage) pair of the plan as a two-stage system ({@link rankTwoStageSystems}). */
  derive(firstStages: readonly TwoStageFirstStage[]): Promise<TwoStageSystem<Audit, Costs>[]>;
  /** For a shard: the runs of every candidate the plan's systems could rank ({@link twoStageCandidateRuns}). */
  candidates(firstStages: readonly TwoStageFirstStage[]): Promise<{ runDocs: Int32Array[]; ablation: [] }[]>;
  /**
   * For a shard: its share of the plan's work, done into the stages' caches ({@link shardTwoStageSystems}); what it
   * did per system.
   */
  shardWork(firstStages: readonly TwoStageFirstStage[], share: TwoStageShare): Promise<TwoStageShardWork[]>;
}

/**
 * A plan's second stages as the hook a scoring pipeline derives two-stage systems with: `derive` ranks every system
 * of the plan; a shard, which derives nothing, does its share of the plan's work with `shardWork` and executes the
 * candidate runs `candidates` gives instead.
 *
 * @example
 * const scored = await scorePool(pool, scorers, table, {
 *   secondStages: twoStageDeriver(pool, { stages, depth: 10, firstStageIds: ['bm25'] }, { signal }),
 * });
 */
export function twoStageDeriver<Audit, Costs>(
  pool: TwoStagePool,
  plan: TwoStagePlan<Audit, Costs>,
  options: Omit<RankTwoStageSystemsOptions<Audit, Costs>, 'firstStageIds'>,
): TwoStageDeriver<Audit, Costs> {
  const named = plan.firstStageIds ? { firstStageIds: plan.firstStageIds } : {};
  return {
    derive: (firstStages) => rankTwoStageSystems(firstStages, plan.stages, pool, plan.depth, { ...options, ...named }),
    candidates: (firstStages) => twoStageCandidateRuns(firstStages, pool, plan.depth, named),
    shardWork: (firstStages, share) =>
      shardTwoStageSystems(firstStages, plan.stages, pool, plan.depth, share, {
        signal: options.signal,
        ...named,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      }),
  };
}
