import type { TwoStageSummary } from '@execret/formats';
import type { TwoStageSystem } from './rank-two-stage.js';

export type { TwoStageSummary } from '@execret/formats';

/**
 * A two-stage system as a run manifest records it: what it is made of (first stage, depth, reranker info) and what
 * it cost — usage (requests, tokens, dollars), an execution reranker's counters (`executions`, `executedTests`, …)
 * as `execution`, seconds — in all and per query.
 *
 * @example
 * manifest.two_stage_systems = systems.map(twoStageSummary);
 */
export function twoStageSummary<Costs extends { readonly executions: number; readonly executedTests: number }>(
  system: TwoStageSystem<unknown, Costs>,
): TwoStageSummary<Costs> {
  const queries = system.decisions.length;
  const { costs, usage } = system;
  return {
    model: system.run.id,
    config_hash: system.run.configHash,
    first_stage: system.record.first_stage,
    first_stage_config_hash: system.record.first_stage_config_hash,
    depth: system.record.depth,
    reranker: system.reranker,
    queries,
    pairs: system.pairs,
    usage,
    execution: costs,
    seconds: system.seconds,
    per_query: {
      seconds: queries === 0 ? 0 : system.seconds / queries,
      calls: queries === 0 ? 0 : usage.requests / queries,
      input_tokens: queries === 0 ? 0 : usage.inputTokens / queries,
      output_tokens: queries === 0 ? 0 : usage.outputTokens / queries,
      cost_usd: usage.costUsd === null || queries === 0 ? null : usage.costUsd / queries,
      executions: costs === null || queries === 0 ? 0 : costs.executions / queries,
      executed_tests: costs === null || queries === 0 ? 0 : costs.executedTests / queries,
    },
  };
}
