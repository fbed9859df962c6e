import { runConcurrently } from '@execret/formats';
import { EmbeddersError, type EmbeddersErrorCode, redactSecrets } from './errors.js';
import { DEFAULT_BYTES_PER_TOKEN, estimateTokens, planBatches } from './http/batching.js';
import {
  backoffDelayMs,
  DEFAULT_BASE_DELAY_MS,
  DEFAULT_MAX_DELAY_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  sleep as defaultSleep,
  parseRetryAfter,
} from './http/retry.js';
import { modelInput } from './model-input.js';
import type { Embedder, EmbedderInfo, EmbedKind, EmbedOptions, EmbedResult, EmbedUsage } from './types.js';
import { normalizeRows, toMatrix } from './vectors.js';

/** Default number of requests in flight per embedder. */
export const DEFAULT_CONCURRENCY = 4;
/** Default time limit of one request attempt, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** A `fetch`-compatible function. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Options shared by every hosted and self-hosted provider. */
export interface RemoteOptions {
  /** API key; sent only in the provider's auth header, never logged, never stored in `info` or errors. */
  apiKey?: string;
  /** Base URL of the API (e.g. a local fake server, a proxy, or a vLLM server `http://host:8000/v1`). */
  baseUrl?: string;
  /** `fetch` used for every request (default `globalThis.fetch`). */
  fetch?: FetchLike;
  /** Extra HTTP headers for every request. */
  headers?: Record<string, string>;
  /** Requests in flight at once (default {@link DEFAULT_CONCURRENCY}). */
  concurrency?: number;
  /** Retries after the first attempt for 429, 408, 5xx, timeouts and network errors (default 5). */
  maxRetries?: number;
  /** Time limit of one attempt in milliseconds (default {@link DEFAULT_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** First backoff delay in milliseconds (default 500). */
  baseDelayMs?: number;
  /** Backoff ceiling in milliseconds (default 30,000). */
  maxDelayMs?: number;
  /** Longest `Retry-After` honoured, in milliseconds (default 120,000); longer asks fail at once. */
  maxRetryAfterMs?: number;
  /** UTF-8 bytes per token for client-side token estimates (default 3). */
  bytesPerToken?: number;
  /** Waits between retries (injectable for tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Uniform [0, 1) source for backoff jitter (default `Math.random`). */
  random?: () => number;
  /** Clock in epoch milliseconds, used for HTTP-date `Retry-After` (default `Date.now`). */
  now?: () => number;
}

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

/** The provider-specific part of a remote embedder: build and send one request, extract the vectors. */
export interface ProviderAdapter {
  /** Component name used in error messages, e.g. `openai`. */
  readonly component: string;
  send(request: AdapterRequest): Promise<AdapterResponse>;
}

const RETRYABLE: ReadonlySet<EmbeddersErrorCode> = new Set(['rate-limit', 'server', 'timeout', 'network']);

interface Capture {
  status?: number;
  retryAfter?: string | null;
  retryAfterMs?: string | null;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as Record<string, unknown>;
  for (const key of ['status', 'statusCode']) {
    const v = e[key];
    if (typeof v === 'number' && v >= 100 && v < 600) return v;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
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
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError(
      `@execret/embedders ${adapter.component}: maxRetries must be an integer >= 0, received ${maxRetries}`,
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0))
    throw new RangeError(`@execret/embedders ${adapter.component}: timeoutMs must be > 0, received ${timeoutMs}`);
  const policy = {
    baseDelayMs: options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS,
  };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const bytesPerToken = options.bytesPerToken ?? DEFAULT_BYTES_PER_TOKEN;
  const wait = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const baseFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const secrets = [options.apiKey, ...Object.values(options.headers ?? {})];
  const component = adapter.component;
  const price = info.price;
  let totals = emptyUsage(price !== null);
  let closed = false;

  const fail = (
    code: EmbeddersErrorCode,
    text: string,
    cause: unknown,
    extra: { status?: number; retryAfterMs?: number } = {},
  ) => {
    const safeCause =
      cause === undefined ? undefined : new Error(redactSecrets(messageOf(cause), secrets).slice(0, 500));
    return new EmbeddersError(code, redactSecrets(`@execret/embedders ${component}: ${text}`, secrets), {
      ...extra,
      cause: safeCause,
    });
  };

