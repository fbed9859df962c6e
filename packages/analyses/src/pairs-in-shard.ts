import { codeSha256, testsSha256 } from '@execret/formats';
import type { PoolView } from './pool-view.js';
import { executionShardKey, keyInShard, type Shard } from './shard.js';

/**
 * The pairs (query q, document d) whose execution — snippet `pool.code[d]` against query q's tests — belongs to
 * `shard` by its key ({@link executionShardKey} of the snippet's and the tests' hashes, {@link keyInShard}), in the
 * order given. Every stage and every process agrees on which shard executes a pair, so a pair the verify step of one
 * shard ran is never run by the scoring step of another. Without a shard every pair belongs.
 *
 * @example
 * pairsInShard(pool, [[0, 0], [0, 1], [1, 5]], { index: 1, count: 2 }); // the pairs shard 1 of 2 executes
 */
export function pairsInShard<P extends readonly [number, number]>(
  pool: Pick<PoolView, 'code' | 'tests'>,
  pairs: readonly P[],
  shard: Shard | undefined,
): P[] {
  if (shard === undefined) return [...pairs];
  const code = new Map<number, string>();
  const tests = new Map<number, string>();
  const hash = <K>(memo: Map<K, string>, key: K, compute: () => string): string => {
    let h = memo.get(key);
    if (h === undefined) {
      h = compute();
      memo.set(key, h);
    }
    return h;
  };
  return pairs.filter(([q, d]) =>
    keyInShard(
      executionShardKey(
        hash(code, d, () => codeSha256(pool.code[d]!)),
        hash(tests, q, () => testsSha256(pool.tests[q]!)),
      ),
      shard,
    ),
  );
}
