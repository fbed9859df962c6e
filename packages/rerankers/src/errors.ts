import { defineExecretError } from '@execret/formats';
import { HttpError, type HttpErrorCode } from '@execret/http';

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

/** Extra facts attached to a {@link RerankersError}. */
export interface RerankersErrorDetails {
  cause?: unknown;
  /** HTTP status of the last response, when there was one. */
  status?: number;
  /** Wait requested by the server through `Retry-After`, in milliseconds. */
  retryAfterMs?: number;
  /** Attempts made before giving up. */
  attempts?: number;
}

/**
 * Error thrown by `@execret/rerankers` for every failure to produce scores. Messages start with
 * `@execret/rerankers <component>:` and never contain API keys.
 *
 * @example
 * try {
 *   await reranker.rerank('sort a list', snippets);
 * } catch (error) {
 *   if (RerankersError.is(error) && error.code === 'rate-limit') console.error(`retry in ${error.retryAfterMs} ms`);
 * }
 */
export class RerankersError extends defineExecretError<RerankersErrorCode>('@execret/rerankers', 'RerankersError') {
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number | undefined;

  constructor(code: RerankersErrorCode, message: string, details: RerankersErrorDetails = {}) {
    super(code, message, { cause: details.cause });
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts;
  }
}

/**
 * `@execret/http`'s `HttpError` as a {@link RerankersError} with the same code, message and details; anything
 * else is returned unchanged.
 *
 * @example
 * fromHttpError(new HttpError('timeout', 'm')).code; // 'timeout'
 */
export function fromHttpError(error: unknown): unknown {
  if (!HttpError.is(error)) return error;
  return new RerankersError(error.code, error.message, {
    cause: error.cause,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    ...(error.attempts === undefined ? {} : { attempts: error.attempts }),
  });
}
