import { describe, expect, it } from 'vitest';
import { loadGolden, relativeError } from '../test/golden.js';
import { regularizedBeta } from './regularized-beta.js';

const golden = loadGolden();

describe('regularizedBeta', () => {
  it('matches scipy.special.betainc within 1e-13 relative when compared on the golden cases', () => {
    for (const c of golden.incomplete_beta) {
      const value = regularizedBeta(c.x, 1 - c.x, c.a, c.b);
      expect(relativeError(value, c.value), `I_${c.x}(${c.a}, ${c.b})`).toBeLessThanOrEqual(1e-13);
    }
  });

  it.each([
    { x: 0, expected: 0 },
    { x: 1, expected: 1 },
    { x: 0.5, expected: 0.5 },
  ])('returns $expected at x = $x for the symmetric case a = b = 3', ({ x, expected }) => {
    expect(regularizedBeta(x, 1 - x, 3, 3)).toBeCloseTo(expected, 14);
  });

  it('equals the closed form 1 − (1 − x)^b when a = 1', () => {
    for (const x of [0.01, 0.2, 0.7, 0.99]) {
      expect(regularizedBeta(x, 1 - x, 1, 4)).toBeCloseTo(1 - (1 - x) ** 4, 14);
    }
  });
});
