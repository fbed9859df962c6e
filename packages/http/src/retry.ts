/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 5;
/** Default delay before the first retry, in milliseconds (doubled at each further retry). */
export const DEFAULT_BASE_DELAY_MS = 500;
/** Default ceiling of the exponential delay, in milliseconds. */
export const DEFAULT_MAX_DELAY_MS = 30_000;
/** Default longest `Retry-After` honoured; a server asking for more fails the call at once. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 120_000;
/** Default time limit of one attempt, in milliseconds. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 60_000;

/** Retry settings; all fields have the `DEFAULT_*` values above. */
export interface RetryPolicy {
  maxRetries: number;
  timeoutMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

/**
 * Milliseconds a server asks the client to wait.
 *
 * Reads `retry-after-ms` (milliseconds, a non-standard header OpenAI sends) first, then `Retry-After`,
 * which is either delay-seconds (decimals accepted) or an HTTP-date, measured from `nowMs`.
 * Returns `undefined` for a missing or unparsable value; past dates give 0.
 *
 * @example
 * parseRetryAfter({ retryAfter: '2' }, 0); // 2000
 * parseRetryAfter({ retryAfter: 'Wed, 21 Oct 2015 07:28:05 GMT' }, Date.UTC(2015, 9, 21, 7, 28, 0)); // 5000
 * parseRetryAfter({ retryAfterMs: '150', retryAfter: '9' }, 0); // 150
 */
export function parseRetryAfter(
  headers: { retryAfter?: string | null; retryAfterMs?: string | null },
  nowMs: number,
): number | undefined {
  const ms = headers.retryAfterMs?.trim();
  if (ms !== undefined && ms !== '' && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const value = headers.retryAfter?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  // an HTTP-date always names a month ("Wed, 21 Oct 2015 07:28:05 GMT"); "-3" is not one
  if (!/[A-Za-z]{3}/.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/**
 * Delay before retry number `retry` (0 for the first retry): `Retry-After` when the server sent one,
 * otherwise "equal jitter" exponential backoff,
 * `cap / 2 + random() * cap / 2` with `cap = min(maxDelayMs, baseDelayMs * 2^retry)`.
 *
 * @example
 * backoffDelayMs(0, undefined, { baseDelayMs: 500, maxDelayMs: 30000 }, () => 0); // 250
 * backoffDelayMs(3, undefined, { baseDelayMs: 500, maxDelayMs: 30000 }, () => 1); // 4000
 * backoffDelayMs(3, 1200, { baseDelayMs: 500, maxDelayMs: 30000 }, () => 1); // 1200
 */
export function backoffDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return cap / 2 + random() * (cap / 2);
}

/**
 * Resolves after `ms` milliseconds, or rejects with the signal's reason as soon as `signal` aborts.
 *
 * @example
 * await sleep(10);
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
