import { describe, expect, it } from 'vitest';
import { AnalysesError } from './analyses-error.js';
import { perQueryMeasures } from './per-query-measures.js';
import { RELEASE_MEASURES } from './release-measures.js';

function top(corpusIds: string[], passing: string[]) {
  return corpusIds.map((corpus_id, i) => ({
    rank: i + 1,
    corpus_id,
    label: 'incorrect' as const,
    bug_type: '',
    similarity: 1 - i / 10,
    passes_all_tests: passing.includes(corpus_id),
    test_results: [],
  }));
}

// q_a: the canonical c_1 at rank 2, a foreign passing snippet c_9 at rank 3. q_b: nothing passes.
const file = {
  model: 'sys',
  per_query: [
    {
      query_id: 'q_a',
      query: 'a',
      correct_corpus_ids: ['c_1'],
      top_results: top(['c_2', 'c_1', 'c_9'], ['c_1', 'c_9']),
    },
    { query_id: 'q_b', query: 'b', correct_corpus_ids: ['c_5'], top_results: top(['c_6', 'c_7'], []) },
  ],
};

describe('perQueryMeasures', () => {
  it('recomputes every measure from top_results when no stored values are given', () => {
    const values = perQueryMeasures(file, ['q_a', 'q_b']);
    expect(Object.keys(values)).toEqual([...RELEASE_MEASURES]);
    expect(Array.from(values['exec@1'])).toEqual([0, 0]);
    expect(Array.from(values['exec@3'])).toEqual([1, 0]);
    expect(values['precision@3'][0]).toBeCloseTo(2 / 3, 15);
    expect(values['precision@10'][0]).toBeCloseTo(2 / 10, 15);
    expect(values['ndcg@3'][0]).toBeCloseTo(1 / Math.log2(3), 15);
    expect(values['exec_ndcg_gap@3'][0]).toBeCloseTo(1 - 1 / Math.log2(3), 15);
    expect(Array.from(values['mrr@10'])).toEqual([0.5, 0]);
  });

  it('orders ranked entries by rank when the file lists them out of order', () => {
    const shuffled = {
      model: 'sys',
      per_query: [{ ...file.per_query[0]!, top_results: [...file.per_query[0]!.top_results].reverse() }],
    };
    expect(perQueryMeasures(shuffled, ['q_a'])['mrr@10'][0]).toBe(0.5);
  });

  it('aligns the values with queryIds when they are in another order than the file', () => {
    const values = perQueryMeasures(file, ['q_b', 'q_a']);
    expect(Array.from(values['exec@3'])).toEqual([0, 1]);
  });

  it('uses stored values when every measure has one per entry, and recomputes when one is missing', () => {
    const stored = Object.fromEntries(RELEASE_MEASURES.map((m) => [m, [0.25, 0.75]]));
    expect(Array.from(perQueryMeasures(file, ['q_b', 'q_a'], { stored })['exec@1'])).toEqual([0.75, 0.25]);
    const { 'mrr@10': _dropped, ...partial } = stored;
    expect(Array.from(perQueryMeasures(file, ['q_a', 'q_b'], { stored: partial })['exec@1'])).toEqual([0, 0]);
    const short = { ...stored, 'exec@1': [1] };
    expect(Array.from(perQueryMeasures(file, ['q_a', 'q_b'], { stored: short })['exec@1'])).toEqual([0, 0]);
  });

  it('throws missing-queries naming the first missing query when the file lacks one', () => {
    expect(() => perQueryMeasures(file, ['q_a', 'q_z'])).toThrow(/lack 1 of the 2 queries \(first: q_z\)/);
    try {
      perQueryMeasures(file, ['q_z']);
    } catch (error) {
      expect(AnalysesError.is(error) && error.code).toBe('missing-queries');
    }
  });
});
