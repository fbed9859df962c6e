import { describe, expect, it } from 'vitest';
import { mulberry32 } from './mulberry32.js';

/** An independent reference with BigInt arithmetic (mulberry32 as published by Tommy Ettinger, 2017). */
function referenceMulberry32(seed: number, count: number): number[] {
  const mask = (1n << 32n) - 1n;
  const imul = (a: bigint, b: bigint) => (a * b) & mask;
  let state = BigInt(seed >>> 0);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    state = (state + 0x6d2b79f5n) & mask;
    let t = imul(state ^ (state >> 15n), state | 1n);
    t = (t ^ ((t + imul(t ^ (t >> 7n), t | 61n)) & mask)) & mask;
    out.push(Number((t ^ (t >> 14n)) & mask) / 4294967296);
  }
  return out;
}

describe('mulberry32', () => {
  it.each([0, 1, 7, 20260510, 0xffffffff, -1])(
    'matches an independent BigInt reference when seeded with %d',
    (seed) => {
      const next = mulberry32(seed);
      const values = Array.from({ length: 200 }, () => next());
      expect(values).toEqual(referenceMulberry32(seed, 200));
    },
  );

  it('gives the documented first value for seed 1', () => {
    expect(mulberry32(1)()).toBe(0.6270739405881613);
  });

  it('stays in [0, 1) when drawn many times', () => {
    const next = mulberry32(3);
    for (let i = 0; i < 10000; i++) {
      const x = next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});
