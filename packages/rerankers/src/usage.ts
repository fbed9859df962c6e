import type { RerankUsage } from './types.js';

/**
 * Usage of nothing: zeros, with `costUsd` 0 for a priced reranker and `null` otherwise.
 *
 * @example
 * emptyRerankUsage(false).costUsd; // null
 */
export function emptyRerankUsage(priced: boolean): RerankUsage {
  return {
    calls: 0,
    requests: 0,
    retries: 0,
    documents: 0,
    inputTokens: 0,
    tokensEstimated: false,
    outputTokens: 0,
    searchUnits: 0,
    costUsd: priced ? 0 : null,
    seconds: 0,
  };
}

/**
 * Sums two usage records field by field; `tokensEstimated` is true if either is; `costUsd` is `null` only when
 * both are `null`.
 *
 * @example
 * addRerankUsage(emptyRerankUsage(true), { ...emptyRerankUsage(true), calls: 1, costUsd: 0.002 }).costUsd; // 0.002
 */
export function addRerankUsage(a: RerankUsage, b: RerankUsage): RerankUsage {
  return {
    calls: a.calls + b.calls,
    requests: a.requests + b.requests,
    retries: a.retries + b.retries,
    documents: a.documents + b.documents,
    inputTokens: a.inputTokens + b.inputTokens,
    tokensEstimated: a.tokensEstimated || b.tokensEstimated,
    outputTokens: a.outputTokens + b.outputTokens,
    searchUnits: a.searchUnits + b.searchUnits,
    costUsd: a.costUsd === null && b.costUsd === null ? null : (a.costUsd ?? 0) + (b.costUsd ?? 0),
    seconds: a.seconds + b.seconds,
  };
}
