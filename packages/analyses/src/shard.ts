import { sha256Hex } from '@execret/formats';

/** One share of a job list split across machines: shard `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/**
 * Whether job `i` (0-based) of a list belongs to `shard`: job i goes to shard (i mod count) + 1, so every shard
 * gets an interleaved share and the shards together cover the list once. Without a shard (`undefined`) every job
 * belongs. Use it for work that is the same whichever list it appears in only when the list is the same in every
 * shard (queries by index); work that recurs across lists (an execution, an embedded text) goes by its key
 * ({@link keyInShard}).
 *
 * @example
 * [0, 1, 2, 3, 4].filter((i) => inShard(i, { index: 2, count: 2 })); // [1, 3]
 */
export function inShard(i: number, shard: Shard | undefined): boolean {
  return shard === undefined || i % shard.count === shard.index - 1;
}

/**
 * The shard (1-based) of a piece of work named by `key` among `count` shards: the first 32 bits of SHA-256 of the
 * key (UTF-8), as an unsigned number, mod `count`, plus 1. The same key lands in the same shard in every process and
 * every stage, so work that recurs (the same execution asked for by two queries, or by the verify step and the
 * scoring step) is done by one shard only. An execution's key is `<code_sha256>:<tests_sha256>`
 * ({@link executionShardKey}).
 *
 * @throws {RangeError} when `count` is not a positive integer
 * @example
 * shardOfKey('abc', 4); // sha256('abc') starts ba7816bf: 0xba7816bf mod 4 = 3, so shard 4
 */
export function shardOfKey(key: string, count: number): number {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`@execret/analyses shardOfKey: count must be a positive integer, received ${count}`);
  return (Number.parseInt(sha256Hex(key).slice(0, 8), 16) % count) + 1;
}

/**
 * Whether the work named by `key` belongs to `shard` ({@link shardOfKey}); without a shard every key belongs.
 *
 * @example
 * keyInShard('abc', { index: 4, count: 4 }); // true
 */
export function keyInShard(key: string, shard: Shard | undefined): boolean {
  return shard === undefined || shardOfKey(key, shard.count) === shard.index;
}

/**
 * The key of an execution for {@link shardOfKey}: a snippet's and a test list's hashes (`codeSha256`,
 * `testsSha256` of `@execret/formats`, as the execution caches key them), joined by `:`.
 *
 * @example
 * executionShardKey(codeSha256(code), testsSha256(tests)); // '<64 hex>:<64 hex>'
 */
export function executionShardKey(codeSha256: string, testsSha256: string): string {
  return `${codeSha256}:${testsSha256}`;
}
