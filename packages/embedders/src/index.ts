// Entry point `@execret/embedders`: embedding models (registry, providers through `createEmbedder`, the embedding
// cache and the export of its matrices). Search and matrix files are `@execret/search`.

// Deprecated, kept for one release: these names moved to `@execret/search`.
export {
  type FolderMatrices,
  type ImportedMatrix,
  type ImportMatricesOptions,
  importEmbeddingMatrices,
  importMatrixFolder,
} from '@execret/search';
export {
  type CacheLookup,
  type CacheSpace,
  type CacheStats,
  cacheSpaceFolder,
  createEmbeddingCache,
  EMBEDDING_CACHE_VERSION,
  type EmbeddingCache,
  type EmbeddingCacheOptions,
} from './cache/embedding-cache.js';
export {
  type ExportMatricesOptions,
  exportCachedMatrices,
  exportEmbeddingMatrices,
  type MatrixSide,
} from './cache/export-matrices.js';
export { type CachedEmbedResult, cachedEmbed, withCache } from './cache/with-cache.js';
export { configHash, HASHED_SETTINGS } from './config-hash.js';
export { type CreateEmbedderOptions, createEmbedder, describeEmbedder } from './create-embedder.js';
export { DEFAULT_HOSTED_MODELS, DEFAULT_LOCAL_MODEL, defaultEmbeddingModels } from './default-models.js';
export {
  type EmbedDatasetOptions,
  type EmbedDatasetOutcome,
  type EmbedDatasetProgress,
  embedDataset,
} from './embed-dataset.js';
export { EmbeddersError, type EmbeddersErrorCode, type EmbeddersErrorDetails } from './errors.js';
export { mergeEmbeddingCache } from './merge-embedding-cache.js';
export { MODEL_CONFIG_FIELDS, type ModelConfigIssue, readModelConfigs } from './model-config-file.js';
export { modelInput } from './model-input.js';
export { PROVIDER_ACCESS as EMBEDDER_PROVIDER_ACCESS } from './provider-access.js';
export { getModelConfig, listModels, MODEL_REGISTRY, qwen3QueryPrefix } from './registry.js';
export {
  type AdapterRequest,
  type AdapterResponse,
  createRemoteEmbedder,
  DEFAULT_CONCURRENCY,
  type ProviderAdapter,
  type RemoteOptions,
} from './remote-embedder.js';
export { type ConfigOverrides, resolveEmbedderInfo } from './resolve-info.js';
export type * from './types.js';
