import { QWEN3_RERANKER_DEFAULT_INSTRUCTION } from '../registry.js';
import type { Reranker, RerankerConfig } from '../types.js';
import { qwen3RerankerDocument, qwen3RerankerQuery } from './qwen3-prompt.js';
import { createRerankApiReranker, type RerankApiOptions } from './rerank-api.js';

/**
 * A vLLM server's rerank endpoints over plain `fetch` (self-hosted: `baseUrl` required, e.g.
 * `http://localhost:8000`; key optional). `params.endpoint` picks the endpoint:
 * - `rerank` — `POST /rerank` with `{ model, query, documents }` (Jina/Cohere-compatible); answers
 *   `{ results: [{ index, relevance_score }], usage: { total_tokens } }`.
 * - `score` — `POST /score` with `{ model, text_1, text_2 }`; answers `{ data: [{ index, score }], usage }`. For
 *   `params.template: 'qwen3-reranker'` (the `yes-no` entries) `text_1` is Qwen3-Reranker's query prompt with
 *   `info.instruction` and each `text_2` its document prompt, and the score vLLM returns is P("yes").
 *
 * @throws {TypeError} without `baseUrl`
 * @example
 * const reranker = createVllmReranker('vllm/qwen3-reranker-8b', { baseUrl: 'http://localhost:8000' });
 */
export function createVllmReranker(reranker: string | RerankerConfig, options: RerankApiOptions = {}): Reranker {
  return createRerankApiReranker(
    {
      provider: 'vllm',
      defaultBaseUrl: null,
      keyRequired: false,
      endpoint: (info) => {
        if (info.params.endpoint !== 'score') {
          return {
            path: 'rerank',
            body: (query, documents) => ({ model: info.model, query, documents }),
            results: { list: 'results', score: ['relevance_score'] },
            tokens: ['usage.total_tokens', 'usage.prompt_tokens'],
          };
        }
        const qwen3 = info.params.template === 'qwen3-reranker';
        const instruction = info.instruction ?? QWEN3_RERANKER_DEFAULT_INSTRUCTION;
        return {
          path: 'score',
          body: (query, documents) =>
            qwen3
              ? {
                  model: info.model,
                  text_1: qwen3RerankerQuery(instruction, query),
                  text_2: documents.map(qwen3RerankerDocument),
                }
              : { model: info.model, text_1: query, text_2: documents },
          results: { list: 'data', score: ['score'] },
          tokens: ['usage.prompt_tokens', 'usage.total_tokens'],
        };
      },
    },
    reranker,
    options,
  );
}
