import { describe, expect, it } from 'vitest';
import { loadGolden } from '../test/golden.js';
import { benjaminiHochberg } from './benjamini-hochberg.js';
import { holm } from './holm.js';
import { StatsError } from './stats-error.js';

const golden = loadGolden();

const adjusters = [
  { name: 'holm', adjust: holm, key: 'holm' as const },
  { name: 'benjaminiHochberg', adjust: benjaminiHochberg, key: 'bh' as const },
];

describe.each(adjusters)('$name', ({ adjust, key }) => {
  it('matches the statsmodels formulas bit for bit when run on the golden vectors', () => {
    expect(golden.multiple_testing.length).toBeGreaterThan(10);
    for (const c of golden.multiple_testing) {
      expect(adjust(c.p)).toEqual(c[key]);
    }
  });

  it('keeps input order, never lowers a p-value, stays ≤ 1 and is monotone in p when given random vectors', () => {
    for (const c of golden.multiple_testing) {
      const adjusted = adjust(c.p);
      const order = c.p.map((_, i) => i).sort((i, j) => (c.p[i] as number) - (c.p[j] as number));
      let previous = 0;
      for (const i of order) {
        const value = adjusted[i] as number;
        expect(value).toBeGreaterThanOrEqual(c.p[i] as number);
        expect(value).toBeLessThanOrEqual(1);
        expect(value).toBeGreaterThanOrEqual(previous);
        previous = value;
      }
    }
  });

  it.each([
    { p: [], expected: [] },
    { p: [0.3], expected: [0.3] },
    { p: [0, 1], expected: [0, 1] },
  ])('returns $expected when p = $p', ({ p, expected }) => {
    expect(adjust(p)).toEqual(expected);
  });

  it('gives tied p-values equal adjusted values when p-values repeat', () => {
    const adjusted = adjust([0.02, 0.01, 0.02, 0.02, 0.5]);
    expect(adjusted[0]).toBe(adjusted[2]);
    expect(adjusted[2]).toBe(adjusted[3]);
  });

  it('does not modify its input when given a typed array', () => {
    const p = new Float64Array([0.3, 0.01, 0.2]);
    adjust(p);
    expect(Array.from(p)).toEqual([0.3, 0.01, 0.2]);
  });

  it.each([
    { p: [0.1, -0.01], index: 1 },
    { p: [1.5], index: 0 },
    { p: [0.2, 0.3, Number.NaN], index: 2 },
  ])('throws StatsError invalid-p-value at index $index when p = $p', ({ p, index }) => {
    try {
      adjust(p);
      expect.unreachable();
    } catch (error) {
      expect(StatsError.is(error) && error.code).toBe('invalid-p-value');
      expect((error as StatsError).details).toEqual({ index });
    }
  });
});

describe('holm', () => {
  it('reproduces the worked example when p = [0.01, 0.04, 0.03, 0.005]', () => {
    expect(holm([0.01, 0.04, 0.03, 0.005])).toEqual([0.03, 0.06, 0.06, 0.02]);
  });
});

describe('benjaminiHochberg', () => {
  it('reproduces the worked example when p = [0.01, 0.04, 0.03, 0.005]', () => {
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.005])).toEqual([0.02, 0.04, 0.04, 0.02]);
  });
});
