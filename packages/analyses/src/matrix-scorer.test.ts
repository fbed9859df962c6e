import { describe, expect, it } from 'vitest';
import { denseScorer } from '../test/dense-scorer.js';
import { testPool } from '../test/test-pool.js';
import { ablationPools } from './ablation-pools.js';
import { RUN_DEPTH } from './boundary-run.js';
import { createMatrixScorer } from './matrix-scorer.js';
import { rankSystem } from './rank-system.js';

const pool = testPool();
const identity = (q: number): Int32Array => pool.distractors[q]!;

describe('createMatrixScorer', () => {
  const scorer = denseScorer(pool);

  it('ranks ties by id descending and keeps the full run when the pool is smaller than 10', async () => {
    const ranking = await rankSystem(scorer, pool, ablationPools(pool, identity));
    expect(ranking.runDocs[0]![0]).toBe(1); // c_02 wins the exact tie with c_01
    expect(ranking.runDocs[0]![1]).toBe(0);
    expect(ranking.runDocs.every((docs) => docs.length === Math.min(RUN_DEPTH, pool.docIds.length))).toBe(true);
    expect(ranking.group.canonical[0]).toBe(ranking.group.distractors[0]![0]);
    // With no distractors retained, q_1's canonical is alone at the top.
    expect(ranking.ablation[0]!.top[0]![0]).toBe(0);
  });

  it('throws RangeError when a matrix does not have one row per query or document', () => {
    expect(() =>
      createMatrixScorer(
        pool,
        { id: 'x', provider: 't', configHash: 'h', similarity: 'dot' },
        new Float32Array(4),
        new Float32Array(18),
        2,
      ),
    ).toThrow(RangeError);
  });
});
