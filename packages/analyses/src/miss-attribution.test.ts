import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { rankOneMissAttribution } from './miss-attribution.js';

const pool = testPool();

describe('rankOneMissAttribution', () => {
  it.each([
    { name: 'all hits', top1: [0, 3, 5], own: 0, other: 0, misses: 0 },
    { name: 'own variants', top1: [1, 4, 5], own: 2, other: 0, misses: 2 },
    { name: 'another task', top1: [3, 3, 0], own: 0, other: 2, misses: 2 },
    { name: 'an empty ranking', top1: [-1, 3, 6], own: 1, other: 0, misses: 2 },
  ])('counts $name when rank-1 snippets are $top1', ({ top1, own, other, misses }) => {
    const passes = (q: number, d: number): boolean => pool.canonicals[q]!.includes(d);
    const result = rankOneMissAttribution(pool, Int32Array.from(top1), passes);
    expect(result).toMatchObject({ queries: 3, misses, ownVariant: own, otherTask: other });
    expect(result.ownVariantShare).toBe(misses === 0 ? 0 : own / misses);
  });

  it('counts a foreign snippet that passes as a hit when exec@1 says it passes', () => {
    const result = rankOneMissAttribution(
      pool,
      Int32Array.of(3, 3, 5),
      (q, d) => d === 3 || pool.canonicals[q]!.includes(d),
    );
    expect(result.misses).toBe(0);
  });
});
