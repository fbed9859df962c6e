import type { ChatPrice, ExecRerankCost } from './types.js';

/** A zero {@link ExecRerankCost} (`costUsd` 0 when priced, else `null`). */
export function emptyExecRerankCost(priced: boolean): ExecRerankCost {
  return {
    chatCalls: 0,
    chatRequests: 0,
    chatCacheHits: 0,
    promptTokens: 0,
    completionTokens: 0,
    costUsd: priced ? 0 : null,
    executions: 0,
    executedTests: 0,
    cachedExecutions: 0,
    executionMs: 0,
    seconds: 0,
  };
}

/**
 * Field-by-field sum of two costs; `costUsd` is `null` only when both are.
 *
 * @example
 * addExecRerankCost(emptyExecRerankCost(false), { ...emptyExecRerankCost(false), executions: 5 }).executions; // 5
 */
export function addExecRerankCost(a: ExecRerankCost, b: ExecRerankCost): ExecRerankCost {
  return {
    chatCalls: a.chatCalls + b.chatCalls,
    chatRequests: a.chatRequests + b.chatRequests,
    chatCacheHits: a.chatCacheHits + b.chatCacheHits,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    costUsd: a.costUsd === null && b.costUsd === null ? null : (a.costUsd ?? 0) + (b.costUsd ?? 0),
    executions: a.executions + b.executions,
    executedTests: a.executedTests + b.executedTests,
    cachedExecutions: a.cachedExecutions + b.cachedExecutions,
    executionMs: a.executionMs + b.executionMs,
    seconds: a.seconds + b.seconds,
  };
}

/** Mutable counters of one `rerank` call. @internal */
export class CostMeter {
  chatCalls = 0;
  chatRequests = 0;
  chatCacheHits = 0;
  promptTokens = 0;
  completionTokens = 0;
  executions = 0;
  executedTests = 0;
  cachedExecutions = 0;
  executionMs = 0;

  constructor(private readonly price: ChatPrice | undefined) {}

  snapshot(seconds: number): ExecRerankCost {
    return {
      chatCalls: this.chatCalls,
      chatRequests: this.chatRequests,
      chatCacheHits: this.chatCacheHits,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      costUsd:
        this.price === undefined
          ? null
          : (this.promptTokens * this.price.inputUsdPerMillion +
              this.completionTokens * this.price.outputUsdPerMillion) /
            1e6,
      executions: this.executions,
      executedTests: this.executedTests,
      cachedExecutions: this.cachedExecutions,
      executionMs: this.executionMs,
      seconds,
    };
  }
}
