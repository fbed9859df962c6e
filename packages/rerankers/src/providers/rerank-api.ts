import { joinUrl, postJson } from '@execret/http';
import { type RerankResultsShape, readNumber, readRerankResults } from '../read-rerank-results.js';
import { createRemoteReranker, type RemoteRerankerOptions } from '../remote-reranker.js';
import { type RerankerOverrides, resolveRerankerInfo } from '../resolve-info.js';
import type { Reranker, RerankerConfig, RerankerInfo, RerankerProvider } from '../types.js';
import { expectRerankerProvider, rerankerApiKey, toRerankerConfig } from './common.js';

/** How one fetch-based rerank API is called: path, body, where results and token counts are. */
export interface RerankApiSpec {
  readonly provider: RerankerProvider;
  /** Default base URL; `null` for self-hosted servers (then `baseUrl` is required). */
  readonly defaultBaseUrl: string | null;
  /** Whether an API key is required (hosted) or optional (self-hosted). */
  readonly keyRequired: boolean;
  /** The endpoint for a resolved configuration (vLLM has two). */
  readonly endpoint: (info: RerankerInfo) => RerankEndpoint;
}

/** One endpoint of a rerank API. */
interface RerankEndpoint {
  /** Path under the base URL, e.g. `rerank`. */
  readonly path: string;
  readonly body: (query: string, documents: readonly string[]) => unknown;
  readonly results: RerankResultsShape;
  /** Dotted paths of the input-token count in the answer, tried in order. */
  readonly tokens: readonly string[];
}

/** Options of the fetch-based rerank API clients. */
export interface RerankApiOptions extends RemoteRerankerOptions, RerankerOverrides {}

/**
 * Creates a reranker for one fetch-based API described by `spec` (Voyage, Jina, Mixedbread, TEI, vLLM): a bearer
 * key when given, `POST <baseUrl><path>`, results read and validated by `readRerankResults`.
 *
 * @throws {RerankersError} `auth` when a hosted API gets no key; {@link TypeError} when a self-hosted one gets no baseUrl
 */
export function createRerankApiReranker(
  spec: RerankApiSpec,
  reranker: string | RerankerConfig,
  options: RerankApiOptions,
): Reranker {
  const config = toRerankerConfig(reranker);
  expectRerankerProvider(config, spec.provider);
  const component = spec.provider;
  const apiKey = spec.keyRequired ? rerankerApiKey(options.apiKey, component) : options.apiKey;
  const baseUrl = options.baseUrl ?? spec.defaultBaseUrl;
  if (baseUrl === null || baseUrl === '') {
    throw new TypeError(
      `@execret/rerankers ${component}: options.baseUrl is required for ${config.id} (a self-hosted server, e.g. http://localhost:8080)`,
    );
  }
  const info = resolveRerankerInfo(config, options);
  const endpoint = spec.endpoint(info);
  const url = joinUrl(baseUrl, endpoint.path);
  const auth: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const label = `@execret/rerankers ${component}`;
  return createRemoteReranker(
    info,
    {
      component,
      send: async ({ query, documents, fetch, signal }) => {
        const body = await postJson(
          fetch,
          url,
          endpoint.body(query, documents),
          { ...auth, ...options.headers },
          signal,
          label,
        );
        return {
          rawScores: readRerankResults(body, endpoint.results, documents.length, label),
          inputTokens: readNumber(body, endpoint.tokens),
          searchUnits: null,
        };
      },
    },
    options,
  );
}
