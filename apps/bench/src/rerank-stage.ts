import { join } from 'node:path';
import type { PoolView, Scorer, SystemRanking } from '@execret/analyses';
import type { Io } from './command.js';
import { createProgressBar } from './progress.js';
import { RESULTS_LAYOUT, resultFileName, writeFileAtomic } from './results-io.js';
import type { SecondStages } from './second-stages.js';
import { firstStageCandidates, rankTwoStage, type TwoStageSystem } from './two-stage.js';

/** What `--rerank` asks of a scoring run. */
export interface RerankPlan {
  readonly secondStages: SecondStages;
  /** The first stage's top `depth` is reranked (`--rerank-depth`). */
  readonly depth: number;
  /** Ids of the first stages to rerank; every first stage when absent. */
  readonly firstStages?: readonly string[];
}

function reranked(scorers: readonly Scorer[], plan: RerankPlan): Scorer[] {
  return plan.firstStages === undefined ? [...scorers] : scorers.filter((s) => plan.firstStages!.includes(s.id));
}

/**
 * Every (first stage, second stage) pair of the plan as a two-stage system, first stages in scorer order and, within
 * each, second stages in `--rerank` order. `rankings` are the first stages' (aligned with `scorers`).
 */
export async function rerankStage(
  scorers: readonly Scorer[],
  rankings: readonly SystemRanking[],
  pool: PoolView,
  plan: RerankPlan,
  io: Io,
  signal: AbortSignal,
): Promise<TwoStageSystem[]> {
  const systems: TwoStageSystem[] = [];
  for (const scorer of reranked(scorers, plan)) {
    const ranking = rankings[scorers.indexOf(scorer)]!;
    for (const stage of plan.secondStages.stages) {
      const bar = createProgressBar(`rerank ${scorer.id}>>${stage.info.id}`, pool.queryIds.length, {
        enabled: io.progress,
      });
      const system = await rankTwoStage({ scorer, ranking }, stage, pool, plan.depth, {
        signal,
        onProgress: (done, total) => bar.update(done, total),
      });
      bar.finish(`${system.pairs} pairs in ${system.seconds.toFixed(1)} s`);
      systems.push(system);
    }
  }
  return systems;
}

/**
 * For a sharded run (`--shard`), which executes and writes nothing else: the first stages' top `depth` per query as
 * runs, so that every pair any reranker could put in a two-stage run is executed into the cache, without
 * reranking (a two-stage run is always an order of those candidates).
 */
export async function rerankCandidateRuns(
  scorers: readonly Scorer[],
  rankings: readonly SystemRanking[],
  pool: PoolView,
  plan: RerankPlan,
): Promise<Pick<SystemRanking, 'runDocs' | 'ablation'>[]> {
  const runs: Pick<SystemRanking, 'runDocs' | 'ablation'>[] = [];
  for (const scorer of reranked(scorers, plan)) {
    const { docs } = await firstStageCandidates(scorer, rankings[scorers.indexOf(scorer)]!, pool, plan.depth);
    runs.push({ runDocs: docs, ablation: [] });
  }
  return runs;
}

/**
 * Writes `rerank/<system>.jsonl` (one decision per query: candidates in first-stage order, the reranker's hits,
 * an execution reranker's audit) for every two-stage system, and `rerank/exec-artifacts.jsonl` (the chat replies,
 * generated inputs and executions the execution rerankers used) when there are any.
 */
export async function writeRerankFiles(
  out: string,
  systems: readonly TwoStageSystem[],
  artifactLines: readonly string[],
): Promise<string[]> {
  const written: string[] = [];
  for (const system of systems) {
    const file = join(out, RESULTS_LAYOUT.rerank, resultFileName(system.ranking.id).replace(/\.json$/, '.jsonl'));
    await writeFileAtomic(file, system.decisions.map((d) => `${JSON.stringify(d)}\n`).join(''));
    written.push(file);
  }
  if (artifactLines.length > 0) {
    const file = join(out, RESULTS_LAYOUT.rerankArtifacts);
    await writeFileAtomic(file, artifactLines.join(''));
    written.push(file);
  }
  return written;
}

/** The manifest's entry of a two-stage system: what it is made of and what it cost. */
export function twoStageManifestEntry(system: TwoStageSystem): Record<string, unknown> {
  const queries = system.decisions.length;
  const costs = system.costs;
  return {
    model: system.ranking.id,
    config_hash: system.ranking.configHash,
    first_stage: system.record.first_stage,
    first_stage_config_hash: system.record.first_stage_config_hash,
    depth: system.record.depth,
    reranker: system.reranker,
    queries,
    pairs: system.pairs,
    usage: system.usage,
    execution: costs,
    seconds: system.seconds,
    per_query: {
      seconds: queries === 0 ? 0 : system.seconds / queries,
      calls: queries === 0 ? 0 : system.usage.requests / queries,
      input_tokens: queries === 0 ? 0 : system.usage.inputTokens / queries,
      output_tokens: queries === 0 ? 0 : system.usage.outputTokens / queries,
      cost_usd: system.usage.costUsd === null || queries === 0 ? null : system.usage.costUsd / queries,
      executions: costs === null || queries === 0 ? 0 : costs.executions / queries,
      executed_tests: costs === null || queries === 0 ? 0 : costs.executedTests / queries,
    },
  };
}
