import { HttpError } from './errors.js';
import type { FetchLike } from './types.js';

/**
 * POSTs `body` as JSON and returns the parsed JSON of the answer. Meant to run inside {@link requestWithRetry}'s
 * `send` with the `fetch` and `signal` it hands over:
 * - a non-2xx status throws a plain `Error` whose message is `HTTP <status>: <first 200 characters of the body>`
 *   and whose `status` is set, which `requestWithRetry` classifies (`auth`, `rate-limit`, `server`, `request`);
 * - a 2xx body that is not JSON (a truncated answer, an HTML gateway page) throws {@link HttpError} `response`,
 *   never retried.
 *
 * @throws {HttpError} `response` for a body that is not JSON
 * @example
 * const body = await postJson(fetch, 'http://127.0.0.1:8080/rerank', { query: 'q', texts: ['a'] },
 *   { authorization: 'Bearer k' }, signal, '@execret/rerankers tei');
 */
export async function postJson(
  fetch: FetchLike,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
  label: string,
): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!response.ok)
    throw Object.assign(new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`), { status: response.status });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(
      'response',
      `${label}: response is not valid JSON (${text.length} bytes, starts ${JSON.stringify(text.slice(0, 60))})`,
      { status: response.status },
    );
  }
}
