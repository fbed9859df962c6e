import type { RerankUsage, SecondStageInfo } from '@execret/formats';
import type { RerankerInfo, RerankHit } from '../types.js';

export type { SecondStageInfo } from '@execret/formats';

/** One reranked decision: hits best first over every candidate, and an audit when the reranker keeps one. */
export interface SecondStageDecision<Audit = unknown> {
  readonly hits: readonly RerankHit[];
  readonly audit: Audit | null;
}

/**
 * A reranker as a two-stage system uses it: a {@link Reranker} behind the score cache ({@link scoreCacheStage}),
 * or a reranker whose decisions carry an audit and whose work is counted beyond {@link RerankUsage} — such as
 * `@execret/exec-rerank`'s execution rerankers ({@link auditedStage}).
 */
export interface SecondStage<Audit = unknown, Costs = unknown> {
  readonly info: SecondStageInfo;
  /** `score-cache`: scores cached per (config hash, query, snippet[, list]); `artifacts`: an audited reranker. */
  readonly kind: 'score-cache' | 'artifacts';
  rerank(
    query: string,
    candidates: readonly string[],
    options: { signal: AbortSignal; firstStageScores: readonly number[] },
  ): Promise<SecondStageDecision<Audit>>;
  /**
   * For a shard of a sharded run, a stage whose work splits finer than by query (an execution reranker whose
   * executions are known before any runs): does, into its caches, only the part of one query's work whose key
   * `mine` accepts, and decides nothing; usage and costs count that work. A stage without it is split by query (a
   * shard reranks its own queries whole); see `shardTwoStageSystems`.
   */
  prefill?(
    query: string,
    candidates: readonly string[],
    options: { signal: AbortSignal; mine: (key: string) => boolean },
  ): Promise<void>;
  /** Usage summed over every call so far. */
  usage(): RerankUsage;
  /** Costs beyond `usage()` summed over every call so far, or `null` for a reranker that counts none. */
  costs(): Costs | null;
}

/**
 * The {@link SecondStageInfo} of a reranker's `info` (its other fields — registry sources, limits, prices — left
 * out), in a fixed field order.
 *
 * @example
 * secondStageInfo(describeReranker('cohere/rerank-v3.5')).configHash; // the registry entry's hash
 */
export function secondStageInfo(info: SecondStageInfo | RerankerInfo): SecondStageInfo {
  return {
    id: info.id,
    configHash: info.configHash,
    provider: info.provider,
    method: info.method,
    model: info.model,
    revision: info.revision,
    instruction: info.instruction,
    truncation: info.truncation,
    maxLength: info.maxLength,
    dtype: info.dtype,
    pointwise: info.pointwise,
    params: info.params,
  };
}
