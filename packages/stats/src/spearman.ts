import { averageRanksOf } from './average-ranks.js';
import { regularizedBeta } from './regularized-beta.js';
import { assertArrayLike, toFiniteFloat64 } from './validate.js';

/** Result of {@link spearman}. */
export interface SpearmanResult {
  /** Spearman's ρ in [−1, 1]; NaN when either input has all values tied (no rank variance). */
  rho: number;
  /** Two-sided p-value of H₀: ρ = 0 (t approximation, n − 2 df); NaN when n < 3 or ρ is NaN. */
  pValue: number;
  /** Number of pairs. */
  n: number;
}

/**
 * Spearman's rank correlation, tie-aware: the Pearson correlation of the average ranks (midranks;
 * see {@link averageRanks}) of x and of y — the definition of `scipy.stats.spearmanr`.
 *
 * ρ = Σ (rxᵢ − r̄)(ryᵢ − r̄) / √(Σ (rxᵢ − r̄)² · Σ (ryᵢ − r̄)²) with r̄ = (n + 1)/2. Ranks are
 * multiples of ½, so every deviation, product and sum is exact for n up to ~10⁵ and ρ is rounded
 * only by the final square root and division (then clamped to [−1, 1]).
 *
 * p-value: as scipy, two-sided, from t = ρ·√((n − 2)/(1 − ρ²)) with n − 2 degrees of freedom, i.e.
 * p = 2·P(T > |t|) = I_{1−ρ²}((n − 2)/2, ½) (regularized incomplete beta, evaluated with 1 − ρ²
 * formed as (1 − ρ)(1 + ρ)). It is the usual large-sample approximation, not an exact permutation
 * test; |ρ| = 1 gives p = 0, and p underflows to 0 when it is below ~1e-308. Agreement with scipy is
 * to ~1e-12 relative.
 *
 * Edge cases: n < 2 → RangeError; all x (or all y) equal → ρ = NaN and pValue = NaN (the correlation
 * is undefined, as in scipy); n = 2 → ρ = ±1 with pValue = NaN.
 *
 * @param x - first variable, finite numbers.
 * @param y - second variable, aligned with `x`.
 * @throws RangeError for different lengths or fewer than 2 pairs; TypeError when an input is not
 *   array-like; StatsError `non-finite-value` for NaN/±Infinity (details: `vector`, `index`).
 *
 * @example
 * spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]);
 * // { rho: 0.8, pValue: 0.1040880386618283, n: 5 }
 * // (scipy: 0.7999999999999999, 0.10408803866182788; here ρ = 8/10 exactly from exact rank sums)
 * spearman([1, 2, 2, 3], [1, 3, 2, 4]).rho; // 0.9486832980505138 (ties get rank 2.5)
 */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): SpearmanResult {
  assertArrayLike(x, 'spearman', 'x');
  assertArrayLike(y, 'spearman', 'y');
  if (x.length !== y.length) {
    throw new RangeError(
      `@execret/stats spearman: expected x and y to have the same length (paired observations), received ${x.length} and ${y.length}`,
    );
  }
  const n = x.length;
  if (n < 2) {
    throw new RangeError(`@execret/stats spearman: expected at least 2 pairs, received ${n}`);
  }
  const rx = averageRanksOf(toFiniteFloat64(x, 'spearman', 'x', { vector: 'x' }));
  const ry = averageRanksOf(toFiniteFloat64(y, 'spearman', 'y', { vector: 'y' }));
  const centre = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (rx[i] as number) - centre;
    const dy = (ry[i] as number) - centre;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return { rho: Number.NaN, pValue: Number.NaN, n };
  const rho = Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  return { rho, pValue: spearmanPValue(rho, n), n };
}

/** Two-sided t-approximation p-value for a rank correlation rho from n pairs. */
function spearmanPValue(rho: number, n: number): number {
  if (n < 3) return Number.NaN;
  if (Math.abs(rho) === 1) return 0;
  const oneMinusRhoSquared = (1 - rho) * (1 + rho);
  return Math.min(1, regularizedBeta(oneMinusRhoSquared, rho * rho, (n - 2) / 2, 0.5));
}
