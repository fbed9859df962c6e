export {
  type CacheLookup,
  type CacheSpace,
  type CacheStats,
  createEmbeddingCache,
  EMBEDDING_CACHE_VERSION,
  type EmbeddingCache,
  type EmbeddingCacheOptions,
} from './cache/embedding-cache.js';
export {
  type CollectedMatrix,
  collectCachedMatrices,
  DEFAULT_MATRIX_KEYS,
  type ExportMatricesOptions,
  exportEmbeddingMatrices,
  type ImportedMatrix,
  type ImportMatricesOptions,
  importEmbeddingMatrices,
  MATRIX_KEY_CANDIDATES,
  type MatrixSide,
} from './cache/matrices.js';
export { crc32, decodeSegment, encodeRecords, RECORD_HEADER_BYTES, recordBytes, textHash } from './cache/record.js';
export { type CachedEmbedResult, cachedEmbed, withCache } from './cache/with-cache.js';
export { CONFIG_HASH_VERSION, canonicalJson, configHash, HASHED_SETTINGS } from './config-hash.js';
export { type CreateEmbedderOptions, createEmbedder, describeEmbedder } from './create-embedder.js';
export * from './errors.js';
export { DEFAULT_BYTES_PER_TOKEN, estimateTokens, planBatches } from './http/batching.js';
export {
  backoffDelayMs,
  DEFAULT_BASE_DELAY_MS,
  DEFAULT_MAX_DELAY_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  parseRetryAfter,
} from './http/retry.js';
export { modelInput } from './model-input.js';
export { type LocalPooling, poolTokenStates } from './pooling.js';
export { getModelConfig, listModels, MODEL_REGISTRY, QWEN3_RETRIEVAL_TASK, qwen3QueryPrefix } from './registry.js';
export {
  type AdapterRequest,
  type AdapterResponse,
  addUsage,
  createRemoteEmbedder,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  type ProviderAdapter,
  type RemoteOptions,
} from './remote-embedder.js';
export { type ConfigOverrides, resolveEmbedderInfo } from './resolve-info.js';
export * from './retrieval.js';
export type * from './types.js';
export { decodeBase64Float32, normalizeRows, toMatrix, truncateColumns } from './vectors.js';
