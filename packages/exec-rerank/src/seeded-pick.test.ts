import { describe, expect, it } from 'vitest';
import { seededPick } from './seeded-pick.js';

describe('seededPick', () => {
  it('returns the same index for the same seed and keys', () => {
    const keys = ['a', 'b', 'c', 'd', 'e'];
    expect(seededPick(20260510, keys)).toBe(seededPick(20260510, [...keys]));
  });

  it('spreads picks over the group when seeds vary', () => {
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const counts = [0, 0, 0, 0, 0];
    for (let seed = 0; seed < 1000; seed++) counts[seededPick(seed, keys)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(150);
  });

  it('throws RangeError when there is nothing to pick', () => {
    expect(() => seededPick(1, [])).toThrow(RangeError);
  });
});
