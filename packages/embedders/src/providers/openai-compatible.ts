import { createRemoteEmbedder, type RemoteOptions } from '../remote-embedder.js';
import { type ConfigOverrides, resolveEmbedderInfo } from '../resolve-info.js';
import type { Embedder, ModelConfig } from '../types.js';
import { expectProvider, joinUrl, postJson, readOpenAIStyle, toConfig } from './common.js';

/** Options of {@link createOpenAICompatibleEmbedder}. */
export interface OpenAICompatibleEmbedderOptions extends RemoteOptions, ConfigOverrides {
  /** `encoding_format` to request: `float` (default, understood by every server) or `base64`. */
  encodingFormat?: 'float' | 'base64';
}

/**
 * Creates an embedder for a self-hosted OpenAI-compatible server (vLLM, text-embeddings-inference,
 * Ollama, LM Studio...) with plain `fetch`: `POST <baseUrl>/embeddings` with `{ model, input,
 * encoding_format }`, plus `dimensions` when `dims` differs from the registry default. `baseUrl` is
 * required and includes the version segment (e.g. `http://localhost:8000/v1`); `apiKey` is optional
 * (sent as a bearer token). Prefixes and instructions are added here; pooling and normalisation are the
 * server's (vectors are re-normalised here when `info.normalize`).
 *
 * @throws TypeError without `baseUrl`.
 * @example
 * // vllm serve Qwen/Qwen3-Embedding-8B --task embed
 * const embedder = await createOpenAICompatibleEmbedder('openai-compatible/qwen3-embedding-8b', {
 *   baseUrl: 'http://localhost:8000/v1',
 * });
 */
export async function createOpenAICompatibleEmbedder(
  model: string | ModelConfig,
  options: OpenAICompatibleEmbedderOptions = {},
): Promise<Embedder> {
  const config = toConfig(model);
  expectProvider(config, 'openai-compatible');
  if (typeof options.baseUrl !== 'string' || options.baseUrl === '') {
    throw new TypeError(
      `@execret/embedders openai-compatible: options.baseUrl is required for ${config.id} (e.g. http://localhost:8000/v1)`,
    );
  }
  const info = resolveEmbedderInfo(config, options);
  const url = joinUrl(options.baseUrl, 'embeddings');
  const encodingFormat = options.encodingFormat ?? 'float';
  const auth: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  return createRemoteEmbedder(
    info,
    {
      component: 'openai-compatible',
      send: async ({ texts, fetch, signal }) => {
        const body = await postJson(
          fetch,
          url,
          {
            model: info.model,
            input: texts,
            encoding_format: encodingFormat,
            ...(info.dims === config.dims ? {} : { dimensions: info.dims }),
          },
          { ...auth, ...options.headers },
          signal,
          'openai-compatible',
        );
        return readOpenAIStyle(body, 'openai-compatible');
      },
    },
    options,
  );
}
