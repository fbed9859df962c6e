import { stirlingSeries } from './log-gamma.js';

/**
 * Internal: the fair-coin binomial distribution X ~ Bin(n, 1/2) evaluated without underflow and
 * without cancellation, for n up to 2^53. Used by `mcnemarExact`.
 *
 * The probability mass uses Loader's saddle-point form (C. Loader, "Fast and accurate computation of
 * binomial probabilities", 2000):
 *
 *   ln P(X = x) = stirlerr(n) − stirlerr(x) − stirlerr(n − x) − bd0(x, n/2) − bd0(n − x, n/2)
 *                 + ½·ln(n / (x·(n − x))) − ln √(2π),            0 < x < n,
 *
 * where stirlerr(k) = ln k! − (k + ½)·ln k + k − ln √(2π) (the Stirling remainder) and
 * bd0(x, M) = x·ln(x/M) + M − x (the deviance term, summed as a series when x ≈ M). Every term is
 * small or computed without subtracting large nearly-equal numbers, so the result is accurate to a
 * few units in the last place of the log (relative accuracy of the probability ≈ 1e-16·|ln P|).
 */

/** ln √(2π). */
const LN_SQRT_2PI = 0.9189385332046728;

/** stirlerr(k) for k = 1..15, from scripts/stirling-table.py (60-digit decimals, rounded once). */
const STIRLERR_TABLE: readonly number[] = [
  Number.NaN, // k = 0 is never used
  0.08106146679532726,
  0.0413406959554093,
  0.02767792568499834,
  0.020790672103765093,
  0.016644691189821193,
  0.013876128823070748,
  0.01189670994589177,
  0.010411265261972096,
  0.009255462182712733,
  0.00833056343336287,
  0.007573675487951841,
  0.00694284010720953,
  0.006408994188004207,
  0.0059513701127588475,
  0.005554733551962801,
];

/**
 * Stirling remainder stirlerr(k) = ln k! − (k + ½)·ln k + k − ln √(2π) for an integer k ≥ 1.
 * Table for k ≤ 15; above, it equals the Stirling series S(k) of `log-gamma.ts` (through k⁻¹³; the
 * first omitted term, 3617/122400·k⁻¹⁵ < 4e-20 at k = 16, is below double resolution).
 */
export function stirlerr(k: number): number {
  return k <= 15 ? (STIRLERR_TABLE[k] as number) : stirlingSeries(k);
}

/**
 * Deviance term bd0(x, M) = x·ln(x/M) + M − x ≥ 0 for x, M > 0. When |x − M| < ½·(x + M) it is
 * summed as (x − M)·v + 2x·Σⱼ v^(2j+1)/(2j + 1) with v = (x − M)/(x + M) (at most ~26 terms), which
 * avoids the cancellation of the direct formula near x = M; beyond, the direct formula loses at most
 * a factor ~2.5 to cancellation.
 */
export function bd0(x: number, mean: number): number {
  const diff = x - mean;
  if (Math.abs(diff) < 0.5 * (x + mean)) {
    const v = diff / (x + mean);
    const v2 = v * v;
    let sum = diff * v;
    let power = 2 * x * v;
    for (let j = 1; j < 1000; j++) {
      power *= v2;
      const next = sum + power / (2 * j + 1);
      if (next === sum) return next;
      sum = next;
    }
    return sum;
  }
  return x * Math.log(x / mean) + mean - x;
}

/**
 * ln P(X = x) for X ~ Bin(n, 1/2), integers 0 ≤ x ≤ n. Finite for every n < 2^53 (no underflow):
 * ln P(X = 0) = −n·ln 2.
 *
 * @example
 * Math.exp(logBinomialHalfPmf(4, 2)); // 0.375 (= 6/16, to within an ulp)
 */
export function logBinomialHalfPmf(n: number, x: number): number {
  if (x === 0 || x === n) return -n * Math.LN2;
  const half = n / 2;
  const lc = stirlerr(n) - stirlerr(x) - stirlerr(n - x) - bd0(x, half) - bd0(n - x, half);
  return lc + 0.5 * Math.log(n / (x * (n - x))) - LN_SQRT_2PI;
}

/**
 * S = P(X ≤ m) / P(X = m) = Σ_{j=0..m} P(X = m − j)/P(X = m) for X ~ Bin(n, 1/2) and 2m < n, so that
 * P(X ≤ m) = P(X = m)·S with S ≥ 1 (no underflow whatever n is).
 *
 * Terms follow t₀ = 1, tⱼ = tⱼ₋₁·(m − j + 1)/(n − m + j), compensated (Kahan) summation. The ratios
 * decrease with j, so the remainder after term j is at most tⱼ·r/(1 − r) with r the current ratio;
 * the loop stops once that bound is below 2⁻⁵⁶ of the sum. Cost O(min(m, √n)) iterations.
 */
export function binomialHalfLowerTailRatio(n: number, m: number): number {
  let sum = 1;
  let compensation = 0;
  let term = 1;
  for (let j = 1; j <= m; j++) {
    const ratio = (m - j + 1) / (n - m + j);
    term *= ratio;
    const next = sum + term;
    compensation += sum - next + term;
    sum = next;
    if (term * ratio < (1 - ratio) * sum * 1.3877787807814457e-17) break;
  }
  return sum + compensation;
}
