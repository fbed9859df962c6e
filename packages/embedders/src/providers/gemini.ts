import { HttpError } from '@execret/http';
import { createRemoteEmbedder, type RemoteOptions } from '../remote-embedder.js';
import { type ConfigOverrides, resolveEmbedderInfo } from '../resolve-info.js';
import type { Embedder, ModelConfig } from '../types.js';
import { expectProvider, importOptional, requireApiKey, toConfig } from './common.js';

/** Options of {@link createGeminiEmbedder}. */
export interface GeminiEmbedderOptions extends RemoteOptions, ConfigOverrides {}

/**
 * Creates an embedder for a Gemini embedding model through `@google/genai` (loaded lazily, SDK retries
 * off). Each batch is one `batchEmbedContents` call of at most 100 texts, each text its own content.
 * `gemini-embedding-001` gets `taskType` `CODE_RETRIEVAL_QUERY` (queries) or `RETRIEVAL_DOCUMENT`
 * (code); `gemini-embedding-2` gets no task type, the task being written into the text by the prefixes.
 * `outputDimensionality` is sent when `dims` is not 3072, and vectors are re-normalised. The API returns
 * no token counts, so usage is estimated (`tokensEstimated: true`).
 *
 * @throws EmbeddersError `auth` without `apiKey`, `missing-dependency` without `@google/genai`.
 * @example
 * const embedder = await createGeminiEmbedder('gemini/gemini-embedding-001', { apiKey: key, dimensions: 768 });
 * await embedder.embed(['def f(x): return x'], { kind: 'document' });
 */
export async function createGeminiEmbedder(
  model: string | ModelConfig,
  options: GeminiEmbedderOptions = {},
): Promise<Embedder> {
  const config = toConfig(model);
  expectProvider(config, 'gemini');
  const apiKey = requireApiKey(options.apiKey, 'gemini');
  const info = resolveEmbedderInfo(config, options);
  const { GoogleGenAI } = await importOptional('@google/genai', 'gemini', () => import('@google/genai'));
  const nativeDims = config.supportedDims?.kind === 'range' ? config.supportedDims.max : config.dims;
  return createRemoteEmbedder(
    info,
    {
      component: 'gemini',
      send: async ({ texts, kind, fetch, signal }) => {
        const ai = new GoogleGenAI({
          apiKey,
          httpOptions: {
            ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
            ...(options.headers === undefined ? {} : { headers: options.headers }),
            fetch: fetch as never,
          },
        });
        const taskType = info.taskTypes[kind];
        const response = await ai.models.embedContent({
          model: info.model,
          contents: texts.map((text) => ({ role: 'user', parts: [{ text }] })),
          config: {
            abortSignal: signal,
            ...(taskType === null ? {} : { taskType }),
            ...(info.dims === nativeDims ? {} : { outputDimensionality: info.dims }),
          },
        });
        const embeddings = response.embeddings;
        if (!Array.isArray(embeddings)) {
          throw new HttpError(
            'response',
            '@execret/embedders gemini: malformed response: "embeddings" is not an array',
          );
        }
        return { vectors: embeddings.map((e) => (e as { values?: unknown } | null)?.values), inputTokens: null };
      },
    },
    options,
  );
}
