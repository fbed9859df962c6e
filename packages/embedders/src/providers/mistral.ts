import { createRemoteEmbedder, type RemoteOptions } from '../remote-embedder.js';
import { type ConfigOverrides, resolveEmbedderInfo } from '../resolve-info.js';
import type { Embedder, ModelConfig } from '../types.js';
import { expectProvider, importOptional, readOpenAIStyle, requireApiKey, toConfig } from './common.js';

/** Options of {@link createMistralEmbedder}. */
export interface MistralEmbedderOptions extends RemoteOptions, ConfigOverrides {}

/**
 * Creates an embedder for `mistral-embed` or `codestral-embed` through `@mistralai/mistralai` (loaded
 * lazily, SDK retries off). Codestral Embed sends `output_dimension` when `dims` is not 1536 and
 * `output_dtype` for `int8`/`uint8` (returned as float32 values, not normalised).
 *
 * @throws EmbeddersError `auth` without `apiKey`, `missing-dependency` without `@mistralai/mistralai`.
 * @example
 * const embedder = await createMistralEmbedder('mistral/codestral-embed', { apiKey: key, dimensions: 3072 });
 * await embedder.embed(['def f(): pass'], { kind: 'document' });
 */
export async function createMistralEmbedder(
  model: string | ModelConfig,
  options: MistralEmbedderOptions = {},
): Promise<Embedder> {
  const config = toConfig(model);
  expectProvider(config, 'mistral');
  const apiKey = requireApiKey(options.apiKey, 'mistral');
  const info = resolveEmbedderInfo(config, options);
  const { Mistral, HTTPClient } = await importOptional(
    '@mistralai/mistralai',
    'mistral',
    () => import('@mistralai/mistralai'),
  );
  const sendsDims = config.supportedDims !== undefined && info.dims !== config.dims;
  const outputDtype = info.dtype === 'int8' || info.dtype === 'uint8' ? info.dtype : undefined;
  return createRemoteEmbedder(
    info,
    {
      component: 'mistral',
      send: async ({ texts, fetch, signal }) => {
        const httpClient = new HTTPClient({ fetcher: fetch as never });
        const extra = options.headers;
        if (extra !== undefined) {
          httpClient.addHook('beforeRequest', (request) => {
            for (const [name, value] of Object.entries(extra)) request.headers.set(name, value);
          });
        }
        const client = new Mistral({
          apiKey,
          ...(options.baseUrl === undefined ? {} : { serverURL: options.baseUrl }),
          retryConfig: { strategy: 'none' },
          httpClient,
        });
        const body = await client.embeddings.create(
          {
            model: info.model,
            inputs: [...texts],
            ...(sendsDims ? { outputDimension: info.dims } : {}),
            ...(outputDtype === undefined ? {} : { outputDtype }),
          },
          { fetchOptions: { signal } },
        );
        return readOpenAIStyle(body, 'mistral');
      },
    },
    options,
  );
}
