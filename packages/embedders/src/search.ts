/**
 * Entry point `@execret/embedders/search`, kept for one release: these names now live in `@execret/search`.
 *
 * @deprecated import them from `@execret/search` (errors of the matrix readers are its `SearchError`, code
 *   `matrix` as before).
 */

export {
  type Bm25Idf,
  type Bm25Index,
  type Bm25Info,
  type Bm25Options,
  type Bm25SearchManyResult,
  type Bm25SearchResult,
  createBm25,
  DEFAULT_BM25_B,
  DEFAULT_BM25_EPSILON,
  DEFAULT_BM25_IDF,
  DEFAULT_BM25_K1,
  DEFAULT_TOPK_BACKEND,
  DEFAULT_TOPK_MAX_MEMORY_BYTES,
  type OnnxRuntimeModule,
  type OnnxSession,
  TOPK_METRICS,
  TOPK_MIN_WORK_PER_THREAD,
  type TopKBackend,
  type TopKMetric,
  type TopKOnnxOptions,
  type TopKOptions,
  type TopKParallelOptions,
  type TopKResult,
  tokenizeCode,
  topK,
  topKOnnx,
  topKParallel,
} from '@execret/search';
