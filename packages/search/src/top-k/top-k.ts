import { runJsEngine } from './js-engine.js';
import { allocateMemory, instantiateKernel, KernelMemory, planKernel, runRoundsInThread } from './kernel-runner.js';
import { type SearchProblem, type TopKMetric, validateSearch } from './search-input.js';

export type { TopKMetric } from './search-input.js';
export { TOPK_METRICS } from './search-input.js';

/** Engines of {@link topK}: `'wasm'` (WebAssembly SIMD kernel) or `'js'` (plain JavaScript reference). */
export type TopKBackend = 'wasm' | 'js';

/** Default engine of {@link topK}. */
export const DEFAULT_TOPK_BACKEND: TopKBackend = 'wasm';

/** Default memory cap of the WebAssembly engine: 1 GiB (inputs larger than that are processed in batches). */
export const DEFAULT_TOPK_MAX_MEMORY_BYTES = 2 ** 30;

/** Options of {@link topK}. */
export interface TopKOptions {
  /**
   * Similarity. `'dot'`: the inner product of the rows as given. `'cosine'`: the inner product of the rows
   * divided by their L2 norms (see {@link topK} for the exact arithmetic); a zero row has cosine 0 with
   * every row. Required: the right choice depends on the model.
   */
  metric: TopKMetric;
  /**
   * Document ids for the tie rule. Without them, ties are broken by document *index* descending, which is
   * SPEC section 3's "id descending" only when `docs` is in id order (true for the release's zero-padded
   * `c_0001 … c_4694` in file order). With them, ties are broken by id descending in code-point order.
   * Must hold one unique id per document.
   */
  docIds?: readonly string[];
  /** Engine; both give bit-identical results. Default {@link DEFAULT_TOPK_BACKEND}. */
  backend?: TopKBackend;
  /**
   * Upper bound on the WebAssembly engine's linear memory, in bytes (at most 4 GiB). Larger inputs are
   * processed in query batches and document chunks, with identical results. Default
   * {@link DEFAULT_TOPK_MAX_MEMORY_BYTES}.
   */
  maxMemoryBytes?: number;
}

/** Result of {@link topK}: `rows × k` row-major matrices, each row best-first. */
export interface TopKResult {
  /** Document indices (into `docs`), row q = the k best documents of query q. */
  indices: Int32Array;
  /** Their float32 scores, aligned with `indices`, non-increasing along each row. */
  scores: Float32Array;
  /** Number of queries (`queries.length / dims`). */
  rows: number;
  /** Results per query. */
  k: number;
}

/**
 * Exact top-k search: for every query row, the k documents with the highest similarity, best first.
 *
 * Definitions (d = `dims`; all arithmetic is reproduced exactly by both engines and by any thread count):
 * - `dot`: score = Σ_{p=0}^{d−1} q_p·x_p in float32, summed in blocks of 256 dimensions: each block
 *   B_b = fl32(… fl32(fl32(0 + fl32(q_p·x_p)) + …)) sequentially over its dimensions, then
 *   s = fl32(… fl32(0 + B_0) + B_1 …) over the blocks in order. No fused multiply-add.
 * - `cosine`: the same on normalised rows x̂_p = fl32(x_p / ‖x‖), where ‖x‖ = √(Σ x_p²) and the division
 *   are computed in float64 (the sum as four interleaved partial sums over p mod 4, combined as
 *   (s0 + s1) + (s2 + s3)); a zero row stays zero, so its scores are 0.
 * - Ties (equal float32 scores): the document with the higher id ranks first (SPEC section 3,
 *   trec_eval's rule): by index descending, or by `docIds` descending when given.
 *
 * numpy's `q @ D.T` (OpenBLAS sgemm: float32 with fused multiply-adds and its own blocking) rounds
 * differently, so scores differ in the last bits — about as far from the exact value as numpy's are
 * (max |Δ| ≈ 2–4e-7 for unit vectors at d = 1,024–3,072) — and rankings agree except between documents
 * whose scores are within ~1e-6 (relative, for scores above 1). The package tests check this against
 * numpy on 157 queries at d = 384, 1,024 and 3,072.
 *
 * Edge cases: zero queries → empty result. `k` must be in [1, number of documents] (no clamping, no
 * "all" sentinel): pass `Math.min(k, nDocs)` to ask for at most k.
 *
 * Runs synchronously on the calling thread; {@link topKParallel} spreads the same computation over worker
 * threads with identical results.
 *
 * @param queries row-major float32, `queries.length / dims` rows.
 * @param docs row-major float32, `docs.length / dims` rows.
 * @param dims columns of both matrices.
 * @param k results per query.
 * @throws TypeError when a matrix is not a Float32Array, the metric is unknown, or `docIds` is malformed.
 * @throws RangeError when `dims` or `k` is out of range, a length is not a multiple of `dims`, a value is
 *   NaN or infinite (the message names its row and column), or (for `dot`) the largest query norm times
 *   the largest document norm exceeds 2^127, so that float32 sums could overflow.
 * @example
 * const docs = new Float32Array([1, 0, 0, 1, 1, 1]); // 3 documents, d = 2
 * const queries = new Float32Array([1, 0]);
 * const { indices, scores } = topK(queries, docs, 2, 2, { metric: 'cosine' });
 * // indices = Int32Array [0, 2], scores = Float32Array [1, 0.70710677]
 * topK(queries, docs, 2, 2, { metric: 'dot' }).indices;
 * // Int32Array [2, 0]: scores 1 and 1 tie, and document 2 (the higher id) wins the tie
 */
export function topK(
  queries: Float32Array,
  docs: Float32Array,
  dims: number,
  k: number,
  options: TopKOptions,
): TopKResult {
  const problem = validateSearch(queries, docs, dims, k, options, 'topK');
  const backend = options.backend ?? DEFAULT_TOPK_BACKEND;
  if (backend === 'js') return { ...runJsEngine(problem), rows: problem.nQueries, k };
  if (backend !== 'wasm') {
    throw new TypeError(`@execret/search topK: backend must be 'wasm' or 'js', received ${String(backend)}`);
  }
  const result = runKernel(problem, validateMemory(options.maxMemoryBytes, 'topK'));
  return { ...result, rows: problem.nQueries, k };
}

/** Validates `maxMemoryBytes`. */
export function validateMemory(value: number | undefined, component: string): number {
  const bytes = value ?? DEFAULT_TOPK_MAX_MEMORY_BYTES;
  if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 1) {
    throw new RangeError(
      `@execret/search ${component}: maxMemoryBytes must be a positive integer, received ${String(value)}`,
    );
  }
  return bytes;
}

function runKernel(problem: SearchProblem, maxMemoryBytes: number): { indices: Int32Array; scores: Float32Array } {
  const plan = planKernel(problem, 1, maxMemoryBytes);
  const memory = new KernelMemory(plan, allocateMemory(plan));
  runRoundsInThread(memory, instantiateKernel(memory.memory));
  return { indices: memory.indices, scores: memory.scores };
}
