/**
 * HTTP plumbing shared by the Hub calls: one `fetch` that adds the token (only for the Hub's own origin, never for
 * the storage host a large file redirects to) and the abort signal, and the mapping of failures to
 * {@link DatasetError}s.
 */
import { DatasetError } from '../errors.js';

/** What every Hub request of one download shares. */
export interface HubHttp {
  /** `fetch` with the token (for the endpoint's origin) and the signal added. */
  fetch: typeof globalThis.fetch;
  /** `hf:owner/name@revision`, for messages. */
  label: string;
  signal?: AbortSignal;
}

/**
 * Wraps `fetch` so that each request carries `signal` and, when it goes to `endpoint`'s origin, the token as
 * `Authorization: Bearer <token>`. Requests to other origins (a storage host after a redirect) go without it.
 *
 * @example
 * const http = createHubHttp({ endpoint: 'https://huggingface.co', token: 'hf_…', label: 'hf:o/n@main' });
 * await http.fetch('https://huggingface.co/api/datasets/o/n/revision/main');
 */
export function createHubHttp(options: {
  endpoint: string;
  token?: string;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  label: string;
}): HubHttp {
  const doFetch = options.fetch ?? globalThis.fetch;
  const origin = new URL(options.endpoint).origin;
  const token = options.token !== undefined && options.token !== '' ? options.token : undefined;
  const signal = options.signal;
  const wrapped: typeof globalThis.fetch = (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init.headers);
    if (token !== undefined && new URL(url).origin === origin) headers.set('authorization', `Bearer ${token}`);
    else headers.delete('authorization');
    return doFetch(input, { ...init, headers, ...(signal ? { signal } : {}) });
  };
  return { fetch: wrapped, label: options.label, ...(signal ? { signal } : {}) };
}

/** Whether `error` comes from an abort (of `signal`, or an `AbortError`). */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error as Error)?.name === 'AbortError';
}

/** The `aborted` error of a download. */
export function abortedError(what: string, cause: unknown): DatasetError {
  return new DatasetError('aborted', `${what} was aborted`, { cause });
}

/**
 * The error for a non-OK HTTP status: `not-found` for 404, `download` otherwise (with a hint at the token for 401
 * and 403).
 *
 * @example
 * httpStatusError(404, '', url, 'hf:o/n@main').code; // 'not-found'
 */
export function httpStatusError(
  status: number,
  statusText: string,
  url: string,
  label: string,
  cause?: unknown,
): DatasetError {
  const options = cause === undefined ? {} : { cause };
  if (status === 404)
    return new DatasetError(
      'not-found',
      `${url} does not exist (HTTP 404); check the repository and revision of ${label}`,
      options,
    );
  const hint = status === 401 || status === 403 ? '; the repository may be gated or private: pass `token`' : '';
  const text = statusText === '' ? '' : ` ${statusText}`;
  return new DatasetError('download', `GET ${url} failed with HTTP ${status}${text}${hint}`, options);
}

/** {@link httpStatusError} for a `Response`, whose body is discarded. */
export async function httpError(response: Response, url: string, label: string): Promise<DatasetError> {
  await response.body?.cancel().catch(() => undefined);
  return httpStatusError(response.status, response.statusText, url, label);
}

/**
 * An `ETag` (or `X-Linked-Etag`) without quotes and without the weak prefix `W/`; `null` when absent.
 *
 * @example
 * normalizeEtag('W/"abc"'); // 'abc'
 */
export function normalizeEtag(value: string | null): string | null {
  if (value === null) return null;
  const v = value
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
  return v === '' ? null : v;
}

/** Whether an `ETag` is strong (not `W/…`), so that it may guard a resumed download in `If-Range`. */
export function isStrongEtag(value: string | null): value is string {
  return value !== null && value.trim() !== '' && !value.trim().startsWith('W/');
}
