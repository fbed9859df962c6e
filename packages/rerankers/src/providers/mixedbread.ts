import type { Reranker, RerankerConfig } from '../types.js';
import { createRerankApiReranker, type RerankApiOptions } from './rerank-api.js';

/** Default Mixedbread API base URL (the CLI reads `EXECRET_MIXEDBREAD_BASE_URL`). */
export const DEFAULT_MIXEDBREAD_RERANK_BASE_URL = 'https://api.mixedbread.com/v1';

/**
 * A Mixedbread reranker over plain `fetch`: `POST /reranking` with `{ model, query, input, return_input: false }`,
 * bearer key (`MIXEDBREAD_API_KEY` in the CLI). Answers `{ data: [{ index, score }], usage: { total_tokens } }`.
 *
 * @throws {RerankersError} `auth` without `apiKey`
 * @example
 * const reranker = createMixedbreadReranker('mixedbread/mxbai-rerank-large-v2', { apiKey: key });
 */
export function createMixedbreadReranker(reranker: string | RerankerConfig, options: RerankApiOptions = {}): Reranker {
  return createRerankApiReranker(
    {
      provider: 'mixedbread',
      defaultBaseUrl: DEFAULT_MIXEDBREAD_RERANK_BASE_URL,
      keyRequired: true,
      endpoint: (info) => ({
        path: 'reranking',
        body: (query, documents) => ({ model: info.model, query, input: documents, return_input: false }),
        results: { list: 'data', score: ['score'] },
        tokens: ['usage.total_tokens', 'usage.prompt_tokens'],
      }),
    },
    reranker,
    options,
  );
}
