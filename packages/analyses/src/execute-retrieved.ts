import { type ExecutePairsOptions, executePairs, type PairRunner } from './execute-pairs.js';
import { PairSet } from './pair-set.js';
import { pairsInShard } from './pairs-in-shard.js';
import type { PassTable } from './pass-table.js';
import type { PoolView } from './pool-view.js';
import type { SystemRanking } from './rank-system.js';
import type { Shard } from './shard.js';

/**
 * Executes every retrieved pair that `table` does not know yet: each system's run and each of its ablation top-10s,
 * pairs in first-seen order (systems in the order given, runs before ablation tops). With a shard, only that
 * shard's share of the unknown pairs is executed, by execution key (`pairsInShard`, the rule `verifyGroups` shares),
 * for a sharded run that fills the cache.
 *
 * @returns `pairs`: distinct retrieved pairs; `executed` now and `cached` by the runner (of the unknown ones)
 * @example
 * const retrieved = await executeRetrieved(rankings, pool, oracle, table);
 */
export async function executeRetrieved(
  rankings: readonly Pick<SystemRanking, 'runDocs' | 'ablation'>[],
  pool: PoolView,
  runner: PairRunner,
  table: PassTable,
  options: ExecutePairsOptions & { readonly shard?: Shard } = {},
): Promise<{ pairs: number; executed: number; cached: number }> {
  const pairs = new PairSet(pool.docIds.length);
  for (const ranking of rankings) {
    ranking.runDocs.forEach((docs, q) => {
      docs.forEach((d) => {
        pairs.add(q, d);
      });
    });
    for (const { top } of ranking.ablation)
      top.forEach((docs, q) => {
        docs.forEach((d) => {
          pairs.add(q, d);
        });
      });
  }
  const todo = pairsInShard(
    pool,
    pairs.pairs.filter(([q, d]) => !table.has(q, d)),
    options.shard,
  );
  const result = await executePairs(runner, pool, todo, table, options);
  return { pairs: pairs.pairs.length, ...result };
}
