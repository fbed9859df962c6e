import { resultExtras } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { denseScorer } from '../test/dense-scorer.js';
import { testPool } from '../test/test-pool.js';
import { ablationPools } from './ablation-pools.js';
import { evaluateSystem } from './evaluate-system.js';
import { PassTable } from './pass-table.js';
import { perQueryMeasures } from './per-query-measures.js';
import { rankSystem } from './rank-system.js';
import { RELEASE_MEASURES } from './release-measures.js';

const pool = testPool();
const identity = (q: number): Int32Array => pool.distractors[q]!;
const scorer = denseScorer(pool);

describe('evaluateSystem', () => {
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

  it('counts retrieved pairs never executed as not passing and records them when the table lacks them', async () => {
    const ranking = await rankSystem(scorer, pool, []);
    const { result } = evaluateSystem(pool, ranking, new PassTable(pool.docIds.length), 'trec');
    expect(result.metrics['exec@10']).toBe(0);
    expect(result.execret.unexecuted_pairs).toBe(ranking.runDocs.reduce((n, docs) => n + docs.length, 0));
  });

  it('records the two-stage make-up and its ceiling when a two-stage record is given', async () => {
    const ranking = await rankSystem(scorer, pool, []);
    const table = new PassTable(pool.docIds.length);
    table.set(0, 0, { passes: true, tests: ['pass'], status: 'pass' });
    const record = {
      first_stage: 'dense',
      first_stage_config_hash: 'h',
      depth: 10,
      reranker: 'x/y',
      reranker_config_hash: 'r',
      reranker_provider: 'x',
      reranker_method: 'rerank-api',
    };
    const two = evaluateSystem(pool, ranking, table, 'trec', record).result.execret.two_stage;
    expect(two).toEqual({ ...record, ceiling: 1 / 3, ceiling_per_query: [1, 0, 0] });
    expect(Object.keys(two!).slice(0, 7)).toEqual(Object.keys(record));
  });
});
