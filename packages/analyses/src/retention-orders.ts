import { retentionOrder } from '@execret/dataset';
import type { PoolView } from './pool-view.js';

/**
 * The seeded order in which each query's paired distractors are retained by the pool-density ablation
 * (`@execret/dataset`'s `retentionOrder` on corpus ids), as document indices: the `retentionOrder` argument of
 * {@link ablationPools}.
 *
 * @example
 * const pools = ablationPools(pool, distractorRetentionOrders(pool, DEFAULT_POOL_SEED));
 */
export function distractorRetentionOrders(pool: PoolView, seed: number): (q: number) => Int32Array {
  return (q) => {
    const ids = Array.from(pool.distractors[q]!, (d) => pool.docIds[d]!);
    const order = retentionOrder(ids, pool.queryIds[q]!, seed);
    const byId = new Map(Array.from(pool.distractors[q]!, (d) => [pool.docIds[d]!, d]));
    return Int32Array.from(order, (id) => byId.get(id)!);
  };
}
