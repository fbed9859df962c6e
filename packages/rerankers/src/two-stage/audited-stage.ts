import type { RerankUsage, SecondStageInfo } from '@execret/formats';
import type { RerankHit } from '../types.js';
import { type SecondStage, secondStageInfo } from './second-stage.js';

/**
 * A reranker whose decisions carry an audit and whose work is counted beyond {@link RerankUsage}:
 * `@execret/exec-rerank`'s `ExecReranker` has this shape (audit `ExecRerankAudit`, costs `ExecRerankCost`).
 */
export interface AuditedReranker<Audit, Costs> {
  readonly info: SecondStageInfo;
  rerankDetailed(
    query: string,
    candidates: readonly string[],
    options: { signal?: AbortSignal },
  ): Promise<{ readonly hits: readonly RerankHit[]; readonly audit: Audit }>;
  /** A shard's keyed share of one query's work, deciding nothing (see `SecondStage.prefill`), when the reranker can. */
  prefill?(
    query: string,
    candidates: readonly string[],
    options: { signal?: AbortSignal; mine: (key: string) => boolean },
  ): Promise<void>;
  usage(): RerankUsage;
  /** Counters summed over every call: numbers, or `null` (an unpriced dollar figure). */
  costs(): Costs;
}

/**
 * An {@link AuditedReranker} as a second stage: each decision keeps its audit, and `costs()` its counters (the
 * reranker sees the query and the candidates' code only; the first-stage scores are not passed on); its `prefill`,
 * when it has one, is the stage's.
 *
 * @example
 * const stage = auditedStage(createExecReranker('exec/consensus', { oracle, cache }));
 */
export function auditedStage<Audit, Costs>(reranker: AuditedReranker<Audit, Costs>): SecondStage<Audit, Costs> {
  const { prefill } = reranker;
  return {
    info: secondStageInfo(reranker.info),
    kind: 'artifacts',
    rerank: async (query, candidates, options) => {
      const result = await reranker.rerankDetailed(query, candidates, { signal: options.signal });
      return { hits: result.hits, audit: result.audit };
    },
    ...(prefill
      ? {
          prefill: (
            query: string,
            candidates: readonly string[],
            options: { signal: AbortSignal; mine: (key: string) => boolean },
          ) => prefill.call(reranker, query, candidates, options),
        }
      : {}),
    usage: () => reranker.usage(),
    costs: () => reranker.costs(),
  };
}
