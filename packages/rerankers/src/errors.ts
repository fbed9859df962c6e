import { defineExecretError } from '@execret/formats';
import type { HttpErrorCode } from '@execret/http';

/**
 * The one error class of `@execret/rerankers`.
 *
 * Codes:
 * - `auth`, `rate-limit`, `server`, `timeout`, `network`, `request`, `response`, `aborted`, `missing-dependency`
 *   — as `@execret/http`'s `HttpError` (a rerank request failed; `response` also covers answers of the wrong
 *   shape: wrong count, an index out of range or repeated, a non-finite score, an unparsable ranking).
 * - `unknown-reranker` — the id is not in the registry.
 * - `model-unavailable` — local model files are absent and could not be downloaded.
 * - `cache-io` — the score cache file cannot be read, created or appended to.
 */
export type RerankersErrorCode = HttpErrorCode | 'unknown-reranker' | 'model-unavailable' | 'cache-io';

/** What a {@link RerankersError} carries besides code and message. */
export interface RerankersErrorDetails {
  /**
   * The underlying error. For a failed request it is `@execret/http`'s `HttpError`, with the HTTP `status`,
   * `retryAfterMs` and `attempts` (`httpFailure(error)` finds it).
   */
  cause?: unknown;
}

/**
 * Error thrown by `@execret/rerankers` for every failure to produce scores. Messages start with
 * `@execret/rerankers <component>:` and never contain API keys.
 *
 * @example
 * try {
 *   await reranker.rerank('sort a list', snippets);
 * } catch (error) {
 *   if (RerankersError.is(error) && error.code === 'rate-limit') console.error(`retry in ${httpFailure(error)?.retryAfterMs} ms`);
 * }
 */
export class RerankersError extends defineExecretError<RerankersErrorCode>('@execret/rerankers', 'RerankersError') {}
