import { availableParallelism } from 'node:os';
import { drainBestFirst, offer, resetHeaps } from './bounded-heap.js';
import { gemmModel } from './onnx-gemm-model.js';
import { type SearchProblem, sumOfSquares, ValueGuard, validateSearch, writeRow } from './search-input.js';
import { type TopKOptions, type TopKResult, validateMemory } from './top-k.js';

/** The parts of the `onnxruntime-node` module that {@link topKOnnx} uses. */
export interface OnnxRuntimeModule {
  InferenceSession: {
    create(
      model: Uint8Array,
      options?: { intraOpNumThreads?: number; interOpNumThreads?: number },
    ): Promise<OnnxSession>;
  };
  Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => unknown;
}

/** The parts of an onnxruntime inference session that {@link topKOnnx} uses. */
export interface OnnxSession {
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown; dims: readonly number[] }>>;
  release?(): Promise<void>;
}

/** Options of {@link topKOnnx}: those of `topK` (without `backend`) plus the runtime. */
export interface TopKOnnxOptions extends Omit<TopKOptions, 'backend'> {
  /** The `onnxruntime-node` module, e.g. `await import('onnxruntime-node')` (this package does not import it). */
  onnxruntime: OnnxRuntimeModule;
  /** onnxruntime intra-op threads. Default `os.availableParallelism()`. */
  threads?: number;
}

/**
 * Exact top-k search with the score matrix computed by onnxruntime's CPU `Gemm` (MLAS: AVX2/AVX-512
 * kernels with fused multiply-adds), the fastest path measured on x86-64. Validation, cosine
 * normalisation, tie rule, result shape and errors are those of `topK`; the scores are not: they are
 * float32 dot products accumulated by MLAS (FMA, its own blocking), which differ from `topK`'s documented
 * arithmetic in the last bits (|Δ| ≲ 1e-6 for unit rows), so rankings can differ from `topK` between
 * documents that close. Reproducibility, as measured with onnxruntime-node 1.30 on x86-64: the same bits
 * for any thread count, but MLAS chooses kernels by the number of query rows in a batch, so a query's
 * scores can change in the last bit with the batch it is searched in (all queries at once, the default
 * unless `maxMemoryBytes` forces batches, or a subset); nothing is guaranteed across CPUs or versions.
 * Use `topK`/`topKParallel` when bit-exact, batch-independent scores matter.
 *
 * The runtime is passed in, not imported, so `onnxruntime-node` stays an optional dependency of the
 * caller. Queries are processed in batches whose score block fits in half of `maxMemoryBytes`; all
 * documents go to each batch.
 *
 * @throws TypeError / RangeError as `topK` (reported as rejections), and TypeError when `onnxruntime` is
 *   missing or lacks `InferenceSession`/`Tensor`.
 * @example
 * import * as ort from 'onnxruntime-node';
 * const { indices, scores } = await topKOnnx(queries, docs, 1024, 10, { metric: 'cosine', onnxruntime: ort });
 */
export async function topKOnnx(
  queries: Float32Array,
  docs: Float32Array,
  dims: number,
  k: number,
  options: TopKOnnxOptions,
): Promise<TopKResult> {
  const problem = validateSearch(queries, docs, dims, k, options, 'topKOnnx');
  const ort = options.onnxruntime;
  if (ort === undefined || typeof ort?.InferenceSession?.create !== 'function' || typeof ort?.Tensor !== 'function') {
    throw new TypeError(
      "@execret/search topKOnnx: options.onnxruntime must be the onnxruntime-node module (await import('onnxruntime-node'))",
    );
  }
  const threads = options.threads ?? availableParallelism();
  if (!Number.isInteger(threads) || threads < 1) {
    throw new RangeError(
      `@execret/search topKOnnx: threads must be a positive integer, received ${String(options.threads)}`,
    );
  }
  const maxMemoryBytes = validateMemory(options.maxMemoryBytes, 'topKOnnx');
  const { nQueries, nDocs, k: kk } = problem;
  const guard = new ValueGuard(problem);
  const docMatrix = prepareRows(problem, 'docs', guard, 0, nDocs);
  const batch = Math.max(1, Math.min(nQueries, Math.floor(maxMemoryBytes / 2 / (nDocs * 4))));
  const indices = new Int32Array(nQueries * kk);
  const scores = new Float32Array(nQueries * kk);
  if (nQueries === 0) return { indices, scores, rows: 0, k: kk };
  const session = await ort.InferenceSession.create(gemmModel(dims), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
  });
  try {
    const docTensor = new ort.Tensor('float32', docMatrix, [nDocs, dims]);
    const heapS = new Float32Array(kk);
    const heapI = new Int32Array(kk);
    const { order } = problem;
    for (let first = 0; first < nQueries; first += batch) {
      const count = Math.min(batch, nQueries - first);
      const queryMatrix = prepareRows(problem, 'queries', guard, first, count);
      const output = await session.run({ Q: new ort.Tensor('float32', queryMatrix, [count, dims]), D: docTensor });
      const matrix = output.S?.data;
      if (!(matrix instanceof Float32Array) || matrix.length !== count * nDocs) {
        throw new Error(`@execret/search topKOnnx: onnxruntime returned no ${count} × ${nDocs} float32 score matrix`);
      }
      for (let q = 0; q < count; q++) {
        const row = q * nDocs;
        resetHeaps(heapS, heapI, 0, 1, kk);
        for (let p = 0; p < nDocs; p++)
          offer(heapS, heapI, 0, kk, matrix[row + (order === undefined ? p : order[p]!)]!, p);
        drainBestFirst(heapS, heapI, 0, kk, order, scores, indices, (first + q) * kk);
      }
    }
  } finally {
    await session.release?.();
  }
  return { indices, scores, rows: nQueries, k: kk };
}

/**
 * Rows `first … first+count−1` of `problem[matrix]` as a row-major Float32Array, checked by `guard`:
 * for `cosine` normalised with `writeRow`; for `dot` the input itself (a view, no copy).
 */
function prepareRows(
  problem: SearchProblem,
  matrix: 'queries' | 'docs',
  guard: ValueGuard,
  first: number,
  count: number,
): Float32Array {
  const { dims, metric } = problem;
  const values = problem[matrix];
  if (metric === 'dot') {
    for (let r = first; r < first + count; r++) guard.row(matrix, r, sumOfSquares(values, r * dims, dims));
    return values.subarray(first * dims, (first + count) * dims);
  }
  const out = new Float32Array(count * dims);
  for (let r = 0; r < count; r++)
    guard.row(matrix, first + r, writeRow(values, first + r, dims, metric, out, r * dims, 1));
  return out;
}
