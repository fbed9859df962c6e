import { describe, expect, it } from 'vitest';
import { testGroupScores, testPool } from '../test/test-pool.js';
import { deceptionByBugType } from './bug-type-deception.js';

const pool = testPool();
const scores = testGroupScores();

describe('deceptionByBugType', () => {
  it('counts deceived triples and ties per bug type in code-point order', () => {
    const cells = deceptionByBugType(pool, scores);
    expect(Object.keys(cells)).toEqual(['off_by_one', 'remove_edge_case_check', 'wrong_comparison', 'wrong_operator']);
    expect(cells.off_by_one).toEqual({ triples: 2, deceived: 0, ties: 1, rate: 0 });
    expect(cells.wrong_comparison).toEqual({ triples: 2, deceived: 2, ties: 0, rate: 1 });
    expect(cells.wrong_operator).toEqual({ triples: 1, deceived: 1, ties: 0, rate: 1 });
    expect(cells.remove_edge_case_check).toEqual({ triples: 1, deceived: 0, ties: 0, rate: 0 });
  });
});
