import { defineExecretError } from '@execret/formats';

/**
 * The one error class of `@execret/http`.
 *
 * Codes:
 * - `auth` — the server refused the credentials (HTTP 401/403), or no API key was given.
 * - `rate-limit` — HTTP 429 persisted after every retry, or `Retry-After` asked for a longer wait than allowed.
 * - `server` — HTTP 408 or 5xx persisted after every retry.
 * - `timeout` — an attempt took longer than `timeoutMs`, on every attempt.
 * - `network` — the connection failed (refused, reset, DNS) on every attempt.
 * - `request` — the server rejected the request (another 4xx); not retried.
 * - `response` — a response could not be used (not JSON, or a 1xx–3xx status where a body was expected); not
 *   retried. Callers throw it from `send` for bodies that parse but do not have the expected shape.
 * - `aborted` — the caller's `AbortSignal` fired.
 * - `missing-dependency` — an optional package (a provider SDK, transformers.js) is not installed.
 * - `model-unavailable` — a local model's files are absent and could not be downloaded, or which weights were loaded
 *   cannot be vouched for: its folder's `weights.json` is malformed or records other hashes (`loadTransformersModel`).
 */
export type HttpErrorCode =
  | 'auth'
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'network'
  | 'request'
  | 'response'
  | 'aborted'
  | 'missing-dependency'
  | 'model-unavailable';

/** Every {@link HttpErrorCode}, in documentation order. */
export const HTTP_ERROR_CODES: readonly HttpErrorCode[] = [
  'auth',
  'rate-limit',
  'server',
  'timeout',
  'network',
  'request',
  'response',
  'aborted',
  'missing-dependency',
  'model-unavailable',
];

/** Extra facts attached to an {@link HttpError}. */
export interface HttpErrorDetails {
  /** Underlying error (already stripped of secrets by `requestWithRetry`). */
  cause?: unknown;
  /** HTTP status of the last response, when there was one. */
  status?: number;
  /** Wait requested by the server through `Retry-After`/`retry-after-ms`, in milliseconds. */
  retryAfterMs?: number;
  /** Number of attempts made before giving up. */
  attempts?: number;
}

/**
 * Error thrown by `@execret/http` for every failure to get a usable response. The message starts with the
 * caller's `label` (e.g. `@execret/embedders openai:`), so a package that maps it to its own error class can
 * keep the message as it is.
 *
 * @example
 * try {
 *   await requestWithRetry(send, { label: '@execret/rerankers cohere' });
 * } catch (error) {
 *   if (HttpError.is(error) && error.code === 'rate-limit') console.error(`wait ${error.retryAfterMs} ms`);
 * }
 */
export class HttpError extends defineExecretError<HttpErrorCode>('@execret/http', 'HttpError') {
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number | undefined;

  constructor(code: HttpErrorCode, message: string, details: HttpErrorDetails = {}) {
    super(code, message, { cause: details.cause });
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts;
  }

  /**
   * Whether `code` is one of the {@link HTTP_ERROR_CODES} (for packages that map their own codes onto these).
   *
   * @example
   * HttpError.isCode('rate-limit'); // true
   * HttpError.isCode('cache'); // false
   */
  static isCode(code: unknown): code is HttpErrorCode {
    return typeof code === 'string' && (HTTP_ERROR_CODES as readonly string[]).includes(code);
  }
}
