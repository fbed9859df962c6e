import type { PoolView } from './pool-view.js';

/** One pool of the density ablation: `retained` distractors kept per query, as ascending document indices. */
export interface AblationPool {
  readonly retained: number;
  readonly docs: Int32Array;
}

/**
 * The pools of the density ablation: all canonicals plus the first r of each query's distractors in its
 * seeded retention order, for r = 0 … the largest number of distractors any query has. Documents that belong
 * to no query's group (foreign snippets) stay in every pool. Nested: the pool with r retained contains the
 * pool with r − 1.
 *
 * @param retentionOrder the order in which query q's distractors are kept (document indices), e.g. from
 *   `@execret/dataset`'s seeded `retentionOrder`
 * @example
 * // three queries with 2, 1 and 3 distractors, kept in listed order
 * ablationPools(pool, (q) => pool.distractors[q]).map((p) => p.docs.length); // [3, 6, 8, 9]
 */
export function ablationPools(pool: PoolView, retentionOrder: (q: number) => Int32Array): AblationPool[] {
  const maxR = Math.max(0, ...pool.distractors.map((d) => d.length));
  const orders = pool.queryIds.map((_, q) => retentionOrder(q));
  const out: AblationPool[] = [];
  for (let r = 0; r <= maxR; r++) {
    const mask = new Uint8Array(pool.docIds.length);
    pool.ownerQuery.forEach((owner, d) => {
      if (owner < 0) mask[d] = 1;
    });
    pool.canonicals.forEach((ids) => {
      ids.forEach((d) => {
        mask[d] = 1;
      });
    });
    orders.forEach((order) => {
      order.subarray(0, r).forEach((d) => {
        mask[d] = 1;
      });
    });
    const docs: number[] = [];
    mask.forEach((m, d) => {
      if (m === 1) docs.push(d);
    });
    out.push({ retained: r, docs: Int32Array.from(docs) });
  }
  return out;
}
