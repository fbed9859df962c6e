/** exec@1 and exec@10 of one pool of the density ablation. */
export interface PoolDensityPoint {
  /** Distractors retained per query. */
  readonly retained: number;
  /** Documents in the pool. */
  readonly poolSize: number;
  /** Share of queries whose rank-1 document passes. */
  readonly 'exec@1': number;
  /** Share of queries with a passing document among the top 10. */
  readonly 'exec@10': number;
}

/**
 * The pool-density ablation's curve: for each ablation pool (see `ablationPools` and `rankSystem`), exec@1
 * and exec@10 over all queries from that pool's top 10. A query whose top list is empty counts as a miss;
 * with no queries both values are 0. How fast exec@1 falls as near-clones are added is the paper's
 * "pool density" effect.
 *
 * @param ablation per pool: retained count, pool size and the top-10 document indices of each query
 * @param passes whether document `d` passes query `q`'s tests
 * @example
 * poolDensity([{ retained: 0, poolSize: 2, top: [Int32Array.of(0), Int32Array.of(1, 0)] }], (q, d) => d === q);
 * // [{ retained: 0, poolSize: 2, 'exec@1': 1, 'exec@10': 1 }]
 */
export function poolDensity(
  ablation: readonly { retained: number; poolSize: number; top: readonly Int32Array[] }[],
  passes: (q: number, d: number) => boolean,
): PoolDensityPoint[] {
  return ablation.map(({ retained, poolSize, top }) => ({
    retained,
    poolSize,
    'exec@1': mean(top.map((docs, q) => (docs.length > 0 && passes(q, docs[0]!) ? 1 : 0))),
    'exec@10': mean(top.map((docs, q) => (Array.from(docs).some((d) => passes(q, d)) ? 1 : 0))),
  }));
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
