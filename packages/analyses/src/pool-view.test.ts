import { createBenchmark } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { AnalysesError } from './analyses-error.js';
import { createPoolView, poolFromBenchmark } from './pool-view.js';

describe('createPoolView', () => {
  it('sorts documents by id and remembers their input positions when the corpus is out of order', () => {
    const pool = testPool();
    expect(pool.docIds).toEqual(['c_01', 'c_02', 'c_03', 'c_04', 'c_05', 'c_06', 'c_07', 'c_08', 'c_09']);
    expect(Array.from(pool.inputOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
  });

  it('maps every group member to its query when groups are listed', () => {
    const pool = testPool();
    expect(Array.from(pool.ownerQuery)).toEqual([0, 0, 0, 1, 1, 2, 2, 2, 2]);
    expect(Array.from(pool.canonicals[2]!)).toEqual([5]);
    expect(Array.from(pool.distractors[2]!)).toEqual([6, 7, 8]);
    expect(pool.bugTypes[0]).toBeNull();
    expect(Array.from(pool.isCorrect)).toEqual([1, 0, 0, 1, 0, 1, 0, 0, 0]);
  });

  it('throws naming the id when a query references a missing snippet', () => {
    expect(() =>
      createPoolView({
        queries: [{ id: 'q_1', query: '', tests: [], domain: 'x', canonicalIds: ['c_404'], distractorIds: [] }],
        corpus: [{ id: 'c_1', code: '', correct: true, bugType: null }],
      }),
    ).toThrow(/q_1 references corpus id "c_404"/);
    try {
      createPoolView({
        queries: [{ id: 'q_1', query: '', tests: [], domain: 'x', canonicalIds: ['c_404'], distractorIds: [] }],
        corpus: [],
      });
    } catch (error) {
      expect(AnalysesError.is(error) && error.code).toBe('unknown-corpus-id');
    }
    expect.assertions(2);
  });

  it('throws when a corpus id repeats', () => {
    expect(() =>
      createPoolView({
        queries: [],
        corpus: [
          { id: 'c_1', code: '', correct: true, bugType: null },
          { id: 'c_1', code: '', correct: false, bugType: 'x' },
        ],
      }),
    ).toThrow(/duplicate corpus id "c_1"/);
  });
});

describe('poolFromBenchmark', () => {
  it('takes domains from entry ids, bug types from the corpus and labels as correctness when given a benchmark', () => {
    const benchmark = createBenchmark({
      corpus: [
        {
          corpus_id: 'c_0002',
          code: 'def f():\n    return 2\n',
          label: 'incorrect',
          bug_type: 'off_by_one',
          source_entry_id: 'e',
        },
        { corpus_id: 'c_0001', code: 'def f():\n    return 1\n', label: 'correct', source_entry_id: 'e' },
      ],
      queries: [
        {
          query_id: 'q_0001',
          query: 'one',
          test_suite: ['assert f() == 1'],
          correct_corpus_ids: ['c_0001'],
          paired_distractor_corpus_ids: ['c_0002'],
          entry_id: 'exec_math_numerical_3',
        },
        {
          query_id: 'q_0002',
          query: 'none',
          test_suite: [],
          correct_corpus_ids: [],
          paired_distractor_corpus_ids: [],
          entry_id: 'batch-7',
        },
      ],
    });
    const pool = poolFromBenchmark(benchmark);
    expect(pool.docIds).toEqual(['c_0001', 'c_0002']);
    expect(Array.from(pool.inputOrder)).toEqual([1, 0]);
    expect(pool.domains).toEqual(['math_numerical', 'unknown']);
    expect(pool.bugTypes).toEqual([null, 'off_by_one']);
    expect(pool.languages).toEqual(['python', 'python']);
    expect(Array.from(pool.isCorrect)).toEqual([1, 0]);
    expect(pool.tests[0]).toEqual(['assert f() == 1']);
    expect(Array.from(pool.ownerQuery)).toEqual([0, 0]);
  });
});

describe('poolFromBenchmark with a language', () => {
  it("gives each query its rows' language, python when absent", () => {
    const benchmark = createBenchmark({
      corpus: [
        {
          corpus_id: 'c_1',
          code: 'function f() { return 1; }',
          label: 'correct',
          source_entry_id: 'e',
          language: 'javascript',
        },
        { corpus_id: 'c_2', code: 'def f():\n    return 1\n', label: 'correct', source_entry_id: 'e2' },
      ],
      queries: [
        {
          query_id: 'q_1',
          query: 'one',
          test_suite: ['assert.strictEqual(f(), 1)'],
          correct_corpus_ids: ['c_1'],
          paired_distractor_corpus_ids: [],
          entry_id: 'e',
          language: 'javascript',
        },
        {
          query_id: 'q_2',
          query: 'one',
          test_suite: ['assert f() == 1'],
          correct_corpus_ids: ['c_2'],
          paired_distractor_corpus_ids: [],
          entry_id: 'e2',
        },
      ],
    });
    expect(poolFromBenchmark(benchmark).languages).toEqual(['javascript', 'python']);
  });
});
