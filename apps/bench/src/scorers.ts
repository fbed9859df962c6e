import { createHash } from 'node:crypto';
import type { GroupScores, PoolView, Scorer } from '@execret/analyses';
import { type Bm25Index, type Bm25Info, createBm25, topK, topKParallel } from '@execret/embedders';

/**
 * BM25 over the pool (code-aware tokenizer, rank_bm25's BM25Okapi defaults). Each ablation pool gets its
 * own index, so document frequencies and average lengths are those of the pool actually searched.
 */
export function createBm25Scorer(pool: PoolView): Scorer & { info: Bm25Info } {
  const indexes = new Map<string, Bm25Index>();
  const indexFor = (docs: Int32Array): Bm25Index => {
    const key = docs.length === pool.docIds.length ? 'full' : createHash('sha256').update(docs).digest('hex');
    let index = indexes.get(key);
    if (index === undefined) {
      index = createBm25(Array.from(docs, (d) => pool.code[d]!));
      indexes.set(key, index);
    }
    return index;
  };
  const all = Int32Array.from(pool.docIds, (_, d) => d);
  const full = indexFor(all);
  const info = full.info;
  const configHash = createHash('sha256')
    .update(
      JSON.stringify({
        kind: 'bm25',
        k1: info.k1,
        b: info.b,
        epsilon: info.epsilon,
        idf: info.idf,
        tokenizer: 'tokenizeCode',
      }),
    )
    .digest('hex');
  return {
    id: 'bm25',
    similarity: 'bm25',
    provider: 'execret',
    configHash,
    info,
    async rank(docs, k) {
      const index = indexFor(docs);
      const result = index.searchMany(pool.queryTexts, k);
      const indices = Int32Array.from(result.indices, (i) => docs[i]!);
      return { indices, scores: result.scores, k: result.k };
    },
    async groupScores() {
      const canonical = new Float64Array(pool.queryIds.length);
      const distractors = pool.queryTexts.map((text, q) => {
        const scores = full.scores(text);
        const first = pool.canonicals[q]![0];
        canonical[q] = first === undefined ? Number.NaN : scores[first]!;
        return Float64Array.from(pool.distractors[q]!, (d) => scores[d]!);
      });
      return { canonical, distractors };
    },
  };
}

/**
 * A dense retriever over precomputed matrices (from an embedder through the cache, or imported `.npz`):
 * exact top-k with `@execret/embedders`' `topK`, and group scores with the same float32 arithmetic.
 */
export function createMatrixScorer(
  pool: PoolView,
  system: { id: string; provider: string; configHash: string; similarity: 'cosine' | 'dot' },
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
