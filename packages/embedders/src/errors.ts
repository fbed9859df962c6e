import { defineExecretError } from '@execret/formats';

/**
 * The one error class of `@execret/embedders`.
 *
 * Codes:
 * - `auth` — the provider refused the credentials (HTTP 401/403) or no API key was given.
 * - `rate-limit` — HTTP 429 persisted after every retry, or `Retry-After` asked for a longer wait than allowed.
 * - `server` — HTTP 408 or 5xx persisted after every retry.
 * - `timeout` — a request took longer than `timeoutMs` on every attempt.
 * - `network` — the connection failed (refused, reset, DNS) on every attempt.
 * - `request` — the provider rejected the request (another 4xx); not retried.
 * - `response` — a response was malformed: unparsable JSON, wrong vector count, wrong dimensions,
 *   NaN/Infinity or non-numeric values; not retried.
 * - `aborted` — the caller's `AbortSignal` fired.
 * - `missing-dependency` — an optional peer dependency (a provider SDK, transformers.js) is not installed.
 * - `unknown-model` — the model id is not in the registry.
 * - `model-unavailable` — local model weights are absent and could not be downloaded.
 * - `cache` — the embedding cache on disk is unusable (wrong dimensions, unreadable metadata).
 * - `matrix` — no longer thrown here: matrix files moved to `@execret/search` (its `SearchError` has this code);
 *   kept in the union for one release.
 */
export type EmbeddersErrorCode =
  | 'auth'
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'network'
  | 'request'
  | 'response'
  | 'aborted'
  | 'missing-dependency'
  | 'unknown-model'
  | 'model-unavailable'
  | 'cache'
  | 'matrix';

/** What an {@link EmbeddersError} carries besides code and message. */
export interface EmbeddersErrorDetails {
  /**
   * Underlying error (already stripped of secrets). For a failed request it is `@execret/http`'s `HttpError`, with
   * the HTTP `status`, `retryAfterMs` and `attempts` (`httpFailure(error)` finds it).
   */
  cause?: unknown;
}

/**
 * Error thrown by `@execret/embedders` for every failure to produce vectors. Messages start with
 * `@execret/embedders <component>:` and never contain API keys.
 *
 * @example
 * try {
 *   await embedder.embed(['def f(): pass'], { kind: 'document' });
 * } catch (error) {
 *   if (EmbeddersError.is(error) && error.code === 'auth') console.error('check your API key');
 *   if (EmbeddersError.is(error) && error.code === 'rate-limit') console.error(httpFailure(error)?.retryAfterMs);
 * }
 */
export class EmbeddersError extends defineExecretError<EmbeddersErrorCode>('@execret/embedders', 'EmbeddersError') {}
