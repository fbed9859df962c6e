import { toConfig } from './providers/common.js';
import type { OpenAICompatibleEmbedderOptions } from './providers/openai-compatible.js';
import type { TransformersEmbedderOptions } from './providers/transformers.js';
import type { RemoteOptions } from './remote-embedder.js';
import { type ConfigOverrides, resolveEmbedderInfo } from './resolve-info.js';
import type { Embedder, EmbedderInfo, ModelConfig, ProviderId } from './types.js';

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

/** Each provider's factory, imported when first used (provider SDKs load lazily). */
const PROVIDERS: Readonly<
  Record<ProviderId, () => Promise<(config: ModelConfig, options: CreateEmbedderOptions) => Promise<Embedder>>>
> = {
  openai: async () => (await import('./providers/openai.js')).createOpenAIEmbedder,
  gemini: async () => (await import('./providers/gemini.js')).createGeminiEmbedder,
  mistral: async () => (await import('./providers/mistral.js')).createMistralEmbedder,
  voyage: async () => (await import('./providers/voyage.js')).createVoyageEmbedder,
  'openai-compatible': async () => (await import('./providers/openai-compatible.js')).createOpenAICompatibleEmbedder,
  transformers: async () => (await import('./providers/transformers.js')).createTransformersEmbedder,
};

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
  return (await PROVIDERS[config.provider]())(config, options);
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
