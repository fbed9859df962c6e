import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { ablationPools } from './ablation-pools.js';
import { createBm25Scorer } from './bm25-scorer.js';
import { rankSystem } from './rank-system.js';

const pool = testPool();
const identity = (q: number): Int32Array => pool.distractors[q]!;

describe('createBm25Scorer', () => {
  it('refits BM25 on each ablation pool and ranks the query’s own snippets first', async () => {
    const scorer = createBm25Scorer(pool);
    const ranking = await rankSystem(scorer, pool, ablationPools(pool, identity));
    // "area" only matches q_1's group; "valid" matches nothing, so every score is 0 and ties go to the highest id.
    expect(Array.from(ranking.runDocs[0]!.subarray(0, 3)).sort()).toEqual([0, 1, 2]);
    expect(ranking.runDocs[2]![0]).toBe(8);
    expect(ranking.runScores[2]![0]).toBe(0);
    expect(ranking.ablation[0]!.poolSize).toBe(3);
  });

  it('keeps the config hash results files already record when it hashes its settings (JSON.stringify, fixed key order)', () => {
    const { info, configHash } = createBm25Scorer(pool);
    expect(info).toMatchObject({ k1: 1.5, b: 0.75, epsilon: 0.25, idf: 'okapi-floor' });
    // The hash of every results/bm25.json written so far; canonicalJson (sorted keys) would give b9e4ffa8….
    expect(configHash).toBe('9fd9bbf45d8162d25b1bfb70d1a7dc8da6cb2a9e1a047c07246e9fb6f61f01ff');
  });
});
