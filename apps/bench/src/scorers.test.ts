import { ablationPools, perQueryMeasures, RELEASE_MEASURES, RUN_DEPTH, rankSystem } from '@execret/analyses';
import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { evaluateSystem } from './evaluation.js';
import { PassTable } from './execution.js';
import { resultExtras } from './results-model.js';
import { createBm25Scorer, createMatrixScorer } from './scorers.js';

const pool = testPool();
const identity = (q: number): Int32Array => pool.distractors[q]!;

describe('rankSystem with a dense scorer', () => {
  // Two-dimensional vectors: each query points at its canonical, but one distractor of q_1 points
  // exactly the same way (an exact tie with the canonical, which the id-descending rule breaks
  // against the canonical).
  const dims = 2;
  const queries = Float32Array.of(1, 0, 0, 1, 1, 1);
  const docs = Float32Array.of(
    1,
    0, // c_01 canonical q_1
    1,
    0, // c_02 ties c_01 for q_1
    0.5,
    1, // c_03
    0,
    1, // c_04 canonical q_2
    0.1,
    1, // c_05
    1,
    1, // c_06 canonical q_3
    1,
    0.9, // c_07
    -1,
    -1, // c_08
    0.9,
    1, // c_09
  );
  const scorer = createMatrixScorer(
    pool,
    { id: 'dense', provider: 'test', configHash: 'h', similarity: 'cosine' },
    queries,
    docs,
    dims,
  );

  it('ranks ties by id descending and keeps the full run when the pool is smaller than 10', async () => {
    const ranking = await rankSystem(scorer, pool, ablationPools(pool, identity));
    expect(ranking.runDocs[0]![0]).toBe(1); // c_02 wins the exact tie with c_01
    expect(ranking.runDocs[0]![1]).toBe(0);
    expect(ranking.runDocs.every((docs) => docs.length === Math.min(RUN_DEPTH, pool.docIds.length))).toBe(true);
    expect(ranking.group.canonical[0]).toBe(ranking.group.distractors[0]![0]);
    // With no distractors retained, q_1's canonical is alone at the top.
    expect(ranking.ablation[0]!.top[0]![0]).toBe(0);
  });

  it('evaluates the run with the metrics package and reproduces it from the result file', async () => {
    const ranking = await rankSystem(scorer, pool, ablationPools(pool, identity));
    const table = new PassTable(pool.docIds.length);
    pool.queryIds.forEach((_, q) => {
      for (const d of ranking.runDocs[q]!) {
        const passes = pool.canonicals[q]!.includes(d);
        table.set(q, d, { passes, tests: [passes ? 'pass' : 'FAIL'], status: passes ? 'pass' : 'fail' });
      }
    });
    const { result, analyses } = evaluateSystem(pool, ranking, table, 'trec');
    expect(result.metrics['exec@1']).toBeCloseTo(2 / 3, 15); // q_1 lost its tie
    expect(result.metrics['ndcg@1']).toBeCloseTo(2 / 3, 15);
    expect(result.execret!.ties_decided['exec@1']).toBe(1);
    expect(analyses.miss_attribution).toMatchObject({ misses: 1, ownVariant: 1 });
    // Recomputing from top_results alone (as for the release's files) gives the same per-query values.
    const stored = perQueryMeasures(result, pool.queryIds, { stored: resultExtras(result)?.per_query_measures });
    const { execret: _extras, ...plain } = result;
    const recomputed = perQueryMeasures(plain, pool.queryIds);
    for (const m of RELEASE_MEASURES) expect(Array.from(recomputed[m]!), m).toEqual(Array.from(stored[m]!));
    // The expected-ties mode gives q_1 half a hit at rank 1.
    const expected = evaluateSystem(pool, ranking, table, 'expected');
    expect(expected.result.metrics['exec@1']).toBeCloseTo((0.5 + 1 + 1) / 3, 15);
  });

  it('states the languages in the results file only when a query is not Python', async () => {
    const ranking = await rankSystem(scorer, pool, ablationPools(pool, identity));
    const table = new PassTable(pool.docIds.length);
    expect(evaluateSystem(pool, ranking, table, 'trec').result.execret.languages).toBeUndefined();
    const mixed = { ...pool, languages: ['javascript', 'javascript', 'python'] as const };
    expect(evaluateSystem(mixed, ranking, table, 'trec').result.execret.languages).toEqual({
      javascript: 2,
      python: 1,
    });
  });
});

describe('rankSystem with BM25', () => {
  it('refits BM25 on each ablation pool and ranks the query’s own snippets first', async () => {
    const scorer = createBm25Scorer(pool);
    const ranking = await rankSystem(scorer, pool, ablationPools(pool, identity));
    // "area" only matches q_1's group; "valid" matches nothing, so every score is 0 and ties go to the highest id.
    expect(Array.from(ranking.runDocs[0]!.subarray(0, 3)).sort()).toEqual([0, 1, 2]);
    expect(ranking.runDocs[2]![0]).toBe(8);
    expect(ranking.runScores[2]![0]).toBe(0);
    expect(ranking.ablation[0]!.poolSize).toBe(3);
  });
});
