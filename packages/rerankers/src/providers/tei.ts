import type { Reranker, RerankerConfig } from '../types.js';
import { createRerankApiReranker, type RerankApiOptions } from './rerank-api.js';

/**
 * A text-embeddings-inference server's `/rerank` over plain `fetch` (self-hosted: `baseUrl` required, key
 * optional): `{ query, texts, raw_scores, truncate: true, truncation_direction: 'Right', return_text: false }`.
 * `raw_scores` is `params.rawScores` (default `true`: logits, not sigmoid probabilities, so that nothing ties).
 * Answers a bare array `[{ index, score }]` sorted by score. TEI reports no token counts (estimated).
 *
 * @throws {TypeError} without `baseUrl`
 * @example
 * // text-embeddings-router --model-id BAAI/bge-reranker-base --port 8080
 * const reranker = createTeiReranker('tei/bge-reranker-base', { baseUrl: 'http://localhost:8080' });
 */
export function createTeiReranker(reranker: string | RerankerConfig, options: RerankApiOptions = {}): Reranker {
  return createRerankApiReranker(
    {
      provider: 'tei',
      defaultBaseUrl: null,
      keyRequired: false,
      endpoint: (info) => ({
        path: 'rerank',
        body: (query, documents) => ({
          query,
          texts: documents,
          raw_scores: info.params.rawScores !== false,
          truncate: true,
          truncation_direction: 'Right',
          return_text: false,
        }),
        results: { list: null, score: ['score'] },
        tokens: [],
      }),
    },
    reranker,
    options,
  );
}
