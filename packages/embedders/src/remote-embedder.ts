import { runConcurrently } from '@execret/formats';
import {
  DEFAULT_BYTES_PER_TOKEN,
  estimateTokens,
  type FetchLike,
  planBatches,
  type RemoteProviderOptions,
  redactSecrets,
  requestWithRetry,
  resolveRetryPolicy,
  wrapHttpError,
} from '@execret/http';
import { EmbeddersError, type EmbeddersErrorCode } from './errors.js';
import { modelInput } from './model-input.js';
import type { Embedder, EmbedderInfo, EmbedKind, EmbedOptions, EmbedResult, EmbedUsage } from './types.js';
import { normalizeRows, toMatrix } from './vectors.js';

/** Default number of requests in flight per embedder. */
export const DEFAULT_CONCURRENCY = 4;

/**
 * Options shared by every hosted and self-hosted provider: `@execret/http`'s `RemoteProviderOptions` (`apiKey`,
 * `baseUrl`, `headers`, `concurrency` — default {@link DEFAULT_CONCURRENCY} —, `bytesPerToken` and the retry settings,
 * with their defaults: 5 retries, 60,000 ms per attempt, 500 ms first delay doubling to 30,000 ms, `Retry-After`
 * honoured up to 120,000 ms).
 */
export interface RemoteOptions extends RemoteProviderOptions {}

/** One request as seen by a provider adapter. */
export interface AdapterRequest {
  /** Texts with prefixes already applied. */
  readonly texts: readonly string[];
  readonly kind: EmbedKind;
  /** `fetch` to hand to the SDK: it records the HTTP status and enforces the attempt's time limit. */
  readonly fetch: FetchLike;
  readonly signal: AbortSignal;
}

/** What an adapter extracts from a successful response. */
export interface AdapterResponse {
  /** One item per input text, in input order: number arrays or base64 float32 strings. */
  readonly vectors: readonly unknown[];
  /** Input tokens reported by the provider, or `null` when it reports none. */
  readonly inputTokens: number | null;
}

/**
 * The provider-specific part of a remote embedder: build and send one request, extract the vectors. `send` throws
 * `@execret/http`'s `HttpError('response', …)` for a body of the wrong shape (not retried); HTTP failures of the
 * `fetch` it was given are classified by the retry loop.
 */
export interface ProviderAdapter {
  /** Component name used in error messages, e.g. `openai`. */
  readonly component: string;
  send(request: AdapterRequest): Promise<AdapterResponse>;
}

/**
 * Sums two usage records field by field; `tokensEstimated` is true if either is; `costUsd` is `null` only
 * when both are `null` (an unpriced part counts as 0 otherwise).
 *
 * @example
 * addUsage(
 *   { texts: 2, requests: 1, retries: 0, inputTokens: 10, tokensEstimated: false, costUsd: 1e-6 },
 *   { texts: 1, requests: 1, retries: 2, inputTokens: 4, tokensEstimated: true, costUsd: null },
 * ); // { texts: 3, requests: 2, retries: 2, inputTokens: 14, tokensEstimated: true, costUsd: 1e-6 }
 */
export function addUsage(a: EmbedUsage, b: EmbedUsage): EmbedUsage {
  return {
    texts: a.texts + b.texts,
    requests: a.requests + b.requests,
    retries: a.retries + b.retries,
    inputTokens: a.inputTokens + b.inputTokens,
    tokensEstimated: a.tokensEstimated || b.tokensEstimated,
    costUsd: a.costUsd === null && b.costUsd === null ? null : (a.costUsd ?? 0) + (b.costUsd ?? 0),
  };
}

/** Usage of nothing: zeros, with `costUsd` 0 for a priced model and `null` otherwise. */
export function emptyUsage(priced: boolean): EmbedUsage {
  return { texts: 0, requests: 0, retries: 0, inputTokens: 0, tokensEstimated: false, costUsd: priced ? 0 : null };
}

/** Validates the arguments every `embed()` receives; throws `TypeError` on misuse. */
export function checkEmbedArguments(texts: readonly string[], options: EmbedOptions | undefined): void {
  if (!Array.isArray(texts)) throw new TypeError(`@execret/embedders embed: texts must be an array of strings`);
  for (let i = 0; i < texts.length; i++) {
    if (typeof texts[i] !== 'string') {
      throw new TypeError(`@execret/embedders embed: texts[${i}] must be a string, received ${typeof texts[i]}`);
    }
  }
  const kind = options?.kind;
  if (kind !== 'query' && kind !== 'document') {
    throw new TypeError(
      `@execret/embedders embed: options.kind must be 'query' or 'document', received ${String(kind)}`,
    );
  }
}

