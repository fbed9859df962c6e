import { topK, topKParallel } from '@execret/search';
import type { GroupScores } from './group-scores.js';
import type { PoolView } from './pool-view.js';
import type { Scorer } from './scorer.js';

/** Identity and similarity of a {@link createMatrixScorer} system. */
export interface MatrixScorerInfo {
  readonly id: string;
  readonly provider: string;
  readonly configHash: string;
  readonly similarity: 'cosine' | 'dot';
}

/**
 * A dense retriever over precomputed matrices (from an embedder through the cache, or imported `.npz`) as a
 * {@link Scorer}: exact top-k with `@execret/search`' `topKParallel`, and group scores through `topK` itself so
 * the arithmetic is the ranking's. `queries` is `nQueries × dims` and `docs` `nDocs × dims`, row-major float32 in
 * the pool's order.
 *
 * @throws RangeError when the matrices do not have one row per query and per document
 * @example
 * const scorer = createMatrixScorer(pool, { id: 'dense', provider: 'npz', configHash, similarity: 'cosine' }, q, d, 384);
 */
export function createMatrixScorer(
  pool: PoolView,
  system: MatrixScorerInfo,
  queries: Float32Array,
  docs: Float32Array,
  dims: number,
): Scorer {
  const nDocs = pool.docIds.length;
  if (queries.length !== pool.queryIds.length * dims || docs.length !== nDocs * dims) {
    throw new RangeError(
      `execret: ${system.id}: expected ${pool.queryIds.length}×${dims} query and ${nDocs}×${dims} document matrices, got ${queries.length / dims} and ${docs.length / dims} rows`,
    );
  }
  return {
    ...system,
    async rank(subset, k) {
      const matrix = subset.length === nDocs ? docs : gatherRows(docs, dims, subset);
      const result = await topKParallel(queries, matrix, dims, k, { metric: system.similarity });
      const indices = subset.length === nDocs ? result.indices : Int32Array.from(result.indices, (i) => subset[i]!);
      return { indices, scores: result.scores, k };
    },
    async groupScores(): Promise<GroupScores> {
      const canonical = new Float64Array(pool.queryIds.length);
      const distractors = pool.queryIds.map((_, q) => {
        const group = Int32Array.from([...pool.canonicals[q]!.subarray(0, 1), ...pool.distractors[q]!]);
        const hasCanonical = pool.canonicals[q]!.length > 0;
        const scores = groupSimilarities(
          queries.subarray(q * dims, (q + 1) * dims),
          gatherRows(docs, dims, group),
          dims,
          system.similarity,
        );
        canonical[q] = hasCanonical ? scores[0]! : Number.NaN;
        return Float64Array.from(scores.subarray(hasCanonical ? 1 : 0));
      });
      return { canonical, distractors };
    },
  };
}

function gatherRows(matrix: Float32Array, dims: number, rows: Int32Array): Float32Array {
  const out = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => {
    out.set(matrix.subarray(r * dims, (r + 1) * dims), i * dims);
  });
  return out;
}

/** Scores of one query against a few documents, through `topK` itself so the arithmetic is identical. */
function groupSimilarities(
  query: Float32Array,
  docs: Float32Array,
  dims: number,
  metric: 'cosine' | 'dot',
): Float32Array {
  const n = docs.length / dims;
  const out = new Float32Array(n);
  if (n === 0) return out;
  const result = topK(query, docs, dims, n, { metric, backend: 'js' });
  result.indices.forEach((d, i) => {
    out[d] = result.scores[i]!;
  });
  return out;
}
