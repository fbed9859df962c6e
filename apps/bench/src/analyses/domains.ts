import type { PoolView } from '../pool.js';

/**
 * Mean of a per-query measure within each domain (domains in code-point order).
 *
 * @example
 * perDomainMean(pool, Float64Array.of(1, 0, 1)) // e.g. { geometry: 0.5, validation: 1 }
 */
export function perDomainMean(
  pool: PoolView,
  perQuery: ArrayLike<number>,
): Record<string, { mean: number; n: number }> {
  if (perQuery.length !== pool.queryIds.length) {
    throw new RangeError(
      `execret: perDomainMean needs one value per query (${pool.queryIds.length}), got ${perQuery.length}`,
    );
  }
  const sums = new Map<string, { sum: number; n: number }>();
  pool.domains.forEach((domain, q) => {
    const cell = sums.get(domain) ?? { sum: 0, n: 0 };
    cell.sum += perQuery[q]!;
    cell.n++;
    sums.set(domain, cell);
  });
  const out: Record<string, { mean: number; n: number }> = {};
  for (const domain of [...sums.keys()].sort()) {
    const { sum, n } = sums.get(domain)!;
    out[domain] = { mean: sum / n, n };
  }
  return out;
}
