// Entry point `@execret/embedders/search`: BM25 and exact top-k search.

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
} from './bm25/bm25.js';
export { tokenizeCode } from './bm25/tokenize-code.js';
export {
  DEFAULT_TOPK_BACKEND,
  DEFAULT_TOPK_MAX_MEMORY_BYTES,
  TOPK_METRICS,
  type TopKBackend,
  type TopKMetric,
  type TopKOptions,
  type TopKResult,
  topK,
} from './search/top-k.js';
export { type OnnxRuntimeModule, type OnnxSession, type TopKOnnxOptions, topKOnnx } from './search/top-k-onnx.js';
export { TOPK_MIN_WORK_PER_THREAD, type TopKParallelOptions, topKParallel } from './search/top-k-parallel.js';
