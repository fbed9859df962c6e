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
export { compareCodePoints } from './search/tie-order.js';
