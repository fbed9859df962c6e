import { describe, expect, it } from 'vitest';
import { bd0, binomialHalfLowerTailRatio, logBinomialHalfPmf, stirlerr } from './binomial-half.js';
import { logGamma } from './log-gamma.js';

describe('stirlerr', () => {
  it('joins the table and the series smoothly when k crosses 15', () => {
    // stirlerr(k) ≈ 1/(12k): compare neighbours through the definition ln k! = ln (k−1)! + ln k.
    for (const k of [14, 15, 16, 17]) {
      const viaGamma = logGamma(k + 1) - (k + 0.5) * Math.log(k) + k - 0.5 * Math.log(2 * Math.PI);
      expect(stirlerr(k)).toBeCloseTo(viaGamma, 13);
    }
  });
});

describe('bd0', () => {
  it.each([
    { x: 30, mean: 45 },
    { x: 60, mean: 45 },
    { x: 1, mean: 1000 },
    { x: 500001, mean: 500000.5 },
  ])('agrees with x·ln(x/M) + M − x when x = $x and M = $mean', ({ x, mean }) => {
    const direct = x * Math.log(x / mean) + mean - x;
    expect(bd0(x, mean)).toBeCloseTo(direct, 8);
    expect(bd0(x, mean)).toBeGreaterThanOrEqual(0);
  });
});

describe('logBinomialHalfPmf', () => {
  it('equals ln(C(n, x)/2^n) computed exactly when n ≤ 60', () => {
    for (const n of [1, 2, 7, 20, 60]) {
      let coefficient = 1n;
      for (let x = 0; x <= n; x++) {
        if (x > 0) coefficient = (coefficient * BigInt(n - x + 1)) / BigInt(x);
        const exact = Math.log(Number(coefficient)) - n * Math.LN2;
        expect(Math.abs(logBinomialHalfPmf(n, x) - exact)).toBeLessThanOrEqual(4e-15 * Math.max(1, Math.abs(exact)));
      }
    }
  });
});

describe('binomialHalfLowerTailRatio', () => {
  it('equals Σ C(n, j) / C(n, m) over j ≤ m when n = 40', () => {
    for (const m of [1, 5, 12, 19]) {
      let exactSum = 0;
      let c = 1;
      const coefficients = [1];
      for (let j = 1; j <= m; j++) {
        c = (c * (40 - j + 1)) / j;
        coefficients.push(c);
      }
      for (const value of coefficients) exactSum += value;
      expect(binomialHalfLowerTailRatio(40, m)).toBeCloseTo(exactSum / (coefficients[m] as number), 13);
    }
  });
});
