/** One share of a job list split across machines: shard `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/**
 * Whether job `i` (0-based) of a list belongs to `shard`: job i goes to shard (i mod count) + 1, so every shard
 * gets an interleaved share and the shards together cover the list once. Without a shard (`undefined`) every job
 * belongs.
 *
 * @example
 * [0, 1, 2, 3, 4].filter((i) => inShard(i, { index: 2, count: 2 })); // [1, 3]
 */
export function inShard(i: number, shard: Shard | undefined): boolean {
  return shard === undefined || i % shard.count === shard.index - 1;
}
