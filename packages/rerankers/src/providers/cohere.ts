import { HttpError } from '@execret/http';
import { readNumber, readRerankResults } from '../read-rerank-results.js';
import { createRemoteReranker } from '../remote-reranker.js';
import { resolveRerankerInfo } from '../resolve-info.js';
import type { Reranker, RerankerConfig } from '../types.js';
import { expectRerankerProvider, importRerankerDependency, rerankerApiKey, toRerankerConfig } from './common.js';
import type { RerankApiOptions } from './rerank-api.js';

/** Default Cohere API base URL, without the version (the CLI reads `EXECRET_COHERE_BASE_URL`). */
export const DEFAULT_COHERE_BASE_URL = 'https://api.cohere.com';

/** Options of {@link createCohereReranker}. */
export interface CohereRerankerOptions extends RerankApiOptions {}

/**
 * A Cohere reranker (`rerank-v3.5`, ...) through the official `cohere-ai` SDK (loaded lazily; SDK retries off, this
 * package retries): `client.rerank({ model, query, documents, maxTokensPerDoc: info.maxLength })` on Cohere's v2
 * API (`POST /v2/rerank`, bearer key; `COHERE_API_KEY` in the CLI). Results `[{ index, relevanceScore }]` come
 * sorted by score and are read back into input order; `meta.billedUnits.searchUnits` is recorded (cost = search
 * units × list price). Requests hold at most 1,000 documents.
 *
 * @throws {RerankersError} `auth` without `apiKey`, `missing-dependency` without the `cohere-ai` package
 * @example
 * const reranker = await createCohereReranker('cohere/rerank-v3.5', { apiKey: key });
 * const hits = await reranker.rerank('parse an ISO date', snippets, { topN: 10 });
 */
export async function createCohereReranker(
  reranker: string | RerankerConfig,
  options: CohereRerankerOptions = {},
): Promise<Reranker> {
  const config = toRerankerConfig(reranker);
  expectRerankerProvider(config, 'cohere');
  const apiKey = rerankerApiKey(options.apiKey, 'cohere');
  const info = resolveRerankerInfo(config, options);
  const { CohereClientV2 } = await importRerankerDependency('cohere-ai', 'cohere', () => import('cohere-ai'));
  const label = '@execret/rerankers cohere';
  const timeoutInSeconds = Math.ceil(((options.timeoutMs ?? 60_000) * 2) / 1000);
  return createRemoteReranker(
    info,
    {
      component: 'cohere',
      send: async ({ query, documents, fetch, signal }) => {
        const client = new CohereClientV2({
          token: apiKey,
          environment: options.baseUrl ?? DEFAULT_COHERE_BASE_URL,
          fetch: fetch as never,
        });
        const body = await client.rerank(
          {
            model: info.model,
            query,
            documents: [...documents],
            ...(info.maxLength === null ? {} : { maxTokensPerDoc: info.maxLength }),
          },
          {
            maxRetries: 0,
            timeoutInSeconds,
            abortSignal: signal,
            ...(options.headers === undefined ? {} : { headers: options.headers }),
          },
        );
        if (typeof body !== 'object' || body === null) {
          throw new HttpError('response', `${label}: malformed response: body is not an object`);
        }
        return {
          rawScores: readRerankResults(
            body,
            { list: 'results', score: ['relevanceScore', 'relevance_score'] },
            documents.length,
            label,
          ),
          inputTokens: readNumber(body, ['meta.billedUnits.inputTokens', 'meta.tokens.inputTokens']),
          searchUnits: readNumber(body, ['meta.billedUnits.searchUnits']),
        };
      },
    },
    options,
  );
}
