import { HttpError, type HttpErrorCode } from './errors.js';

/**
 * The {@link HttpError} behind `error`: `error` itself or the first one along its `cause` chain (at most 8 links).
 * A package error made from an HTTP failure ({@link wrapHttpError}) carries the HTTP details (`status`,
 * `retryAfterMs`, `attempts`) there, once, instead of copies of them.
 *
 * @example
 * httpFailure(new EmbeddersError('rate-limit', 'm', { cause: new HttpError('rate-limit', 'm', { status: 429 }) }))?.status; // 429
 * httpFailure(new Error('x')); // undefined
 */
export function httpFailure(error: unknown): HttpError | undefined {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (HttpError.is(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * An {@link HttpError} as a package's own error: the same code and message, the `HttpError` (with `status`,
 * `retryAfterMs`, `attempts`) as its `cause`. Anything else is returned unchanged, for `throw wrapHttpError(e, X)`.
 * The one converter from this package's errors to the error classes of the packages built on it, whose codes
 * include every {@link HttpErrorCode}.
 *
 * @example
 * try {
 *   await requestWithRetry(send, { label: '@execret/rerankers cohere' });
 * } catch (error) {
 *   throw wrapHttpError(error, RerankersError); // RerankersError('rate-limit', same message, { cause: error })
 * }
 */
export function wrapHttpError<E>(
  error: unknown,
  ErrorClass: new (code: HttpErrorCode, message: string, options: { cause: unknown }) => E,
): unknown {
  return HttpError.is(error) ? new ErrorClass(error.code, error.message, { cause: error }) : error;
}
