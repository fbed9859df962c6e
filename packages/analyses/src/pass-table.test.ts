import { describe, expect, it } from 'vitest';
import { PairSet } from './pair-set.js';
import { PassTable } from './pass-table.js';
import { inShard } from './shard.js';

describe('PassTable', () => {
  it('counts a pair as not passing when it was never executed, and as recorded when it was', () => {
    const table = new PassTable(5);
    expect(table.has(1, 2)).toBe(false);
    expect(table.passes(1, 2)).toBe(false);
    table.set(1, 2, { passes: true, tests: ['pass'], status: 'pass' });
    table.set(2, 1, { passes: false, tests: ['FAIL'], status: 'fail' });
    expect(table.passes(1, 2)).toBe(true);
    expect(table.passes(2, 1)).toBe(false);
    expect(table.get(2, 1)?.status).toBe('fail');
    expect(table.key(1, 2)).toBe(7);
    expect(table.size).toBe(2);
  });
});

describe('PairSet', () => {
  it('keeps each pair once, in first-seen order, when pairs repeat', () => {
    const set = new PairSet(3);
    set.add(0, 2);
    set.add(1, 0);
    set.add(0, 2);
    expect(set.pairs).toEqual([
      [0, 2],
      [1, 0],
    ]);
  });
});

describe('inShard', () => {
  it.each([
    [{ index: 1, count: 2 }, [0, 2, 4]],
    [{ index: 2, count: 2 }, [1, 3]],
    [{ index: 3, count: 3 }, [2]],
    [undefined, [0, 1, 2, 3, 4]],
  ])('gives shard %o the jobs %o of five', (shard, jobs) => {
    expect([0, 1, 2, 3, 4].filter((i) => inShard(i, shard))).toEqual(jobs);
  });
});
