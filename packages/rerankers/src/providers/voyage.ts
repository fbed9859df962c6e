import type { Reranker, RerankerConfig } from '../types.js';
import { createRerankApiReranker, type RerankApiOptions } from './rerank-api.js';

/** Default Voyage API base URL (override with `baseUrl`; the CLI reads `EXECRET_VOYAGE_BASE_URL`). */
export const DEFAULT_VOYAGE_RERANK_BASE_URL = 'https://api.voyageai.com/v1';

/**
 * A Voyage reranker (`rerank-2.5`, `rerank-2.5-lite`) over plain `fetch`: `POST /rerank` with
 * `{ query, documents, model, truncation: true }`, bearer key (`VOYAGE_API_KEY` in the CLI). Answers
 * `{ data: [{ index, relevance_score }], usage: { total_tokens } }` sorted by score; read back into input order.
 * Requests hold at most 1,000 documents and 600,000 estimated tokens (query counted once per document).
 *
 * @throws {RerankersError} `auth` without `apiKey`
 * @example
 * const reranker = createVoyageReranker('voyage/rerank-2.5', { apiKey: key });
 * const hits = await reranker.rerank('merge two sorted lists', snippets, { topN: 10 });
 */
export function createVoyageReranker(reranker: string | RerankerConfig, options: RerankApiOptions = {}): Reranker {
  return createRerankApiReranker(
    {
      provider: 'voyage',
      defaultBaseUrl: DEFAULT_VOYAGE_RERANK_BASE_URL,
      keyRequired: true,
      endpoint: (info) => ({
        path: 'rerank',
        body: (query, documents) => ({ query, documents, model: info.model, truncation: true }),
        results: { list: 'data', score: ['relevance_score'] },
        tokens: ['usage.total_tokens'],
      }),
    },
    reranker,
    options,
  );
}
