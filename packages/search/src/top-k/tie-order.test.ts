import { describe, expect, it } from 'vitest';
import { tieOrder } from './tie-order.js';

describe('tieOrder', () => {
  it('returns undefined without ids and the id-sorted positions with them', () => {
    expect(tieOrder(undefined, 3, 'test')).toBeUndefined();
    expect(Array.from(tieOrder(['c_0003', 'c_0001', 'c_0002'], 3, 'test')!)).toEqual([1, 2, 0]);
  });

  it.each([
    ['a non-array', 'abc', 3, TypeError],
    ['a non-string id', ['a', 1, 'c'], 3, TypeError],
    ['a duplicate id', ['a', 'b', 'a'], 3, TypeError],
    ['the wrong count', ['a', 'b'], 3, RangeError],
  ] as const)('throws for %s', (_, ids, n, error) => {
    expect(() => tieOrder(ids as unknown as string[], n, 'test')).toThrow(error);
  });
});
