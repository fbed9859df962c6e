/**
 * The pure-JavaScript engine of {@link topK} (`backend: 'js'`): the same arithmetic and tie rule as the
 * WebAssembly kernel, one document at a time. Each score is the float32 blocked sum of `score-kernel.ts`
 * (blocks of SUM_BLOCK dimensions summed sequentially from +0, then the block sums in order), evaluated
 * with `Math.fround` (a float64 product or sum of two float32 values, rounded once to float32, is exactly
 * the float32 operation), so its results are bit-identical to the kernel's. It is a reference and a
 * fallback, not a fast path.
 *
 * @internal
 */
import { drainBestFirst, offer, resetHeaps } from './bounded-heap.js';
import { SUM_BLOCK } from './score-kernel.js';
import { type SearchProblem, ValueGuard, writeRow } from './search-input.js';

/** Scores every query against every document and keeps the k best per query. */
export function runJsEngine(problem: SearchProblem): { indices: Int32Array; scores: Float32Array } {
  const { dims, k, metric, nQueries, nDocs, order } = problem;
  const guard = new ValueGuard(problem);
  const docs = new Float32Array(nDocs * dims);
  // Documents in tie order: position p holds document order[p].
  for (let p = 0; p < nDocs; p++) {
    const row = order === undefined ? p : order[p]!;
    guard.row('docs', row, writeRow(problem.docs, row, dims, metric, docs, p * dims, 1));
  }
  const query = new Float32Array(dims);
  const heapS = new Float32Array(k);
  const heapI = new Int32Array(k);
  const indices = new Int32Array(nQueries * k);
  const scores = new Float32Array(nQueries * k);
  const fround = Math.fround;
  for (let q = 0; q < nQueries; q++) {
    guard.row('queries', q, writeRow(problem.queries, q, dims, metric, query, 0, 1));
    resetHeaps(heapS, heapI, 0, 1, k);
    for (let p = 0; p < nDocs; p++) {
      const base = p * dims;
      let s = 0;
      for (let start = 0; start < dims; start += SUM_BLOCK) {
        const end = Math.min(dims, start + SUM_BLOCK);
        let block = 0;
        for (let i = start; i < end; i++) block = fround(block + fround(query[i]! * docs[base + i]!));
        s = fround(s + block);
      }
      offer(heapS, heapI, 0, k, s, p);
    }
    drainBestFirst(heapS, heapI, 0, k, order, scores, indices, q * k);
  }
  return { indices, scores };
}
