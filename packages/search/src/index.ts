// Entry point `@execret/search`: retrieval without a model (BM25 over texts, exact top-k over vectors) and the
// matrix files it reads and writes (numpy `.npy`/`.npz`, embedding-matrix archives and folders of them).

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
export { SearchError, type SearchErrorCode } from './errors.js';
export {
  type ImportedMatrix,
  type ImportMatricesOptions,
  importEmbeddingMatrices,
} from './matrices/import-matrices.js';
export { type FolderMatrices, importMatrixFolder } from './matrices/matrix-folder.js';
export { DEFAULT_MATRIX_KEYS } from './matrices/matrix-keys.js';
export { type MatrixToWrite, type WriteMatricesOptions, writeEmbeddingMatrices } from './matrices/write-matrices.js';
export {
  DEFAULT_MAX_NPY_HEADER_BYTES,
  type NpyArray,
  type NpyData,
  type NpyDtype,
  type ReadNpyOptions,
  readNpy,
  writeNpy,
} from './npy/npy.js';
export {
  DEFAULT_MAX_NPZ_BYTES,
  type NpyInput,
  type NpzWriteOptions,
  type ReadNpzOptions,
  readNpz,
  writeNpz,
} from './npy/npz.js';
export { readNpzFile, writeNpzFile } from './npy/npz-file.js';
export {
  DEFAULT_TOPK_BACKEND,
  DEFAULT_TOPK_MAX_MEMORY_BYTES,
  TOPK_METRICS,
  type TopKBackend,
  type TopKMetric,
  type TopKOptions,
  type TopKResult,
  topK,
} from './top-k/top-k.js';
export { type OnnxRuntimeModule, type OnnxSession, type TopKOnnxOptions, topKOnnx } from './top-k/top-k-onnx.js';
export { TOPK_MIN_WORK_PER_THREAD, type TopKParallelOptions, topKParallel } from './top-k/top-k-parallel.js';
