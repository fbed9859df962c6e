import { describe, expect, it } from 'vitest';
import { compareSystems } from '../src/index.js';

/** Per-query values for three systems shaped like an ExecRetrieval evaluation. */
function evaluationLike(n: number) {
  const make = (skill: number, offset: number) => {
    const exec1 = Array.from({ length: n }, (_, i) => (((i + offset) * 37) % 100 < skill ? 1 : 0));
    const exec10 = exec1.map((hit, i) => (hit || (i + offset) % 9 !== 0 ? 1 : 0));
    return {
      'exec@1': exec1,
      'exec@10': exec10,
      'execution_precision@1': exec1.slice(),
      'execution_precision@10': exec10.map((hit, i) => (hit ? 1 + ((i * offset) % 3) : 0) / 10),
      'ndcg@10': exec1.map((hit, i) => (hit ? 1 : exec10[i] ? 1 / Math.log2(2 + ((i + offset) % 8)) : 0)),
    };
  };
  return { 'gemini-embedding-2': make(33, 1), BM25: make(6, 2), 'bge-large-en-v1.5': make(8, 3) };
}

const RELEASE_BINARY = ['exec@1', 'exec@10'];

describe('compareSystems release shapes', () => {
  const result = compareSystems(evaluationLike(939), { resamples: 300, binaryMeasures: RELEASE_BINARY });
  const written = JSON.parse(JSON.stringify(result)) as typeof result;

  it('writes confidence_intervals.json entries with exactly the release keys', () => {
    for (const model of result.systems) {
      for (const metric of result.measures) {
        expect(Object.keys(written.intervals[model]?.[metric] ?? {}).sort()).toEqual(
          ['bootstrap_samples', 'ci95_high', 'ci95_low', 'mean', 'n', 'seed'].sort(),
        );
      }
    }
  });

  it('writes pairwise_tests.json entries with the release keys (plus documented extras) when measures follow the release', () => {
    expect(Object.keys(written.pairwise)).toEqual([
      'BM25 vs bge-large-en-v1.5',
      'BM25 vs gemini-embedding-2',
      'bge-large-en-v1.5 vs gemini-embedding-2',
    ]);
    for (const entry of Object.values(written.pairwise)) {
      for (const metric of RELEASE_BINARY) {
        // The release's keys, plus the documented extra `mcnemar_mid_p`.
        expect(Object.keys(entry[metric] ?? {}).sort()).toEqual(
          [
            'a_only',
            'b_only',
            'both',
            'neither',
            'a_rate',
            'b_rate',
            'delta',
            'mcnemar_exact_p',
            'bootstrap_ci_95',
            'mcnemar_mid_p',
          ].sort(),
        );
      }
      for (const metric of ['execution_precision@1', 'execution_precision@10', 'ndcg@10']) {
        const comparison = entry[metric];
        expect(comparison).toHaveProperty('bootstrap_ci_95');
        expect(comparison).not.toHaveProperty('mcnemar_exact_p');
      }
    }
  });

  it('survives a JSON round trip unchanged (plain numbers and arrays, no NaN or typed arrays)', () => {
    expect(written).toEqual(result);
    for (const entry of Object.values(written.pairwise)) {
      for (const comparison of Object.values(entry)) {
        expect(Array.isArray(comparison.bootstrap_ci_95)).toBe(true);
        expect(comparison.bootstrap_ci_95).toHaveLength(2);
        expect(comparison.bootstrap_ci_95[0]).toBeLessThanOrEqual(comparison.bootstrap_ci_95[1]);
      }
    }
  });

  it('records the bootstrap settings in every interval and at the top level', () => {
    expect(written).toMatchObject({ method: 'percentile', resamples: 300, confidence: 0.95, seed: 20260510, n: 939 });
    for (const model of result.systems) {
      for (const metric of result.measures) {
        expect(written.intervals[model]?.[metric]).toMatchObject({ n: 939, bootstrap_samples: 300, seed: 20260510 });
      }
    }
  });
});
