import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { ablationPools } from './ablation-pools.js';
import { MAX_BOUNDARY_TIES, RUN_DEPTH } from './boundary-run.js';
import { createPoolView, type PoolView } from './pool-view.js';
import { rankSystem } from './rank-system.js';
import type { Scorer } from './scorer.js';

/** A scorer over an explicit queries × documents score matrix, ties by document index descending; records calls. */
function matrixScorer(pool: PoolView, score: (q: number, d: number) => number): Scorer & { calls: number[][] } {
  const calls: number[][] = [];
  return {
    id: 'fake',
    similarity: 'dot',
    configHash: 'h',
    provider: 'test',
    calls,
    async rank(docs, k) {
      calls.push([docs.length, k]);
      const nq = pool.queryIds.length;
      const indices = new Int32Array(nq * k);
      const scores = new Float64Array(nq * k);
      for (let q = 0; q < nq; q++) {
        const order = Array.from(docs).sort((a, b) => score(q, b) - score(q, a) || b - a);
        order.slice(0, k).forEach((d, i) => {
          indices[q * k + i] = d;
          scores[q * k + i] = score(q, d);
        });
      }
      return { indices, scores, k };
    },
    async groupScores() {
      return {
        canonical: Float64Array.from(pool.canonicals, (ids, q) => score(q, ids[0]!)),
        distractors: pool.distractors.map((ids, q) => Float64Array.from(ids, (d) => score(q, d))),
      };
    },
  };
}

/** One query owning c_000 (canonical) and c_001 (distractor), plus `foreign` snippets of no query. */
function widePool(foreign: number): PoolView {
  const id = (i: number) => `c_${String(i).padStart(3, '0')}`;
  return createPoolView({
    queries: [{ id: 'q_1', query: 'x', tests: [], domain: 'd', canonicalIds: [id(0)], distractorIds: [id(1)] }],
    corpus: Array.from({ length: foreign + 2 }, (_, i) => ({
      id: id(i),
      code: String(i),
      correct: i !== 1,
      bugType: i === 1 ? 'off_by_one' : null,
    })),
  });
}

describe('rankSystem', () => {
  it('keeps the top 10 plus the documents tying the 10th score when a tie group straddles rank 10', async () => {
    const pool = widePool(18); // 20 documents
    // Distinct scores for documents 0–8, then 11 documents (9–19) tied at 0.
    const scorer = matrixScorer(pool, (_q, d) => (d < 9 ? 100 - d : 0));
    const ranking = await rankSystem(scorer, pool, []);
    expect(ranking.runDocs[0]!.length).toBe(20);
    expect(Array.from(ranking.runDocs[0]!.subarray(9, 12))).toEqual([19, 18, 17]); // ties by index descending
    expect(ranking.truncatedTieGroups).toBe(0);
    expect(scorer.calls[0]).toEqual([20, 20]); // the whole pool, min(20, 10 + 50 + 1) deep
  });

  it('cuts the tie group at MAX_BOUNDARY_TIES and counts it when more documents tie', async () => {
    const pool = widePool(RUN_DEPTH + MAX_BOUNDARY_TIES + 8);
    const scorer = matrixScorer(pool, () => 0.5);
    const ranking = await rankSystem(scorer, pool, []);
    expect(ranking.runDocs[0]!.length).toBe(RUN_DEPTH + MAX_BOUNDARY_TIES);
    expect(ranking.runScores[0]!.every((s) => s === 0.5)).toBe(true);
    expect(ranking.truncatedTieGroups).toBe(1);
    expect(scorer.calls[0]).toEqual([pool.docIds.length, RUN_DEPTH + MAX_BOUNDARY_TIES + 1]);
  });

  it('ranks each smaller ablation pool 10 deep and reuses the full ranking for the full pool', async () => {
    const pool = testPool();
    // Every query prefers its own canonical, then documents by index descending.
    const scorer = matrixScorer(pool, (q, d) => (pool.canonicals[q]!.includes(d) ? 1 : 0));
    const pools = ablationPools(pool, (q) => pool.distractors[q]!);
    const ranking = await rankSystem(scorer, pool, pools);
    expect(scorer.calls).toEqual([
      [9, 9], // full pool: all 9 documents
      [3, 3], // r = 0
      [6, 6], // r = 1
      [8, 8], // r = 2; r = 3 is the full pool again
    ]);
    expect(ranking.ablation.map((a) => a.poolSize)).toEqual([3, 6, 8, 9]);
    expect(Array.from(ranking.ablation[0]!.top[1]!)).toEqual([3, 5, 0]);
    expect(ranking.ablation[3]!.top[2]).toEqual(ranking.runDocs[2]);
    expect(ranking).toMatchObject({ id: 'fake', similarity: 'dot', configHash: 'h', provider: 'test' });
    expect(Array.from(ranking.group.canonical)).toEqual([1, 1, 1]);
  });
});
