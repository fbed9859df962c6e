import type { ResultsFile } from '@execret/dataset';
import { mcnemarExact } from '@execret/stats';
import { describe, expect, it } from 'vitest';
import { compareResults } from './compare-results.js';
import { QUERY_BLIND_BASELINE, queryBlindLifts } from './query-blind-lift.js';
import { RELEASE_MEASURES } from './release-measures.js';

/** A results file whose stored per-query exec@1 is `exec1` (other measures 0), optionally a two-stage system. */
function file(
  model: string,
  exec1: number[],
  twoStage?: { first: string; reranker: string; depth?: number },
): ResultsFile {
  const mean = exec1.reduce((a, b) => a + b, 0) / exec1.length;
  return {
    model,
    n_queries: exec1.length,
    n_corpus: 50,
    ks: [1, 3, 5, 10],
    metrics: { 'exec@1': mean },
    per_query: exec1.map((_, q) => ({ query_id: `q_${q}`, query: 'q', correct_corpus_ids: [], top_results: [] })),
    execret: {
      per_query_measures: {
        ...Object.fromEntries(RELEASE_MEASURES.map((m) => [m, exec1.map(() => 0)])),
        'exec@1': exec1,
      },
      ...(twoStage
        ? {
            two_stage: {
              first_stage: twoStage.first,
              reranker: twoStage.reranker,
              depth: twoStage.depth ?? 10,
              ceiling: 1,
              ceiling_per_query: exec1.map(() => 1),
            },
          }
        : {}),
    },
  } as ResultsFile;
}

const bm25 = file('bm25', [0, 0, 0, 1, 0, 0, 0, 0]);
const consensus = file('bm25>>exec/consensus', [1, 1, 1, 1, 1, 1, 0, 0], {
  first: 'bm25',
  reranker: QUERY_BLIND_BASELINE,
});
const reader = file('bm25>>reader', [1, 1, 1, 1, 1, 1, 1, 1], { first: 'bm25', reranker: 'reader' });
const random = file('bm25>>exec/random-clone', [0, 1, 0, 0, 0, 0, 0, 0], {
  first: 'bm25',
  reranker: 'exec/random-clone',
});
const deeper = file('bm25>>deep', [1, 0, 0, 0, 0, 0, 0, 0], { first: 'bm25', reranker: 'deep', depth: 20 });
const RESULTS = [bm25, consensus, reader, random, deeper];

describe('queryBlindLifts', () => {
  const { pairwise } = compareResults(RESULTS, { seed: 7, resamples: 500, confidence: 0.95 });
  const lifts = queryBlindLifts(RESULTS, pairwise);

  it('compares every other second stage with exec/consensus on the same first stage and depth, and no other', () => {
    expect(lifts.map((l) => [l.system, l.baseline])).toEqual([
      ['bm25>>reader', 'bm25>>exec/consensus'],
      ['bm25>>exec/random-clone', 'bm25>>exec/consensus'],
    ]);
  });

  it('counts the discordant queries and takes the interval and exact McNemar p of the pair, oriented system − baseline', () => {
    const [reader, random] = lifts;
    expect(reader).toMatchObject({ exec1: 1, baselineExec1: 0.75, systemOnly: 2, baselineOnly: 0 });
    expect(reader!.test!.delta).toBeCloseTo(0.25, 12);
    expect(reader!.test!.mcnemarP).toBeCloseTo(mcnemarExact(2, 0).pValue, 12);
    expect(random).toMatchObject({ exec1: 0.125, baselineExec1: 0.75, systemOnly: 0, baselineOnly: 5 });
    expect(random!.test!.delta).toBeCloseTo(-0.625, 12);
    expect(random!.test!.ci95[1]).toBeLessThan(0);
    expect(random!.test!.mcnemarP).toBeCloseTo(0.0625, 12); // 2 × 0.5^5
  });

  it('leaves the pair untested when the pairwise tests lack it, and gives nothing without the baseline', () => {
    expect(queryBlindLifts(RESULTS, {})[0]!.test).toBeUndefined();
    expect(queryBlindLifts([bm25, reader, random], pairwise)).toEqual([]);
  });
});
