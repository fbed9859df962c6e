import {
  type FetchLike,
  HttpError,
  importOptional as httpImportOptional,
  postJson as httpPostJson,
  requireApiKey as httpRequireApiKey,
  wrapHttpError,
} from '@execret/http';
import { EmbeddersError } from '../errors.js';
import { getModelConfig } from '../registry.js';

export { joinUrl } from '@execret/http';

import type { ModelConfig } from '../types.js';

/** Accepts a registry id or a full configuration object. */
export function toConfig(model: string | ModelConfig): ModelConfig {
  return typeof model === 'string' ? getModelConfig(model) : model;
}

/** Throws `RangeError` when `config` belongs to another provider. */
export function expectProvider(config: ModelConfig, provider: ModelConfig['provider']): void {
  if (config.provider !== provider) {
    throw new RangeError(
      `@execret/embedders ${provider}: model ${config.id} belongs to provider ${config.provider}, not ${provider}`,
    );
  }
}

/**
 * `@execret/http`'s `importOptional` for a provider of this package: "module not found" becomes an
 * `EmbeddersError` with code `missing-dependency` that names the package to install. Other errors pass through.
 *
 * @example
 * const { default: OpenAI } = await importOptional('openai', 'openai', () => import('openai'));
 */
export async function importOptional<T>(packageName: string, component: string, load: () => Promise<T>): Promise<T> {
  return httpImportOptional(packageName, `@execret/embedders ${component}`, load).catch((error: unknown) => {
    throw wrapHttpError(error, EmbeddersError);
  });
}

/** Throws `auth` when a provider that needs a key got none (the library never reads environment variables). */
export function requireApiKey(apiKey: string | undefined, component: string): string {
  try {
    return httpRequireApiKey(apiKey, `@execret/embedders ${component}`);
  } catch (error) {
    throw wrapHttpError(error, EmbeddersError);
  }
}

/**
 * `@execret/http`'s `postJson` labelled for `component`: POSTs JSON and returns the parsed JSON body. Non-2xx
 * statuses throw an error carrying the status (classified by the retry loop); a body that is not JSON throws
 * `response`.
 */
export function postJson(
  fetch: FetchLike,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
  component: string,
): Promise<unknown> {
  return httpPostJson(fetch, url, body, headers, signal, `@execret/embedders ${component}`);
}

/**
 * Reads an OpenAI-style `{ data: [{ index, embedding }], usage: { prompt_tokens | total_tokens } }`
 * (or the SDK's camelCase `promptTokens`/`totalTokens`)
 * body: returns embeddings ordered by `index` (which must be 0..n-1, each once) and the token count. A body of
 * the wrong shape throws `HttpError('response')`, which the retry loop does not retry.
 */
export function readOpenAIStyle(body: unknown, component: string): { vectors: unknown[]; inputTokens: number | null } {
  const bad = (what: string) =>
    new HttpError('response', `@execret/embedders ${component}: malformed response: ${what}`);
  if (typeof body !== 'object' || body === null) throw bad('body is not an object');
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) throw bad('"data" is not an array');
  const vectors: unknown[] = new Array(data.length);
  const seen = new Set<number>();
  data.forEach((item, position) => {
    if (typeof item !== 'object' || item === null) throw bad(`data[${position}] is not an object`);
    const rawIndex = (item as { index?: unknown }).index;
    const index = rawIndex === undefined ? position : rawIndex;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= data.length || seen.has(index)) {
      throw bad(`data[${position}].index is ${String(rawIndex)}, expected a unique integer in 0..${data.length - 1}`);
    }
    seen.add(index);
    vectors[index] = (item as { embedding?: unknown }).embedding;
  });
  const usage = (body as { usage?: Record<string, unknown> }).usage;
  // snake_case on the wire; the Mistral SDK hands back camelCase
  const tokens = usage?.prompt_tokens ?? usage?.promptTokens ?? usage?.total_tokens ?? usage?.totalTokens;
  return { vectors, inputTokens: typeof tokens === 'number' && Number.isFinite(tokens) ? tokens : null };
}
