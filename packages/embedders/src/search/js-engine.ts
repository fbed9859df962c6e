/**
 * The pure-JavaScript engine of {@link topK} (`backend: 'js'`): the same arithmetic and tie rule as the
 * WebAssembly kernel, one document at a time. Each score is the float32 sequential sum
 * `s = fl32(s + fl32(q̂_p · x̂_p))` over p = 0 … d−1, evaluated with `Math.fround` (float64 products and
 * sums of float32 values rounded once to float32 are exactly the float32 operations), so its results are
 * bit-identical to the kernel's. It is a reference and a fallback, not a fast path.
 *
 * @internal
 */
import { drainBestFirst, offer, resetHeaps } from './bounded-heap.js';
import { writeRow, type SearchProblem } from './search-input.js';

/** Scores every query against every document and keeps the k best per query. */
export function runJsEngine(problem: SearchProblem): { indices: Int32Array; scores: Float32Array } {
  const { dims, k, metric, nQueries, nDocs, order } = problem;
  const docs = new Float32Array(nDocs * dims);
  // Documents in tie order: position p holds document order[p].
  for (let p = 0; p < nDocs; p++) writeRow(problem.docs, order === undefined ? p : order[p]!, dims, metric, docs, p * dims, 1);
  const query = new Float32Array(dims);
  const heapS = new Float32Array(k);
  const heapI = new Int32Array(k);
  const indices = new Int32Array(nQueries * k);
  const scores = new Float32Array(nQueries * k);
  const fround = Math.fround;
  for (let q = 0; q < nQueries; q++) {
    writeRow(problem.queries, q, dims, metric, query, 0, 1);
    resetHeaps(heapS, heapI, 0, 1, k);
    for (let p = 0; p < nDocs; p++) {
      const base = p * dims;
      let s = 0;
      for (let i = 0; i < dims; i++) s = fround(s + fround(query[i]! * docs[base + i]!));
      offer(heapS, heapI, 0, k, s, p);
    }
    drainBestFirst(heapS, heapI, 0, k, order, scores, indices, q * k);
  }
  return { indices, scores };
}
