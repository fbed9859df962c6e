export * from './retrieval.js';
export * from './errors.js';
export type * from './types.js';
export { MODEL_REGISTRY, QWEN3_RETRIEVAL_TASK, getModelConfig, listModels, qwen3QueryPrefix } from './registry.js';
export { CONFIG_HASH_VERSION, HASHED_SETTINGS, canonicalJson, configHash } from './config-hash.js';
export { resolveEmbedderInfo, type ConfigOverrides } from './resolve-info.js';
export { modelInput } from './model-input.js';
export { createEmbedder, describeEmbedder, type CreateEmbedderOptions } from './create-embedder.js';
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  addUsage,
  createRemoteEmbedder,
  type AdapterRequest,
  type AdapterResponse,
  type FetchLike,
  type ProviderAdapter,
  type RemoteOptions,
} from './remote-embedder.js';
export {
  DEFAULT_BASE_DELAY_MS,
  DEFAULT_MAX_DELAY_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  backoffDelayMs,
  parseRetryAfter,
} from './http/retry.js';
export { DEFAULT_BYTES_PER_TOKEN, estimateTokens, planBatches } from './http/batching.js';
export { poolTokenStates, type LocalPooling } from './pooling.js';
export { decodeBase64Float32, normalizeRows, toMatrix, truncateColumns } from './vectors.js';
export {
  EMBEDDING_CACHE_VERSION,
  createEmbeddingCache,
  type CacheLookup,
  type CacheSpace,
  type CacheStats,
  type EmbeddingCache,
  type EmbeddingCacheOptions,
} from './cache/embedding-cache.js';
export { cachedEmbed, withCache, type CachedEmbedResult } from './cache/with-cache.js';
export { RECORD_HEADER_BYTES, crc32, decodeSegment, encodeRecords, recordBytes, textHash } from './cache/record.js';
export {
  DEFAULT_MATRIX_KEYS,
  MATRIX_KEY_CANDIDATES,
  collectCachedMatrices,
  exportEmbeddingMatrices,
  importEmbeddingMatrices,
  type CollectedMatrix,
  type ExportMatricesOptions,
  type ImportedMatrix,
  type ImportMatricesOptions,
  type MatrixSide,
} from './cache/matrices.js';
