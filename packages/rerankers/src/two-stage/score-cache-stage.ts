import type { Reranker } from '../types.js';
import { type SecondStage, secondStageInfo } from './second-stage.js';

/**
 * A {@link Reranker} as a second stage: decisions from `cached` (the reranker behind `withScoreCache`, so reruns
 * pay only for what is missing), usage from the reranker itself, no audit, no further costs.
 *
 * @example
 * const stage = scoreCacheStage(reranker, withScoreCache(reranker, await openScoreCache(file)));
 */
export function scoreCacheStage(reranker: Reranker, cached: Reranker): SecondStage<never, never> {
  return {
    info: secondStageInfo(reranker.info),
    kind: 'score-cache',
    rerank: async (query, candidates, options) => ({
      hits: await cached.rerank(query, candidates, {
        signal: options.signal,
        firstStageScores: options.firstStageScores,
      }),
      audit: null,
    }),
    usage: () => reranker.usage(),
    costs: () => null,
  };
}
