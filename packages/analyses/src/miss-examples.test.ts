import { describe, expect, it } from 'vitest';
import { testGroupScores, testPool } from '../test/test-pool.js';
import { rankOneMissExamples } from './miss-examples.js';

const pool = testPool();
const scores = testGroupScores();
const passes = (q: number, d: number): boolean => pool.canonicals[q]!.includes(d);

describe('rankOneMissExamples', () => {
  it('returns own-variant misses in query order with both snippets and scores when rank 1 is a near-clone', () => {
    // q_1 → c_02 (own distractor), q_2 → c_04 (hit), q_3 → c_09 (own distractor, third in its list)
    const examples = rankOneMissExamples(pool, Int32Array.of(1, 3, 8), passes, scores);
    expect(examples.map((e) => [e.query_id, e.retrieved_id, e.bug_type])).toEqual([
      ['q_1', 'c_02', 'wrong_operator'],
      ['q_3', 'c_09', 'wrong_comparison'],
    ]);
    expect(examples[0]).toMatchObject({
      query: 'area',
      canonical_id: 'c_01',
      canonical_code: pool.code[0],
      retrieved_code: pool.code[1],
      canonical_score: 0.8,
      retrieved_score: 0.82,
    });
    expect(examples[1]!.retrieved_score).toBe(0.55);
  });

  it('skips hits, empty rankings and other tasks’ snippets and stops at the limit', () => {
    // q_1 → another task's snippet, q_2 → empty, q_3 → own distractor c_07
    expect(rankOneMissExamples(pool, Int32Array.of(5, -1, 6), passes, scores).map((e) => e.query_id)).toEqual(['q_3']);
    expect(rankOneMissExamples(pool, Int32Array.of(1, 4, 6), passes, scores, 2).map((e) => e.query_id)).toEqual([
      'q_1',
      'q_2',
    ]);
  });
});
