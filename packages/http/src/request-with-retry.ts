import { HttpError, type HttpErrorCode } from './errors.js';
import { redactSecrets } from './redact-secrets.js';
import {
  backoffDelayMs,
  DEFAULT_ATTEMPT_TIMEOUT_MS,
  DEFAULT_BASE_DELAY_MS,
  DEFAULT_MAX_DELAY_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  sleep as defaultSleep,
  parseRetryAfter,
  type RetryPolicy,
} from './retry.js';
import type { FetchLike } from './types.js';

/** The tunable part of {@link requestWithRetry}; a provider's options object usually extends it. */
export interface RetryOptions {
  /** `fetch` used for every request (default `globalThis.fetch`). */
  fetch?: FetchLike;
  /** Retries after the first attempt for 429, 408, 5xx, timeouts and network errors (default 5). */
  maxRetries?: number;
  /** Time limit of one attempt in milliseconds (default {@link DEFAULT_ATTEMPT_TIMEOUT_MS}, 60,000). */
  timeoutMs?: number;
  /** First backoff delay in milliseconds (default 500). */
  baseDelayMs?: number;
  /** Backoff ceiling in milliseconds (default 30,000). */
  maxDelayMs?: number;
  /** Longest `Retry-After` honoured, in milliseconds (default 120,000); longer asks fail at once. */
  maxRetryAfterMs?: number;
  /** Waits between retries (injectable for tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Uniform [0, 1) source for backoff jitter (default `Math.random`). */
  random?: () => number;
  /** Clock in epoch milliseconds, used for HTTP-date `Retry-After` (default `Date.now`). */
  now?: () => number;
}

/** Options of {@link requestWithRetry}. */
export interface RequestWithRetryOptions extends RetryOptions {
  /** Who is asking, the start of every error message, e.g. `@execret/rerankers cohere`. */
  label: string;
  /** Strings removed from every message and cause (API keys, header values). */
  secrets?: readonly (string | undefined)[];
  /** Aborts the attempts and the waits between them (code `aborted`). */
  signal?: AbortSignal;
}

/** What `send` receives for one attempt. */
export interface AttemptContext {
  /**
   * `fetch` to use (or to hand to an SDK): it records the HTTP status and `Retry-After` of the response and
   * carries the attempt's signal.
   */
  readonly fetch: FetchLike;
  /** Aborts when the attempt times out or the caller aborts. */
  readonly signal: AbortSignal;
  /** 0 for the first attempt. */
  readonly attempt: number;
}

/** Result of {@link requestWithRetry}. */
export interface RequestWithRetryResult<T> {
  /** What the successful `send` returned. */
  value: T;
  /** Retries it took (0 when the first attempt succeeded). */
  retries: number;
}

const RETRYABLE: ReadonlySet<HttpErrorCode> = new Set(['rate-limit', 'server', 'timeout', 'network']);

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
 * The retry policy of `options` with defaults filled in, validated: `maxRetries` an integer ≥ 0, `timeoutMs` > 0.
 * Call it when a client is created so misuse fails early; {@link requestWithRetry} calls it too.
 *
 * @throws {RangeError} naming `label` when a setting is out of range
 * @example
 * resolveRetryPolicy({ maxRetries: 2 }, 'x');
 * // { maxRetries: 2, timeoutMs: 60000, baseDelayMs: 500, maxDelayMs: 30000, maxRetryAfterMs: 120000 }
 */