  const classify = (
    error: unknown,
    capture: Capture,
    timedOut: boolean,
    parent: AbortSignal | undefined,
  ): EmbeddersError => {
    if (parent?.aborted) return fail('aborted', 'the request was aborted by the caller', parent.reason);
    if (timedOut) return fail('timeout', `no response within ${timeoutMs} ms`, error);
    if (EmbeddersError.is(error)) return error;
    const status =
      capture.status !== undefined && capture.status >= 400 ? capture.status : (statusOf(error) ?? capture.status);
    const detail = redactSecrets(messageOf(error), secrets).slice(0, 300);
    if (status !== undefined && status >= 400) {
      const retryAfterMs = parseRetryAfter(capture, now());
      const extra = retryAfterMs === undefined ? { status } : { status, retryAfterMs };
      if (status === 401 || status === 403) {
        return fail('auth', `authentication failed (HTTP ${status}); check the API key: ${detail}`, error, extra);
      }
      if (status === 429) return fail('rate-limit', `rate limited (HTTP 429): ${detail}`, error, extra);
      if (status === 408 || status >= 500)
        return fail('server', `server error (HTTP ${status}): ${detail}`, error, extra);
      return fail('request', `request rejected (HTTP ${status}): ${detail}`, error, extra);
    }
    if (status !== undefined) {
      return fail('response', `malformed response (HTTP ${status}): ${detail}`, error, { status });
    }
    return fail('network', `network error: ${detail}`, error);
  };

  const attempt = async (texts: readonly string[], kind: EmbedKind, parent: AbortSignal): Promise<AdapterResponse> => {
    const capture: Capture = {};
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const signal = AbortSignal.any([parent, controller.signal]);
    const fetch: FetchLike = async (input, init) => {
      const inner = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      const response = await baseFetch(input, { ...init, signal: inner ? AbortSignal.any([inner, signal]) : signal });
      capture.status = response.status;
      capture.retryAfter = response.headers.get('retry-after');
      capture.retryAfterMs = response.headers.get('retry-after-ms');
      return response;
    };
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    const sent = adapter.send({ texts, kind, fetch, signal });
    sent.catch(() => undefined);
    aborted.catch(() => undefined);
    try {
      return await Promise.race([sent, aborted]);
    } catch (error) {
      throw classify(error, capture, timedOut, parent);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  };

  const withRetry = async (
    texts: readonly string[],
    kind: EmbedKind,
    signal: AbortSignal,
    outer: AbortSignal | undefined,
  ): Promise<{ response: AdapterResponse; retries: number }> => {
    for (let retry = 0; ; retry++) {
      try {
        return { response: await attempt(texts, kind, signal), retries: retry };
      } catch (caught) {
        const error = EmbeddersError.is(caught) ? caught : classify(caught, {}, false, outer);
        const attempts = retry + 1;
        if (!RETRYABLE.has(error.code) || retry >= maxRetries || signal.aborted) {
          const suffix = RETRYABLE.has(error.code) && !signal.aborted ? ` (gave up after ${attempts} attempts)` : '';
          throw new EmbeddersError(error.code, `${error.message}${suffix}`, {
            cause: error.cause,
            status: error.status,
            retryAfterMs: error.retryAfterMs,
            attempts,
          });
        }
        if (error.retryAfterMs !== undefined && error.retryAfterMs > maxRetryAfterMs) {
          throw new EmbeddersError(
            error.code,
            `${error.message} (server asked to wait ${error.retryAfterMs} ms, more than maxRetryAfterMs ${maxRetryAfterMs})`,
            { cause: error.cause, status: error.status, retryAfterMs: error.retryAfterMs, attempts },
          );
        }
        try {
          await wait(backoffDelayMs(retry, error.retryAfterMs, policy, random), signal);
        } catch (reason) {
          throw fail('aborted', 'the request was aborted by the caller', reason);
        }
      }
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
        const { response, retries } = await withRetry(batchTexts, kind, batchSignal, signal);
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
