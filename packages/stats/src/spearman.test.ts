import { describe, expect, it } from 'vitest';
import { loadGolden, relativeError } from '../test/golden.js';
import { averageRanks } from './average-ranks.js';
import { spearman } from './spearman.js';
import { StatsError } from './stats-error.js';

const golden = loadGolden();

describe('spearman', () => {
  it('matches scipy.stats.spearmanr (ρ to 4 ulps, p to 1e-13 relative) when compared on the golden cases', () => {
    for (const c of golden.spearman) {
      const result = spearman(c.x, c.y);
      expect(result.n).toBe(c.x.length);
      if (Math.abs(Math.abs(c.rho) - 1) < 1e-15) {
        // scipy's corrcoef rounds identical rank vectors to 0.9999999999999999 and then reports a
        // tiny non-zero p; with exact rank arithmetic ρ is exactly ±1 and p is 0.
        expect(Math.abs(result.rho), c.name).toBe(1);
        expect(result.pValue, c.name).toBe(0);
        continue;
      }
      expect(Math.abs(result.rho - c.rho), c.name).toBeLessThanOrEqual(4 * Number.EPSILON * Math.abs(c.rho));
      expect(relativeError(result.pValue, c.p), c.name).toBeLessThanOrEqual(1e-13);
    }
  });

  it.each([
    { x: [1, 2, 3, 4, 5], y: [2, 1, 4, 3, 5], rho: 0.8 },
    { x: [1, 2, 3], y: [3, 2, 1], rho: -1 },
    { x: [1, 2, 2, 3], y: [1, 3, 2, 4], rho: 0.9 / Math.sqrt(0.9) },
  ])('returns ρ = $rho when x = $x and y = $y', ({ x, y, rho }) => {
    expect(spearman(x, y).rho).toBeCloseTo(rho, 15);
  });

  it('is invariant to monotone transforms and to the order of the pairs', () => {
    const x = [3.1, 0.2, 5.5, 5.5, 1.0, 7.25, 2.0];
    const y = [10, 4, 12, 9, 4, 30, 5];
    const base = spearman(x, y);
    expect(
      spearman(
        x.map(Math.exp),
        y.map((v) => v ** 3),
      ).rho,
    ).toBe(base.rho);
    const order = [6, 2, 0, 5, 1, 4, 3];
    expect(
      spearman(
        order.map((i) => x[i] as number),
        order.map((i) => y[i] as number),
      ).rho,
    ).toBe(base.rho);
  });

  it('returns NaN for ρ and p when one variable is constant', () => {
    const result = spearman([1, 2, 3, 4], [5, 5, 5, 5]);
    expect(result.rho).toBeNaN();
    expect(result.pValue).toBeNaN();
  });

  it('returns p = NaN but a defined ρ when n = 2', () => {
    expect(spearman([1, 2], [4, 3])).toEqual({ rho: -1, pValue: Number.NaN, n: 2 });
  });

  it.each([
    { x: [1], y: [1], error: RangeError },
    { x: [1, 2, 3], y: [1, 2], error: RangeError },
    { x: {} as number[], y: [], error: TypeError },
  ])('throws $error.name when x = $x and y = $y', ({ x, y, error }) => {
    expect(() => spearman(x, y)).toThrow(error);
  });

  it('throws StatsError non-finite-value naming y when y holds NaN', () => {
    try {
      spearman([1, 2, 3], [1, Number.NaN, 3]);
      expect.unreachable();
    } catch (error) {
      expect(StatsError.is(error) && error.code).toBe('non-finite-value');
      expect((error as StatsError).details).toEqual({ vector: 'y', index: 1 });
    }
  });
});

describe('averageRanks', () => {
  it.each([
    { values: [10, 20, 20, 5], expected: [2, 3.5, 3.5, 1] },
    { values: [], expected: [] },
    { values: [7, 7, 7], expected: [2, 2, 2] },
    { values: [0, -0, 1], expected: [1.5, 1.5, 3] },
    { values: [3, 1, 2], expected: [3, 1, 2] },
  ])('returns $expected when values = $values', ({ values, expected }) => {
    expect(Array.from(averageRanks(values))).toEqual(expected);
  });

  it('sums to n(n + 1)/2 when there are many ties', () => {
    const values = Array.from({ length: 501 }, (_, i) => (i * 7) % 13);
    const ranks = averageRanks(values);
    expect(ranks.reduce((s, r) => s + r, 0)).toBe((501 * 502) / 2);
  });
});
