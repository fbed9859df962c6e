import type { Reranker, RerankerConfig } from '../types.js';
import { createRerankApiReranker, type RerankApiOptions } from './rerank-api.js';

/** Default Jina API base URL (the CLI reads `EXECRET_JINA_BASE_URL`). */
export const DEFAULT_JINA_RERANK_BASE_URL = 'https://api.jina.ai/v1';

/**
 * A Jina reranker over plain `fetch`: `POST /rerank` with `{ model, query, documents, return_documents: false }`,
 * bearer key (`JINA_API_KEY` in the CLI). Answers `{ results: [{ index, relevance_score }], usage: { total_tokens } }`.
 *
 * @throws {RerankersError} `auth` without `apiKey`
 * @example
 * const reranker = createJinaReranker('jina/jina-reranker-v2-base-multilingual', { apiKey: key });
 */
export function createJinaReranker(reranker: string | RerankerConfig, options: RerankApiOptions = {}): Reranker {
  return createRerankApiReranker(
    {
      provider: 'jina',
      defaultBaseUrl: DEFAULT_JINA_RERANK_BASE_URL,
      keyRequired: true,
      endpoint: (info) => ({
        path: 'rerank',
        body: (query, documents) => ({ model: info.model, query, documents, return_documents: false }),
        results: { list: 'results', score: ['relevance_score'] },
        tokens: ['usage.total_tokens', 'usage.prompt_tokens'],
      }),
    },
    reranker,
    options,
  );
}