export function resolveRetryPolicy(options: RetryOptions, label: string): RetryPolicy {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError(`${label}: maxRetries must be an integer >= 0, received ${maxRetries}`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  if (!(timeoutMs > 0)) throw new RangeError(`${label}: timeoutMs must be > 0, received ${timeoutMs}`);
  return {
    maxRetries,
    timeoutMs,
    baseDelayMs: options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS,
  };
}

/**
 * Runs `send` until it succeeds, with a time limit per attempt, abort, classification of failures and retries.
 *
 * Each attempt gets a `fetch` that records the response status and `Retry-After`/`retry-after-ms` headers and a
 * signal that aborts after `timeoutMs` or when `options.signal` aborts; the attempt also ends at that moment even
 * if `send` ignores its signal. A failed attempt is classified, first match wins:
 * caller aborted → `aborted`; timed out → `timeout`; `send` threw an {@link HttpError} → that error; HTTP 401/403
 * → `auth`; 429 → `rate-limit`; 408 or 5xx → `server`; another 4xx → `request`; a status below 400 with an
 * error (an SDK that failed to parse a 200) → `response`; no status → `network`. The status is the recorded
 * response's when it is ≥ 400, else the error's own `status`/`statusCode`.
 *
 * `rate-limit`, `server`, `timeout` and `network` are retried up to `maxRetries` times after a wait of
 * `backoffDelayMs(retry, retryAfterMs, policy, random)` (`Retry-After` when sent, else equal-jitter exponential
 * backoff); a `Retry-After` above `maxRetryAfterMs` fails at once. The error finally thrown has `attempts` set and,
 * for a retryable code, ` (gave up after N attempts)` appended. Every message starts with `label`, and
 * `secrets` are redacted from messages and causes (causes are replaced by a plain `Error` with the redacted
 * message, at most 500 characters).
 *
 * @throws {HttpError} every failure, with `code`, `status`, `retryAfterMs` and `attempts`
 * @throws {RangeError} for an invalid policy (see {@link resolveRetryPolicy})
 * @example
 * const { value, retries } = await requestWithRetry(
 *   ({ fetch, signal }) => postJson(fetch, 'http://127.0.0.1:8080/rerank', { query, texts }, {}, signal, '@execret/rerankers tei'),
 *   { label: '@execret/rerankers tei', maxRetries: 3 },
 * );
 */
export async function requestWithRetry<T>(
  send: (context: AttemptContext) => Promise<T>,
  options: RequestWithRetryOptions,
): Promise<RequestWithRetryResult<T>> {
  const { label } = options;
  const policy = resolveRetryPolicy(options, label);
  const { maxRetries, timeoutMs, maxRetryAfterMs } = policy;
  const wait = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const baseFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const secrets = options.secrets ?? [];
  const outer = options.signal ?? new AbortController().signal;

  const fail = (
    code: HttpErrorCode,
    text: string,
    cause: unknown,
    extra: { status?: number; retryAfterMs?: number } = {},
  ) => {
    const safeCause =
      cause === undefined ? undefined : new Error(redactSecrets(messageOf(cause), secrets).slice(0, 500));
    return new HttpError(code, redactSecrets(`${label}: ${text}`, secrets), { ...extra, cause: safeCause });
  };

  const classify = (error: unknown, capture: Capture, timedOut: boolean): HttpError => {
    if (outer.aborted) return fail('aborted', 'the request was aborted by the caller', outer.reason);
    if (timedOut) return fail('timeout', `no response within ${timeoutMs} ms`, error);
    if (HttpError.is(error)) return error;
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

  const attempt = async (index: number): Promise<T> => {
    const capture: Capture = {};
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const signal = AbortSignal.any([outer, controller.signal]);
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
    const sent = send({ fetch, signal, attempt: index });
    sent.catch(() => undefined);
    aborted.catch(() => undefined);
    try {
      return await Promise.race([sent, aborted]);
    } catch (error) {
      throw classify(error, capture, timedOut);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  };

  if (outer.aborted) throw fail('aborted', 'the request was aborted by the caller', outer.reason);
  for (let retry = 0; ; retry++) {
    try {
      return { value: await attempt(retry), retries: retry };
    } catch (caught) {
      const error = HttpError.is(caught) ? caught : classify(caught, {}, false);
      const attempts = retry + 1;
      if (!RETRYABLE.has(error.code) || retry >= maxRetries || outer.aborted) {
        const suffix = RETRYABLE.has(error.code) && !outer.aborted ? ` (gave up after ${attempts} attempts)` : '';
        throw new HttpError(error.code, `${error.message}${suffix}`, {
          cause: error.cause,
          status: error.status,
          retryAfterMs: error.retryAfterMs,
          attempts,
        });
      }
      if (error.retryAfterMs !== undefined && error.retryAfterMs > maxRetryAfterMs) {
        throw new HttpError(
          error.code,
          `${error.message} (server asked to wait ${error.retryAfterMs} ms, more than maxRetryAfterMs ${maxRetryAfterMs})`,
          { cause: error.cause, status: error.status, retryAfterMs: error.retryAfterMs, attempts },
        );
      }
      try {
        await wait(backoffDelayMs(retry, error.retryAfterMs, policy, random), outer);
      } catch (reason) {
        throw fail('aborted', 'the request was aborted by the caller', reason);
      }
    }
  }
}
