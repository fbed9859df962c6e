import { sortedPValues } from './p-values.js';

/**
 * Holm's step-down adjusted p-values (family-wise error control), in input order.
 *
 * With the m p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted value of the i-th smallest is
 * p̃₍ᵢ₎ = min(1, max_{j ≤ i} (m − j + 1)·p₍ⱼ₎). This is `statsmodels.stats.multitest.multipletests(p,
 * method='holm')[1]`, computed with the same floating-point operations (each product (m − j + 1)·p
 * rounded once, running maximum, then values above 1 set to 1), so results match it bit for bit.
 * Properties: p̃ ≥ p, p̃ is monotone in p (ties get equal adjusted values), reject hypothesis i at
 * level α when p̃ᵢ ≤ α. An empty input gives `[]`; a single p-value is returned unchanged.
 *
 * @param pValues - raw p-values, each in [0, 1] (0 and 1 allowed).
 * @returns adjusted p-values, a new array in the same order as the input.
 * @throws TypeError when `pValues` is not array-like; StatsError `invalid-p-value` (details:
 *   `index`) when a value is NaN or outside [0, 1].
 *
 * @example
 * holm([0.01, 0.04, 0.03, 0.005]);
 * // [0.03, 0.06, 0.06, 0.02]
 * //  sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, max(0.06, 0.04·1) = 0.06
 */
export function holm(pValues: ArrayLike<number>): number[] {
  const { values, order } = sortedPValues(pValues, 'holm');
  const m = values.length;
  const adjusted = new Array<number>(m);
  let running = 0;
  for (let rank = 0; rank < m; rank++) {
    const index = order[rank] as number;
    running = Math.max(running, (values[index] as number) * (m - rank));
    adjusted[index] = Math.min(running, 1);
  }
  return adjusted;
}
