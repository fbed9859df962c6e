// Re-exports of BM25, exact top-k search and .npy/.npz matrix I/O.
export {
  topK,
  DEFAULT_TOPK_BACKEND,
  DEFAULT_TOPK_MAX_MEMORY_BYTES,
  TOPK_METRICS,
  type TopKBackend,
  type TopKMetric,
  type TopKOptions,
  type TopKResult,
} from './search/top-k.js';
export { topKParallel, TOPK_MIN_WORK_PER_THREAD, type TopKParallelOptions } from './search/top-k-parallel.js';
export { topKOnnx, type OnnxRuntimeModule, type OnnxSession, type TopKOnnxOptions } from './search/top-k-onnx.js';
export { compareCodePoints } from './search/tie-order.js';
export { tokenizeCode } from './bm25/tokenize-code.js';
export {
  createBm25,
  DEFAULT_BM25_B,
  DEFAULT_BM25_EPSILON,
  DEFAULT_BM25_IDF,
  DEFAULT_BM25_K1,
  type Bm25Idf,
  type Bm25Index,
  type Bm25Info,
  type Bm25Options,
  type Bm25SearchManyResult,
  type Bm25SearchResult,
} from './bm25/bm25.js';
export { readNpy, writeNpy, type NpyArray, type NpyData, type NpyDtype } from './npy/npy.js';
export { readNpz, writeNpz, type NpyInput, type NpzWriteOptions } from './npy/npz.js';
export { readNpzFile, writeNpzFile } from './npy/npz-file.js';
