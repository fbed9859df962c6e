import { describe, expect, it } from 'vitest';
import { loadGolden, relativeError } from '../test/golden.js';
import { mcnemarExact } from './mcnemar-exact.js';

const golden = loadGolden();

describe('mcnemarExact', () => {
  it('reproduces the SPEC example (BM25 vs bge-large-en-v1.5, exec@1) when a_only = 47, b_only = 66', () => {
    const result = mcnemarExact(47, 66);
    expect(result.pValue).toBeCloseTo(0.08995, 5);
    expect(result.aOnly).toBe(47);
    expect(result.bOnly).toBe(66);
    expect(result.n).toBe(113);
  });

  it('is correctly rounded (bit-identical to exact rational arithmetic) when n ≤ 1022', () => {
    const small = golden.mcnemar.filter((c) => c.n <= 1022);
    expect(small.length).toBeGreaterThan(250);
    for (const c of small) {
      const r = mcnemarExact(c.b, c.c);
      expect(r.pValue, `p for (${c.b}, ${c.c})`).toBe(c.p);
      expect(r.midPValue, `mid-p for (${c.b}, ${c.c})`).toBe(c.mid_p);
    }
  });

  it('stays within (8 + 2·|ln p|) ulps of the exact value when n > 1022 and p is a normal double', () => {
    const large = golden.mcnemar.filter((c) => c.n > 1022 && c.p >= 2.2250738585072014e-308);
    expect(large.length).toBeGreaterThanOrEqual(12);
    for (const c of large) {
      const r = mcnemarExact(c.b, c.c);
      const bound = (8 + 2 * Math.abs(c.log_p)) * Number.EPSILON;
      expect(relativeError(r.pValue, c.p), `p for (${c.b}, ${c.c})`).toBeLessThanOrEqual(bound);
      const boundMid = (8 + 2 * Math.abs(c.log_mid_p)) * Number.EPSILON;
      expect(relativeError(r.midPValue, c.mid_p), `mid-p for (${c.b}, ${c.c})`).toBeLessThanOrEqual(boundMid);
    }
  });

  it('keeps ln p within 8 ulps of the exact value (relative, or absolute near 0) for every case including p < 1e-300', () => {
    expect(golden.mcnemar.filter((c) => c.log_p < -700).length).toBeGreaterThan(8);
    for (const c of golden.mcnemar) {
      const r = mcnemarExact(c.b, c.c);
      const tol = 8 * Number.EPSILON * Math.max(1, Math.abs(c.log_p));
      expect(Math.abs(r.logPValue - c.log_p), `ln p for (${c.b}, ${c.c})`).toBeLessThanOrEqual(tol);
      const tolMid = 8 * Number.EPSILON * Math.max(1, Math.abs(c.log_mid_p));
      expect(Math.abs(r.logMidPValue - c.log_mid_p), `ln mid-p for (${c.b}, ${c.c})`).toBeLessThanOrEqual(tolMid);
    }
  });

  it('is at least as close to the exact value as scipy (within 8 ulps) when 1e-300 < p ≤ 1', () => {
    const cases = golden.mcnemar.filter((c) => c.p > 1e-300);
    expect(cases.filter((c) => c.p < 1e-250).length).toBeGreaterThanOrEqual(3);
    for (const c of cases) {
      const ours = relativeError(mcnemarExact(c.b, c.c).pValue, c.p);
      const scipy = relativeError(c.scipy_p, c.p);
      expect(ours, `(${c.b}, ${c.c}): ours ${ours}, scipy ${scipy}`).toBeLessThanOrEqual(scipy + 8 * Number.EPSILON);
    }
  });

  it('underflows pValue to exactly 0 below 4.9e-324 while logPValue stays finite when b = 0, c = 1076', () => {
    const r = mcnemarExact(0, 1076);
    expect(r.pValue).toBe(0);
    expect(r.logPValue).toBeCloseTo(-1075 * Math.LN2, 9);
    expect(mcnemarExact(0, 1075).pValue).toBe(5e-324);
  });

  it.each([
    { b: 0, c: 0, p: 1, mid: 1 },
    { b: 5, c: 5, p: 1, mid: 1 },
    { b: 0, c: 1, p: 1, mid: 0.5 },
    { b: 2, c: 1, p: 1, mid: 1 - 3 / 8 },
    { b: 0, c: 2, p: 0.5, mid: 0.25 },
    { b: 1, c: 3, p: 10 / 16, mid: 6 / 16 },
    { b: 3, c: 1, p: 10 / 16, mid: 6 / 16 },
  ])('gives p = $p and mid-p = $mid when (b, c) = ($b, $c)', ({ b, c, p, mid }) => {
    const r = mcnemarExact(b, c);
    expect(r.pValue).toBeCloseTo(p, 15);
    expect(r.midPValue).toBeCloseTo(mid, 15);
    expect(r.pValue).toBeLessThanOrEqual(1);
    expect(r.midPValue).toBeLessThanOrEqual(r.pValue);
  });

  it('is symmetric in its arguments when the counts are swapped', () => {
    for (const [b, c] of [
      [47, 66],
      [3, 2000],
      [100000, 100600],
    ] as const) {
      const x = mcnemarExact(b, c);
      const y = mcnemarExact(c, b);
      expect(y.pValue).toBe(x.pValue);
      expect(y.midPValue).toBe(x.midPValue);
    }
  });

  it.each([
    { b: -1, c: 2, error: RangeError },
    { b: 1.5, c: 2, error: RangeError },
    { b: Number.NaN, c: 2, error: RangeError },
    { b: 2, c: Number.POSITIVE_INFINITY, error: RangeError },
    { b: '3' as unknown as number, c: 2, error: TypeError },
  ])('throws $error.name when a count is $b / $c', ({ b, c, error }) => {
    expect(() => mcnemarExact(b, c)).toThrow(error);
  });
});
