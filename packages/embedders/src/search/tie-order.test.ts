import { describe, expect, it } from 'vitest';
import { compareCodePoints, tieOrder } from './tie-order.js';

describe('compareCodePoints', () => {
  it.each([
    ['c_0001', 'c_0002', -1],
    ['c_0010', 'c_0002', 1],
    ['abc', 'abc', 0],
    ['ab', 'abc', -1],
    ['', 'a', -1],
    ['Z', 'a', -1],
    ['\uFFFF', '\u{1F600}', -1], // UTF-16 order would say the opposite (0xFFFF > 0xD83D)
    ['\u{1F600}', '\u{1F601}', -1],
    ['\uE000', '\u{10000}', -1],
  ] as const)('orders %j before/after %j as %i', (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
    expect(Math.sign(compareCodePoints(b, a)) + 0).toBe(-sign + 0);
  });

  it('agrees with sorting UTF-8 bytes', () => {
    const ids = ['b', 'a\u{10400}', 'a\uFB01', 'a', 'c_10', 'c_9', '\u00e9', 'e\u0301'];
    const byBytes = [...ids].sort((x, y) => Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8')));
    expect([...ids].sort(compareCodePoints)).toEqual(byBytes);
  });
});

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
