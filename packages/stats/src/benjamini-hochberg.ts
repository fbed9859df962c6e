import { sortedPValues } from './p-values.js';

/**
 * Benjamini–Hochberg step-up adjusted p-values (false discovery rate control under independence or
 * positive dependence), in input order.
 *
 * With the m p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted value of the i-th smallest is
 * p̃₍ᵢ₎ = min(1, min_{j ≥ i} p₍ⱼ₎ / (j/m)). This is `statsmodels.stats.multitest.multipletests(p,
 * method='fdr_bh')[1]` (= `fdrcorrection(p)[1]`), computed with its floating-point operations — the
 * factor j/m is rounded first and p divided by it, then a running minimum from the largest p down,
 * then values above 1 set to 1 — so results match it bit for bit (and `scipy.stats.
 * false_discovery_control(p)` to within an ulp, which computes p·m/j instead). Properties: p̃ ≥ p,
 * monotone in p, ties get equal adjusted values. An empty input gives `[]`.
 *
 * @param pValues - raw p-values, each in [0, 1].
 * @returns adjusted p-values, a new array in the same order as the input.
 * @throws TypeError when `pValues` is not array-like; StatsError `invalid-p-value` (details:
 *   `index`) when a value is NaN or outside [0, 1].
 *
 * @example
 * benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
 * // [0.02, 0.04, 0.04, 0.02]
 * //  sorted: 0.005/(1/4) = 0.02, 0.01/(2/4) = 0.02, 0.03/(3/4) = 0.04, 0.04/(4/4) = 0.04
 */
export function benjaminiHochberg(pValues: ArrayLike<number>): number[] {
  const { values, order } = sortedPValues(pValues, 'benjaminiHochberg');
  const m = values.length;
  const adjusted = new Array<number>(m);
  let running = Number.POSITIVE_INFINITY;
  for (let rank = m - 1; rank >= 0; rank--) {
    const index = order[rank] as number;
    running = Math.min(running, (values[index] as number) / ((rank + 1) / m));
    adjusted[index] = Math.min(running, 1);
  }
  return adjusted;
}
