import { describe, expect, it } from 'vitest';
import { AnalysesError } from './analyses-error.js';
import { runFromFile } from './run-file.js';

describe('runFromFile', () => {
  it('reads a TREC run with its tag as the id and each row as an entry', () => {
    const run = runFromFile('/x/mine.trec', 'q_1 Q0 c_01 1 2.5 my-tag\nq_1 Q0 c_02 2 1 my-tag\n');
    expect(run.id).toBe('my-tag');
    expect(run.provider).toBe('trec');
    expect(run.entries[1]).toMatchObject({
      queryId: 'q_1',
      docId: 'c_02',
      score: 1,
      origin: '/x/mine.trec: row 2 (q_1 c_02)',
    });
  });

  it('reads a results file with its model as the id and the similarity as the score', () => {
    const file = {
      model: 'other/tool',
      n_queries: 1,
      n_corpus: 2,
      ks: [1],
      metrics: {},
      per_query: [
        {
          query_id: 'q_1',
          query: 'q',
          correct_corpus_ids: ['c_01'],
          top_results: [
            {
              rank: 1,
              corpus_id: 'c_02',
              label: 'incorrect',
              bug_type: 'off_by_one',
              similarity: 0.9,
              passes_all_tests: false,
              test_results: [],
            },
          ],
        },
      ],
    };
    const run = runFromFile('r.json', JSON.stringify(file));
    expect(run).toEqual({
      id: 'other/tool',
      provider: 'results-json',
      entries: [{ queryId: 'q_1', docId: 'c_02', score: 0.9, origin: 'r.json query q_1 rank 1' }],
    });
  });

  it('throws invalid-run naming the file, line and field when a TREC run has problems or lists nothing', () => {
    let error: unknown;
    try {
      runFromFile('bad.trec', 'q_1 Q0 c_01 1 2.5 t\nq_1 Q0 c_02 x 1 t\n');
    } catch (e) {
      error = e;
    }
    expect(AnalysesError.is(error) && error.code).toBe('invalid-run');
    expect((error as Error).message).toMatch(
      /^@execret\/analyses: bad\.trec is not a valid TREC run \(1 problem\):\n {2}bad\.trec:2 rank: /,
    );
    expect(() => runFromFile('empty.trec', '')).toThrow('empty.trec: the run lists no documents');
  });
});
