import { describe, expect, it } from 'vitest';
import { createPrng, shuffled } from './prng.js';

describe('createPrng', () => {
  it('repeats the same sequence when the seed is the same', () => {
    const a = createPrng('s:1');
    const b = createPrng('s:1');
    const xs = Array.from({ length: 50 }, () => a.next());
    const ys = Array.from({ length: 50 }, () => b.next());
    expect(xs).toEqual(ys);
  });

  it('gives different sequences when seeds differ, and treats number and string seeds alike', () => {
    const a = Array.from({ length: 5 }, createPrng(1).next);
    const b = Array.from({ length: 5 }, createPrng(2).next);
    expect(a).not.toEqual(b);
    expect(Array.from({ length: 5 }, createPrng('1').next)).toEqual(a);
  });

  it('draws every value of int(n) about equally often when drawing many times', () => {
    const prng = createPrng(42);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 8000; i += 1) counts[prng.int(4)]! += 1;
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(200);
    for (let i = 0; i < 1000; i += 1) {
      const x = prng.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('throws RangeError when int gets a non-positive or fractional bound', () => {
    expect(() => createPrng(1).int(0)).toThrow(RangeError);
    expect(() => createPrng(1).int(2.5)).toThrow(RangeError);
  });
});

describe('shuffled', () => {
  it('returns a permutation without modifying the input, the same one for the same seed', () => {
    const input = Array.from({ length: 20 }, (_, i) => i);
    const a = shuffled(input, createPrng(9));
    expect([...a].sort((x, y) => x - y)).toEqual(input);
    expect(input).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(shuffled(input, createPrng(9))).toEqual(a);
    expect(a).not.toEqual(input);
  });
});
