import { checkRerankArguments } from '../check-rerank-arguments.js';
import { rankHits } from '../rank-hits.js';
import type { Reranker, RerankHit, RerankOptions } from '../types.js';
import { addRerankUsage, emptyRerankUsage } from '../usage.js';
import { combinedInfo } from './combined-info.js';

/** Default RRF constant (Cormack, Clarke and Büttcher, SIGIR 2009). */
export const DEFAULT_RRF_K = 60;

/** Options of {@link createReciprocalRankFusion}. */
export interface ReciprocalRankFusionOptions {
  /** The constant k of `1 / (k + rank)` (default {@link DEFAULT_RRF_K}). */
  k?: number;
  /** Also fuse the first stage's ranking (the input order) as one more ranking (default `true`). */
  includeFirstStage?: boolean;
}

/**
 * Reciprocal rank fusion of several rerankers (and, by default, the first stage): a candidate's score is
 * `Σ_r 1 / (k + rank_r)` over the rankings r, with 1-based ranks (the first stage's rank of candidate i is i + 1).
 * `score` = `rawScore` = that sum; ties keep first-stage order. Components are called one after the other.
 *
 * @example
 * const fused = createReciprocalRankFusion([bm25Reranker, crossEncoder], { k: 60 });
 * await fused.rerank('sort a list', snippets); // first stage + both components
 */
export function createReciprocalRankFusion(
  rerankers: readonly Reranker[],
  options: ReciprocalRankFusionOptions = {},
): Reranker {
  const k = options.k ?? DEFAULT_RRF_K;
  if (!(k >= 0) || !Number.isFinite(k)) throw new RangeError(`@execret/rerankers rrf: k must be >= 0, received ${k}`);
  if (rerankers.length === 0) throw new RangeError('@execret/rerankers rrf: needs at least one reranker');
  const includeFirstStage = options.includeFirstStage ?? true;
  const info = combinedInfo(
    `rrf(${includeFirstStage ? 'first-stage,' : ''}${rerankers.map((r) => r.info.id).join(',')})`,
    'reciprocal-rank-fusion',
    rerankers.map((r) => r.info),
    { k, includeFirstStage },
    false,
    'https://doi.org/10.1145/1571941.1572114',
  );
  let totals = emptyRerankUsage(false);
  return {
    info,
    async rerank(query, candidates, opts: RerankOptions = {}): Promise<RerankHit[]> {
      checkRerankArguments(query, candidates, opts, 'rrf');
      const fused = new Float64Array(candidates.length);
      if (includeFirstStage) for (let i = 0; i < candidates.length; i++) fused[i] = 1 / (k + i + 1);
      let usage = emptyRerankUsage(false);
      for (const reranker of rerankers) {
        const before = reranker.usage();
        const hits = await reranker.rerank(query, candidates, { ...opts, topN: undefined });
        hits.forEach((hit, position) => {
          fused[hit.index] = (fused[hit.index] as number) + 1 / (k + position + 1);
        });
        usage = addRerankUsage(usage, difference(reranker.usage(), before));
      }
      totals = addRerankUsage(totals, { ...usage, calls: 1 });
      return rankHits(fused, fused, opts.topN);
    },
    usage: () => totals,
    close: async () => {
      for (const reranker of rerankers) await reranker.close();
    },
  };
}

/** `after − before`, field by field (the usage a component added during one call). */
export function difference(
  after: ReturnType<Reranker['usage']>,
  before: ReturnType<Reranker['usage']>,
): ReturnType<Reranker['usage']> {
  return {
    calls: 0,
    requests: after.requests - before.requests,
    retries: after.retries - before.retries,
    documents: after.documents - before.documents,
    inputTokens: after.inputTokens - before.inputTokens,
    tokensEstimated: after.tokensEstimated,
    outputTokens: after.outputTokens - before.outputTokens,
    searchUnits: after.searchUnits - before.searchUnits,
    costUsd: after.costUsd === null ? null : after.costUsd - (before.costUsd ?? 0),
    seconds: after.seconds - before.seconds,
  };
}
