import { runConcurrently } from '@execret/formats';
import {
  DEFAULT_BYTES_PER_TOKEN,
  estimateTokens,
  type FetchLike,
  planBatches,
  type RemoteProviderOptions,
  requestWithRetry,
  resolveRetryPolicy,
  wrapHttpError,
} from '@execret/http';
import { checkRerankArguments } from './check-rerank-arguments.js';
import { RerankersError } from './errors.js';
import { rankHits } from './rank-hits.js';
import type { Reranker, RerankerInfo, RerankHit, RerankOptions, RerankUsage } from './types.js';
import { addRerankUsage, emptyRerankUsage } from './usage.js';

/** Default number of requests in flight per `rerank()` call. */
export const DEFAULT_RERANK_CONCURRENCY = 4;

/**
 * Options shared by every hosted and self-hosted rerank API: `@execret/http`'s `RemoteProviderOptions` (`apiKey`,
 * `baseUrl`, `headers`, `concurrency` — default {@link DEFAULT_RERANK_CONCURRENCY} —, `bytesPerToken` and the retry
 * settings: 5 retries, 60,000 ms per attempt, backoff from 500 ms to 30,000 ms, `Retry-After` honoured up to
 * 120,000 ms).
 */
export interface RemoteRerankerOptions extends RemoteProviderOptions {}

/** One request as a provider adapter sees it. */
export interface RerankRequest {
  readonly query: string;
  /** The documents of this batch (a slice of the candidates). */
  readonly documents: readonly string[];
  /** `fetch` to use or hand to an SDK (records status, carries the attempt's time limit). */
  readonly fetch: FetchLike;
  readonly signal: AbortSignal;
}

/** What an adapter extracts from one answer. */
export interface RerankResponse {
  /** One raw score per document of the request, in request order. */
  readonly rawScores: Float64Array;
  /** Input tokens the provider reported, or `null` (then estimated). */
  readonly inputTokens: number | null;
  /** Search units billed (Cohere), or `null`. */
  readonly searchUnits: number | null;
}

/** The provider-specific part of a rerank API client. */
export interface RerankAdapter {
  /** Component name for messages, e.g. `cohere`. */
  readonly component: string;
  send(request: RerankRequest): Promise<RerankResponse>;
}

/**
 * Builds a {@link Reranker} around a rerank API adapter. `rerank()` splits the candidates into requests of at most
 * `info.maxDocumentsPerRequest` documents and `info.maxTokensPerRequest` estimated tokens (each document counted
 * with the query, as Voyage counts them), sends up to `concurrency` at once through `@execret/http`'s
 * `requestWithRetry` (HTTP errors become `RerankersError` with the same code), validates every answer (count,
 * indices, finite scores), and ranks: `score` = `rawScore` = the API's relevance score, ties in first-stage order.
 * Usage counts requests, retries, documents, tokens (the provider's or estimated), search units and list-price cost.
 *
 * @example
 * const reranker = createRemoteReranker(info, {
 *   component: 'my-api',
 *   send: async ({ documents }) => ({ rawScores: Float64Array.from(documents, (d) => d.length), inputTokens: null, searchUnits: null }),
 * }, {});
 */
export function createRemoteReranker(
  info: RerankerInfo,
  adapter: RerankAdapter,
  options: RemoteRerankerOptions,
): Reranker {
  const component = adapter.component;
  const label = `@execret/rerankers ${component}`;
  const concurrency = options.concurrency ?? DEFAULT_RERANK_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`${label}: concurrency must be an integer >= 1, received ${concurrency}`);
  }
  resolveRetryPolicy(options, label);
  const bytesPerToken = options.bytesPerToken ?? DEFAULT_BYTES_PER_TOKEN;
  const secrets = [options.apiKey, ...Object.values(options.headers ?? {})];
  const now = options.now ?? Date.now;
  const price = info.price;
  let totals = emptyRerankUsage(price !== null);
  let closed = false;

  const rerank = async (query: string, candidates: readonly string[], rerankOptions: RerankOptions = {}) => {
    checkRerankArguments(query, candidates, rerankOptions, component);
    if (closed) throw new TypeError(`${label}: rerank() called after close()`);
    const { signal, topN } = rerankOptions;
    if (signal?.aborted) {
      throw new RerankersError('aborted', `${label}: the request was aborted by the caller`, { cause: signal.reason });
    }
    const started = now();
    const queryTokens = estimateTokens(query, bytesPerToken);
    const estimates = candidates.map((c) => queryTokens + estimateTokens(c, bytesPerToken));
    const batches = planBatches(
      estimates,
      info.maxDocumentsPerRequest ?? Math.max(1, candidates.length),
      info.maxTokensPerRequest,
    );
    const raw = new Float64Array(candidates.length);
    let usage: RerankUsage = emptyRerankUsage(price !== null);
    await runConcurrently(
      batches.length,
      concurrency,
      async (b, batchSignal) => {
        const [start, end] = batches[b] as [number, number];
        const documents = candidates.slice(start, end);
        const { value, retries } = await requestWithRetry(
          ({ fetch, signal: attemptSignal }) => adapter.send({ query, documents, fetch, signal: attemptSignal }),
          { ...options, label, secrets, signal: batchSignal },
        );
        if (value.rawScores.length !== documents.length) {
          throw new RerankersError(
            'response',
            `${label}: malformed response: ${value.rawScores.length} scores for ${documents.length} documents`,
          );
        }
        raw.set(value.rawScores, start);
        const estimated = value.inputTokens === null;
        const tokens = value.inputTokens ?? estimates.slice(start, end).reduce((s, t) => s + t, 0);
        const units = value.searchUnits ?? (price?.usdPerSearchUnit ? Math.ceil(documents.length / 100) : 0);
        const cost =
          price === null
            ? null
            : (tokens * (price.usdPerMillionTokens ?? 0)) / 1e6 + units * (price.usdPerSearchUnit ?? 0);
        usage = addRerankUsage(usage, {
          ...emptyRerankUsage(false),
          requests: 1,
          retries,
          documents: documents.length,
          inputTokens: tokens,
          tokensEstimated: estimated,
          searchUnits: units,
          costUsd: cost,
        });
      },
      signal,
    ).catch((error: unknown) => {
      throw wrapHttpError(error, RerankersError);
    });
    if (signal?.aborted) {
      throw new RerankersError('aborted', `${label}: the request was aborted by the caller`, { cause: signal.reason });
    }
    const hits: RerankHit[] = rankHits(raw, raw, topN);
    totals = addRerankUsage(totals, { ...usage, calls: 1, seconds: (now() - started) / 1000 });
    return hits;
  };

  return {
    info,
    rerank,
    usage: () => totals,
    close: async () => {
      closed = true;
    },
  };
}
