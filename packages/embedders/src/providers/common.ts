import { EmbeddersError } from '../errors.js';
import { getModelConfig } from '../registry.js';
import type { FetchLike } from '../remote-embedder.js';
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

function isModuleNotFound(error: unknown, packageName: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  return (
    (code === 'ERR_MODULE_NOT_FOUND' ||
      code === 'MODULE_NOT_FOUND' ||
      /Cannot find (module|package)|Failed to (load|resolve)/.test(message)) &&
    message.includes(packageName)
  );
}

/**
 * Runs `load` (a literal `import('<package>')`) and turns "module not found" into an `EmbeddersError`
 * with code `missing-dependency` that names the package to install. Other errors pass through.
 *
 * @example
 * const { default: OpenAI } = await importOptional('openai', 'openai', () => import('openai'));
 */
export async function importOptional<T>(packageName: string, component: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isModuleNotFound(error, packageName)) {
      throw new EmbeddersError(
        'missing-dependency',
        `@execret/embedders ${component}: the optional package "${packageName}" is not installed; run \`pnpm add ${packageName}\` (or npm i ${packageName})`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Throws `auth` when a provider that needs a key got none (the library never reads environment variables). */
export function requireApiKey(apiKey: string | undefined, component: string): string {
  if (typeof apiKey !== 'string' || apiKey.length === 0) {
    throw new EmbeddersError(
      'auth',
      `@execret/embedders ${component}: no API key given; pass options.apiKey (the library never reads environment variables)`,
    );
  }
  return apiKey;
}

/** An HTTP error status from a plain-fetch provider (classified by the engine). */
export class HttpStatusError extends Error {
  readonly status: number;
  constructor(status: number, body: string) {
    super(`HTTP ${status}: ${body.slice(0, 200)}`);
    this.status = status;
  }
}

/**
 * POSTs JSON and returns the parsed JSON body. Non-2xx statuses throw {@link HttpStatusError};
 * a body that is not JSON throws `response`.
 */
export async function postJson(
  fetch: FetchLike,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
  component: string,
): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new HttpStatusError(response.status, text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EmbeddersError(
      'response',
      `@execret/embedders ${component}: response is not valid JSON (${text.length} bytes, starts ${JSON.stringify(text.slice(0, 60))})`,
      { status: response.status },
    );
  }
}

/**
 * Reads an OpenAI-style `{ data: [{ index, embedding }], usage: { prompt_tokens | total_tokens } }`
 * (or the SDK's camelCase `promptTokens`/`totalTokens`)
 * body: returns embeddings ordered by `index` (which must be 0..n-1, each once) and the token count.
 */
export function readOpenAIStyle(body: unknown, component: string): { vectors: unknown[]; inputTokens: number | null } {
  const bad = (what: string) =>
    new EmbeddersError('response', `@execret/embedders ${component}: malformed response: ${what}`);
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

/** Joins a base URL and a path with exactly one slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
