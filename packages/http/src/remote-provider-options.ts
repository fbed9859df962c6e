import type { RetryOptions } from './request-with-retry.js';

/**
 * Options of every provider that sends its requests to a hosted or self-hosted API (embedders' and rerankers'
 * remote providers): the key, where to send, extra headers, how many requests at once, the token estimate, and
 * {@link RetryOptions} (`fetch`, `maxRetries`, `timeoutMs`, `baseDelayMs`, `maxDelayMs`, `maxRetryAfterMs`,
 * `sleep`, `random`, `now`). Nothing is read from the environment.
 */
export interface RemoteProviderOptions extends RetryOptions {
  /** API key; sent only in the provider's auth header, never logged, never stored in `info` or errors. */
  apiKey?: string;
  /** Base URL of the API (a proxy, a self-hosted server such as vLLM at `http://host:8000/v1`, a fake server). */
  baseUrl?: string;
  /** Extra HTTP headers for every request. */
  headers?: Record<string, string>;
  /** Requests in flight at once (each package documents its default, 4). */
  concurrency?: number;
  /** UTF-8 bytes per token for client-side token estimates (default `DEFAULT_BYTES_PER_TOKEN`, 3). */
  bytesPerToken?: number;
}
