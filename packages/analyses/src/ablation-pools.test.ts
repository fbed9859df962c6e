import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { ablationPools } from './ablation-pools.js';
import { createPoolView } from './pool-view.js';

const pool = testPool();
const identity = (q: number): Int32Array => pool.distractors[q]!;

describe('ablationPools', () => {
  it('keeps every canonical and the first r distractors of each query, nested in r', () => {
    const pools = ablationPools(pool, identity);
    expect(pools.map((p) => p.retained)).toEqual([0, 1, 2, 3]);
    expect(Array.from(pools[0]!.docs)).toEqual([0, 3, 5]);
    expect(Array.from(pools[1]!.docs)).toEqual([0, 1, 3, 4, 5, 6]);
    expect(Array.from(pools[3]!.docs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (let r = 1; r < pools.length; r++) {
      for (const d of pools[r - 1]!.docs) expect(pools[r]!.docs).toContain(d);
    }
  });

  it('follows the retention order when it is not the listed order', () => {
    const reversed = (q: number): Int32Array => pool.distractors[q]!.slice().reverse();
    const pools = ablationPools(pool, reversed);
    // r = 1 keeps the last listed distractor of each query: c_03 (2), c_05 (4), c_09 (8).
    expect(Array.from(pools[1]!.docs)).toEqual([0, 2, 3, 4, 5, 8]);
  });

  it('keeps snippets that belong to no query in every pool when the corpus has foreign snippets', () => {
    const withForeign = createPoolView({
      queries: [{ id: 'q_1', query: 'x', tests: [], domain: 'd', canonicalIds: ['c_1'], distractorIds: ['c_2'] }],
      corpus: [
        { id: 'c_1', code: 'a', correct: true, bugType: null },
        { id: 'c_2', code: 'b', correct: false, bugType: 'off_by_one' },
        { id: 'c_3', code: 'c', correct: true, bugType: null },
      ],
    });
    const pools = ablationPools(withForeign, (q) => withForeign.distractors[q]!);
    expect(pools.map((p) => Array.from(p.docs))).toEqual([
      [0, 2],
      [0, 1, 2],
    ]);
  });
});
