import { logBeta } from './log-gamma.js';

/**
 * Internal: the regularized incomplete beta function
 * I_x(a, b) = (1/B(a, b))·∫₀ˣ t^(a−1)(1 − t)^(b−1) dt, for a, b > 0 and 0 ≤ x ≤ 1.
 *
 * Both x and y = 1 − x are passed so callers can supply the small one without cancellation.
 * When x < (a + 1)/(a + b + 2) it evaluates
 *   I_x(a, b) = xᵃ·yᵇ / (a·B(a, b)) · 1/(1 + d₁/(1 + d₂/(1 + …))),
 *   d₂ₖ₊₁ = −(a + k)(a + b + k)·x / ((a + 2k)(a + 2k + 1)),  d₂ₖ = k(b − k)·x / ((a + 2k − 1)(a + 2k)),
 * with the modified Lentz algorithm (the continued fraction converges fastest there); otherwise it
 * returns 1 − I_y(b, a). The prefactor is formed in log space, so tiny results underflow gracefully.
 */
export function regularizedBeta(x: number, y: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedBeta(y, x, b, a);
  const logX = x < 0.5 ? Math.log(x) : Math.log1p(-y);
  const logY = y < 0.5 ? Math.log(y) : Math.log1p(-x);
  const logFront = a * logX + b * logY - logBeta(a, b) - Math.log(a);
  return Math.exp(logFront) / continuedFraction(x, a, b);
}

const TINY = 1e-300;

/** K = 1 + d₁/(1 + d₂/(1 + …)) by the modified Lentz algorithm (stops when a step changes K by ≤ 1 ulp). */
function continuedFraction(x: number, a: number, b: number): number {
  let value = 1;
  let c = 1; // ratio of successive numerators
  let d = 0; // ratio of successive denominators
  for (let j = 1; j <= 100000; j++) {
    const k = j >> 1;
    const coefficient =
      j % 2 === 1
        ? (-(a + k) * (a + b + k) * x) / ((a + 2 * k) * (a + 2 * k + 1))
        : (k * (b - k) * x) / ((a + 2 * k - 1) * (a + 2 * k));
    d = 1 + coefficient * d;
    if (Math.abs(d) < TINY) d = TINY;
    d = 1 / d;
    c = 1 + coefficient / c;
    if (Math.abs(c) < TINY) c = TINY;
    const step = c * d;
    value *= step;
    if (Math.abs(step - 1) < 3e-16) break;
  }
  return value;
}
