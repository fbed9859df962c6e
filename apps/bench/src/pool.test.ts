import { describe, expect, it } from 'vitest';
import { createPoolView } from './pool.js';
import { testPool } from './test-pool.js';

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
