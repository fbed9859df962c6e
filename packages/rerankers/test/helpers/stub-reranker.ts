import { describeReranker } from '../../src/create-reranker.js';
import { rankHits } from '../../src/rank-hits.js';
import type { Reranker, RerankerConfig } from '../../src/types.js';
import { addRerankUsage, emptyRerankUsage } from '../../src/usage.js';

/** A pointwise stub reranker scoring each candidate with `score(text)`; `calls` records the candidate lists. */
export function stubReranker(score: (text: string) => number, overrides: Partial<RerankerConfig> = {}) {
  const calls: string[][] = [];
  const info = describeReranker({ ...{ ...describeReranker('tei/bge-reranker-base') }, ...overrides });
  let totals = emptyRerankUsage(false);
  const reranker: Reranker = {
    info,
    async rerank(_query, candidates, options = {}) {
      calls.push([...candidates]);
      totals = addRerankUsage(totals, {
        ...emptyRerankUsage(false),
        calls: 1,
        requests: 1,
        documents: candidates.length,
      });
      const scores = candidates.map(score);
      return rankHits(scores, scores, options.topN);
    },
    usage: () => totals,
    close: async () => undefined,
  };
  return { reranker, calls };
}
