import { describe, expect, it } from 'vitest';
import { poolDensity } from './pool-density.js';

describe('poolDensity', () => {
  // Document d passes query q when d === q.
  const passes = (q: number, d: number): boolean => d === q;

  it('averages rank-1 and top-10 hits over queries when each pool has a top list per query', () => {
    const curve = poolDensity(
      [
        { retained: 0, poolSize: 3, top: [Int32Array.of(0, 1), Int32Array.of(1), Int32Array.of(2, 0)] },
        { retained: 1, poolSize: 6, top: [Int32Array.of(3, 0), Int32Array.of(4, 5), Int32Array.of(5, 2)] },
      ],
      passes,
    );
    expect(curve).toEqual([
      { retained: 0, poolSize: 3, 'exec@1': 1, 'exec@10': 1 },
      { retained: 1, poolSize: 6, 'exec@1': 0, 'exec@10': 2 / 3 },
    ]);
  });

  it('counts an empty top list as a miss and gives 0 when there are no queries', () => {
    expect(poolDensity([{ retained: 2, poolSize: 0, top: [new Int32Array(0)] }], passes)).toEqual([
      { retained: 2, poolSize: 0, 'exec@1': 0, 'exec@10': 0 },
    ]);
    expect(poolDensity([{ retained: 0, poolSize: 0, top: [] }], passes)[0]).toMatchObject({
      'exec@1': 0,
      'exec@10': 0,
    });
  });
});