/**
 * Builds an {@link Embedder} around a provider adapter. The engine formats inputs (prefixes), splits
 * them into batches under `info.maxBatch` and `info.maxTokensPerRequest` (tokens estimated at
 * `bytesPerToken`), runs up to `concurrency` requests at once, retries 429/408/5xx/timeouts/network
 * errors with exponential backoff honouring `Retry-After`, validates every response (count, dimensions,
 * finite values), re-normalises when `info.normalize` is set, and accounts for usage.
 *
 * @example
 * const embedder = createRemoteEmbedder(info, {
 *   component: 'my-api',
 *   send: async ({ texts }) => ({ vectors: texts.map(() => [1, 0]), inputTokens: null }),
 * }, {});
 */
export function createRemoteEmbedder(info: EmbedderInfo, adapter: ProviderAdapter, options: RemoteOptions): Embedder {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(
      `@execret/embedders ${adapter.component}: concurrency must be an integer >= 1, received ${concurrency}`,
    );
  }
  const component = adapter.component;
  const label = `@execret/embedders ${component}`;
  resolveRetryPolicy(options, label); // RangeError at creation for a bad maxRetries or timeoutMs
  const bytesPerToken = options.bytesPerToken ?? DEFAULT_BYTES_PER_TOKEN;
  const secrets = [options.apiKey, ...Object.values(options.headers ?? {})];
  const price = info.price;
  let totals = emptyUsage(price !== null);
  let closed = false;

  const fail = (code: EmbeddersErrorCode, text: string, cause: unknown) => {
    const safeCause =
      cause === undefined
        ? undefined
        : new Error(redactSecrets(cause instanceof Error ? cause.message : String(cause), secrets).slice(0, 500));
    return new EmbeddersError(code, redactSecrets(`${label}: ${text}`, secrets), { cause: safeCause });
  };

  const withRetry = async (
    texts: readonly string[],
    kind: EmbedKind,
    signal: AbortSignal,
  ): Promise<{ response: AdapterResponse; retries: number }> => {
    try {
      const { value, retries } = await requestWithRetry(
        ({ fetch, signal: attemptSignal }) => adapter.send({ texts, kind, fetch, signal: attemptSignal }),
        { ...options, label, secrets, signal },
      );
      return { response: value, retries };
    } catch (error) {
      throw wrapHttpError(error, EmbeddersError);
    }
  };

  const embed = async (texts: readonly string[], options: EmbedOptions): Promise<EmbedResult> => {
    checkEmbedArguments(texts, options);
    if (closed) throw new TypeError(`@execret/embedders ${component}: embed() called after close()`);
    const { kind, signal, onBatch, onProgress } = options;
    if (signal?.aborted) throw fail('aborted', 'the request was aborted by the caller', signal.reason);
    const dims = info.dims;
    const inputs = texts.map((text) => modelInput(info.prefixes, text, kind));
    const estimates = inputs.map((text) => estimateTokens(text, bytesPerToken));
    const batches = planBatches(estimates, info.maxBatch, info.maxTokensPerRequest);
    const data = new Float32Array(texts.length * dims);
    let usage = emptyUsage(price !== null);
    let done = 0;
    await runConcurrently(
      batches.length,
      concurrency,
      async (b, batchSignal) => {
        const [start, end] = batches[b] as [number, number];
        const batchTexts = inputs.slice(start, end);
        const { response, retries } = await withRetry(batchTexts, kind, batchSignal);
        const matrix = toMatrix(response.vectors, batchTexts.length, dims, component).data;
        if (info.normalize) normalizeRows(matrix, dims);
        data.set(matrix, start * dims);
        const estimated = response.inputTokens === null;
        const tokens = estimated
          ? estimates.slice(start, end).reduce((s, t) => s + t, 0)
          : (response.inputTokens as number);
        usage = addUsage(usage, {
          texts: batchTexts.length,
          requests: 1,
          retries,
          inputTokens: tokens,
          tokensEstimated: estimated,
          costUsd: price === null ? null : (tokens * price.usdPerMillionTokens) / 1e6,
        });
        done += batchTexts.length;
        if (onBatch) {
          const indices = Array.from({ length: end - start }, (_, i) => start + i);
          await onBatch({ kind, indices, data: matrix, dims });
        }
        onProgress?.({ kind, done, total: texts.length });
      },
      signal,
    ).catch((error: unknown) => {
      if (EmbeddersError.is(error)) throw error;
      if (signal?.aborted) throw fail('aborted', 'the request was aborted by the caller', signal.reason);
      throw error;
    });
    totals = addUsage(totals, usage);
    return { data, rows: texts.length, dims, usage };
  };

  return {
    info,
    embed,
    usage: () => totals,
    close: async () => {
      closed = true;
    },
  };
}
