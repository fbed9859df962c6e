import type { ExecRerankCost } from './exec-rerank-cost.js';
import type { RerankUsage } from './rerank-usage.js';
import type { SecondStageInfo } from './second-stage-info.js';

/**
 * A two-stage system as a run manifest records it (`two_stage_systems[]`, docs/formats.md): what it is made of and
 * what it cost, in all and per query. `@execret/rerankers`' `twoStageSummary` makes it.
 */
export interface TwoStageSummary<Costs = ExecRerankCost> {
  model: string;
  config_hash: string;
  first_stage: string;
  first_stage_config_hash: string;
  depth: number;
  reranker: SecondStageInfo;
  queries: number;
  pairs: number;
  usage: RerankUsage;
  /** An execution reranker's counters, `null` for a reranker that counts none. */
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
