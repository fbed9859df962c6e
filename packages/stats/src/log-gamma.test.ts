import { describe, expect, it } from 'vitest';
import { loadGolden } from '../test/golden.js';
import { logBeta, logGamma } from './log-gamma.js';

const golden = loadGolden();

describe('logGamma', () => {
  it('equals ln((x − 1)!) within 4e-15 absolute when x is an integer from 1 to 170', () => {
    let lnFactorial = 0; // ln((x − 1)!)
    for (let x = 1; x <= 170; x++) {
      if (x > 1) lnFactorial += Math.log(x - 1);
      expect(Math.abs(logGamma(x) - lnFactorial), `x = ${x}`).toBeLessThanOrEqual(4e-15 * Math.max(1, lnFactorial));
    }
  });

  it.each([
    { x: 0.5, expected: 0.5 * Math.log(Math.PI) },
    { x: 1.5, expected: 0.5 * Math.log(Math.PI) - Math.LN2 },
    { x: 2, expected: 0 },
  ])('returns $expected when x = $x', ({ x, expected }) => {
    expect(logGamma(x)).toBeCloseTo(expected, 14);
  });
});

describe('logBeta', () => {
  it('matches exact factorial identities within 1e-14 (absolute, or relative above 1) when compared on the golden cases', () => {
    for (const c of golden.log_beta) {
      const tolerance = 1e-14 * Math.max(1, Math.abs(c.log_beta));
      expect(Math.abs(logBeta(c.a, c.b) - c.log_beta), `B(${c.a}, ${c.b})`).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(logBeta(c.b, c.a) - c.log_beta), `B(${c.b}, ${c.a})`).toBeLessThanOrEqual(tolerance);
    }
  });
});
