import type { PoolView } from './pool-view.js';

/**
 * Mean of a per-query measure within each domain, with the number of queries (domains in code-point order).
 *
 * @throws RangeError when `perQuery` does not hold one value per query of the pool.
 * @example
 * // queries in geometry, geometry, validation
 * perDomainMean(pool, Float64Array.of(1, 0, 1)) // { geometry: { mean: 0.5, n: 2 }, validation: { mean: 1, n: 1 } }
 */
export function perDomainMean(
  pool: PoolView,
  perQuery: ArrayLike<number>,
): Record<string, { mean: number; n: number }> {
  if (perQuery.length !== pool.queryIds.length) {
    throw new RangeError(
      `@execret/analyses perDomainMean: expected one value per query (${pool.queryIds.length}), received ${perQuery.length}`,
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
