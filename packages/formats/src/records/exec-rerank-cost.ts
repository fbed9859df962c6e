/**
 * Work done by an execution reranker (`@execret/exec-rerank`): chat, execution and time. Per `rerank` call in each
 * result, summed by `costs()`, and the `execution` of a run manifest's `two_stage_systems[]` entry.
 */
export interface ExecRerankCost {
  /** Chat completions answered by the endpoint (cache hits excluded). */
  readonly chatCalls: number;
  /** HTTP requests they took, retries included (a caller-supplied client counts 1 per call). */
  readonly chatRequests: number;
  /** Chat replies served from the artifact cache. */
  readonly chatCacheHits: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Dollars at the reranker's price, or `null` without a price. */
  readonly costUsd: number | null;
  /** Suites (one candidate, one list of tests) executed by the oracle. */
  readonly executions: number;
  /** Tests (probes, generated tests) in those suites. */
  readonly executedTests: number;
  /** Suites answered by the artifact cache or the oracle's own cache. */
  readonly cachedExecutions: number;
  /** Sum of the executed suites' `durationMs`. */
  readonly executionMs: number;
  /** Wall-clock seconds inside `rerank`. */
  readonly seconds: number;
}
