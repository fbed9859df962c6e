import { HttpError } from './errors.js';

/**
 * Returns `apiKey` when it is a non-empty string; otherwise throws `auth` (a library built on this package never
 * reads environment variables: the key must be passed in).
 *
 * @throws {HttpError} `auth`
 * @example
 * requireApiKey('sk-1234', '@execret/rerankers cohere'); // 'sk-1234'
 * requireApiKey(undefined, '@execret/rerankers cohere');
 * // HttpError('auth', '@execret/rerankers cohere: no API key given; pass options.apiKey (the library never reads environment variables)')
 */
export function requireApiKey(apiKey: string | undefined, label: string): string {
  if (typeof apiKey !== 'string' || apiKey.length === 0) {
    throw new HttpError(
      'auth',
      `${label}: no API key given; pass options.apiKey (the library never reads environment variables)`,
    );
  }
  return apiKey;
}
