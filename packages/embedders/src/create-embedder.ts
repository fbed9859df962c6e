import { toConfig } from './providers/common.js';
import type { OpenAICompatibleEmbedderOptions } from './providers/openai-compatible.js';
import type { TransformersEmbedderOptions } from './providers/transformers.js';
import type { RemoteOptions } from './remote-embedder.js';
import { type ConfigOverrides, resolveEmbedderInfo } from './resolve-info.js';
import type { Embedder, EmbedderInfo, ModelConfig } from './types.js';

/**
 * Options of {@link createEmbedder}: the union of every provider's options. Hosted providers use
 * `apiKey`, `baseUrl`, `fetch`, `headers`, `concurrency`, `maxRetries`, `timeoutMs` and the backoff
 * settings; self-hosted servers need `baseUrl`; local models use `localModelPath`, `cacheDir`,
 * `allowRemoteModels`, `remoteHost`; every provider accepts the {@link ConfigOverrides}
 * (`dimensions`, `dtype`, `revision`, `model`, `prefixes`, `maxBatch`). Options a provider does not use
 * are ignored.
 */
export interface CreateEmbedderOptions
  extends RemoteOptions,
    ConfigOverrides,
    Omit<TransformersEmbedderOptions, keyof ConfigOverrides>,
    Pick<OpenAICompatibleEmbedderOptions, 'encodingFormat'> {}

/**
 * Creates an embedder for a registry id (see `listModels()`) or a custom {@link ModelConfig}, loading
 * the provider module and its SDK lazily. Hosted providers fail fast with `auth` when `apiKey` is
 * missing; local models fail with `model-unavailable` when weights are absent and cannot be fetched.
 *
 * @throws EmbeddersError `unknown-model`, `auth`, `missing-dependency`, `model-unavailable`.
 * @throws RangeError for an unsupported `dimensions`, `dtype` or `maxBatch`; TypeError for a missing `baseUrl`.
 * @example
 * const embedder = await createEmbedder('gemini/gemini-embedding-001', { apiKey });
 * embedder.info.taskTypes; // { query: 'CODE_RETRIEVAL_QUERY', document: 'RETRIEVAL_DOCUMENT' }
 * const queries = await embedder.embed(['parse an ISO date'], { kind: 'query' });
 */
export async function createEmbedder(
  model: string | ModelConfig,
  options: CreateEmbedderOptions = {},
): Promise<Embedder> {
  const config = toConfig(model);
  switch (config.provider) {
    case 'openai':
      return (await import('./providers/openai.js')).createOpenAIEmbedder(config, options);
    case 'gemini':
      return (await import('./providers/gemini.js')).createGeminiEmbedder(config, options);
    case 'mistral':
      return (await import('./providers/mistral.js')).createMistralEmbedder(config, options);
    case 'voyage':
      return (await import('./providers/voyage.js')).createVoyageEmbedder(config, options);
    case 'openai-compatible':
      return (await import('./providers/openai-compatible.js')).createOpenAICompatibleEmbedder(config, options);
    case 'transformers':
      return (await import('./providers/transformers.js')).createTransformersEmbedder(config, options);
    default: {
      const never: never = config.provider;
      throw new RangeError(`@execret/embedders: unknown provider ${String(never)}`);
    }
  }
}

/**
 * The {@link EmbedderInfo} an embedder created with the same arguments would have, without loading
 * anything or contacting anyone (no key needed): use it to list settings or compute `configHash`.
 *
 * @example
 * describeEmbedder('local/e5-large-v2').prefixes; // { query: 'query: ', document: 'passage: ' }
 * describeEmbedder('openai/text-embedding-3-large', { dimensions: 1024 }).configHash; // 64 hex chars
 */
export function describeEmbedder(model: string | ModelConfig, overrides: ConfigOverrides = {}): EmbedderInfo {
  return resolveEmbedderInfo(toConfig(model), overrides);
}
