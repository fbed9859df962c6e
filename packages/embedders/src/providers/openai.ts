import { createRemoteEmbedder, type RemoteOptions } from '../remote-embedder.js';
import { type ConfigOverrides, resolveEmbedderInfo } from '../resolve-info.js';
import type { Embedder, ModelConfig } from '../types.js';
import { expectProvider, importOptional, readOpenAIStyle, requireApiKey, toConfig } from './common.js';

/** Options of {@link createOpenAIEmbedder}. */
export interface OpenAIEmbedderOptions extends RemoteOptions, ConfigOverrides {}

/**
 * Creates an embedder for an OpenAI model through the official `openai` SDK (loaded lazily; SDK retries
 * are off because this package retries). Requests `encoding_format: "base64"` and decodes float32
 * itself; sends `dimensions` only when it differs from the model's full size. Batches hold at most
 * 2,048 inputs and an estimated 300,000 tokens.
 *
 * @throws EmbeddersError `auth` without `apiKey`, `missing-dependency` without the `openai` package.
 * @example
 * const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', { apiKey: key, dimensions: 512 });
 * const { data, rows, dims } = await embedder.embed(['binary search'], { kind: 'query' });
 */
export async function createOpenAIEmbedder(
  model: string | ModelConfig,
  options: OpenAIEmbedderOptions = {},
): Promise<Embedder> {
  const config = toConfig(model);
  expectProvider(config, 'openai');
  const apiKey = requireApiKey(options.apiKey, 'openai');
  const info = resolveEmbedderInfo(config, options);
  const { default: OpenAI } = await importOptional('openai', 'openai', () => import('openai'));
  const nativeDims = config.supportedDims?.kind === 'range' ? config.supportedDims.max : config.dims;
  return createRemoteEmbedder(
    info,
    {
      component: 'openai',
      send: async ({ texts, fetch, signal }) => {
        const client = new OpenAI({
          apiKey,
          ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
          maxRetries: 0,
          timeout: (options.timeoutMs ?? 60_000) * 2,
          fetch: fetch as never,
          ...(options.headers === undefined ? {} : { defaultHeaders: options.headers }),
        });
        const body = await client.embeddings.create(
          {
            model: info.model,
            input: [...texts],
            encoding_format: 'base64',
            ...(info.dims === nativeDims ? {} : { dimensions: info.dims }),
          },
          { signal },
        );
        return readOpenAIStyle(body, 'openai');
      },
    },
    options,
  );
}
