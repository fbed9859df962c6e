import { createRemoteEmbedder, type RemoteOptions } from '../remote-embedder.js';
import { type ConfigOverrides, resolveEmbedderInfo } from '../resolve-info.js';
import type { Embedder, ModelConfig } from '../types.js';
import { expectProvider, joinUrl, postJson, readOpenAIStyle, requireApiKey, toConfig } from './common.js';

/** Default Voyage API base URL. */
export const DEFAULT_VOYAGE_BASE_URL = 'https://api.voyageai.com/v1';

/** Options of {@link createVoyageEmbedder}. */
export interface VoyageEmbedderOptions extends RemoteOptions, ConfigOverrides {}

/**
 * Creates an embedder for a Voyage model with plain `fetch` (`POST /embeddings`, bearer key; no SDK
 * dependency). Sends `input_type` `query` or `document`, `output_dimension` when `dims` is not the
 * default 1024, and `output_dtype` for `int8`/`uint8`. Batches hold at most 1,000 texts and an
 * estimated 120,000 tokens (voyage-code-3's published caps).
 *
 * @throws EmbeddersError `auth` without `apiKey`.
 * @example
 * const embedder = await createVoyageEmbedder('voyage/voyage-code-3', { apiKey: key });
 * await embedder.embed(['merge two sorted lists'], { kind: 'query' });
 */
export async function createVoyageEmbedder(
  model: string | ModelConfig,
  options: VoyageEmbedderOptions = {},
): Promise<Embedder> {
  const config = toConfig(model);
  expectProvider(config, 'voyage');
  const apiKey = requireApiKey(options.apiKey, 'voyage');
  const info = resolveEmbedderInfo(config, options);
  const url = joinUrl(options.baseUrl ?? DEFAULT_VOYAGE_BASE_URL, 'embeddings');
  const outputDtype = info.dtype === 'int8' || info.dtype === 'uint8' ? info.dtype : undefined;
  return createRemoteEmbedder(
    info,
    {
      component: 'voyage',
      send: async ({ texts, kind, fetch, signal }) => {
        const inputType = info.taskTypes[kind];
        const body = await postJson(
          fetch,
          url,
          {
            model: info.model,
            input: texts,
            ...(inputType === null ? {} : { input_type: inputType }),
            ...(info.dims === config.dims ? {} : { output_dimension: info.dims }),
            ...(outputDtype === undefined ? {} : { output_dtype: outputDtype }),
          },
          { authorization: `Bearer ${apiKey}`, ...options.headers },
          signal,
          'voyage',
        );
        return readOpenAIStyle(body, 'voyage');
      },
    },
    options,
  );
}
