import { sha256Hex } from '@execret/formats';
import { type Bm25Index, type Bm25Info, createBm25 } from '@execret/search';
import type { PoolView } from './pool-view.js';
import type { Scorer } from './scorer.js';

/** What a run, a results file and `execret models` call the BM25 system: its id, provider and similarity. */
export const BM25_SYSTEM = { id: 'bm25', provider: 'execret', similarity: 'bm25' } as const;

/**
 * BM25 over the pool as a {@link Scorer} (`@execret/search`' code-aware tokenizer and rank_bm25's BM25Okapi
 * defaults). Each ablation pool gets its own index, so document frequencies and average lengths are those of the
 * pool actually searched. The id is `bm25`, the provider `execret`; `configHash` is the SHA-256 of
 * `JSON.stringify({ kind: 'bm25', k1, b, epsilon, idf, tokenizer: 'tokenizeCode' })` (plain `JSON.stringify`, in
 * that key order, not `canonicalJson`: results files already record these hashes).
 *
 * @example
 * const ranking = await rankSystem(createBm25Scorer(pool), pool, ablationPools(pool, order));
 */
export function createBm25Scorer(pool: PoolView): Scorer & { info: Bm25Info } {
  const indexes = new Map<string, Bm25Index>();
  const indexFor = (docs: Int32Array): Bm25Index => {
    const key =
      docs.length === pool.docIds.length
        ? 'full'
        : sha256Hex(new Uint8Array(docs.buffer, docs.byteOffset, docs.byteLength));
    let index = indexes.get(key);
    if (index === undefined) {
      index = createBm25(Array.from(docs, (d) => pool.code[d]!));
      indexes.set(key, index);
    }
    return index;
  };
  const full = indexFor(Int32Array.from(pool.docIds, (_, d) => d));
  const info = full.info;
  const configHash = sha256Hex(
    JSON.stringify({
      kind: 'bm25',
      k1: info.k1,
      b: info.b,
      epsilon: info.epsilon,
      idf: info.idf,
      tokenizer: 'tokenizeCode',
    }),
  );
  return {
    id: BM25_SYSTEM.id,
    similarity: BM25_SYSTEM.similarity,
    provider: BM25_SYSTEM.provider,
    configHash,
    info,
    async rank(docs, k) {
      const result = indexFor(docs).searchMany(pool.queryTexts, k);
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
