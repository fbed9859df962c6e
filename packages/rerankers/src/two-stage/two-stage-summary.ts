import type { RerankUsage } from '../types.js';
import type { TwoStageSystem } from './rank-two-stage.js';
import type { SecondStageInfo } from './second-stage.js';

/** What {@link twoStageSummary} gives: a run manifest's `two_stage_systems[]` entry (docs/formats.md). */
export interface TwoStageSummary<Costs> {
  model: string;
  config_hash: string;
  first_stage: string;
  first_stage_config_hash: string;
  depth: number;
  reranker: SecondStageInfo;
  queries: number;
  pairs: number;
  usage: RerankUsage;
  execution: Costs | null;
  seconds: number;
  /** Means per query (0 without queries; `cost_usd` `null` when unpriced). */
  per_query: {
    seconds: number;
    calls: number;
    input_tokens: number;
    output_tokens: number;
    cost_usd: number | null;
    executions: number;
    executed_tests: number;
  };
}

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
