import { lookupExecution, type ReleaseExecutionCache } from '@execret/dataset';
import { codeSha256, testsSha256, type VerifyReport } from '@execret/formats';
import { type ExecutePairsOptions, executePairs, type PairRunner } from './execute-pairs.js';
import { PairSet } from './pair-set.js';
import { pairsInShard } from './pairs-in-shard.js';
import type { PassTable } from './pass-table.js';
import type { PoolView } from './pool-view.js';
import type { Shard } from './shard.js';

export type { VerifyReport } from '@execret/formats';

/** Options of {@link verifyGroups}. */
export interface VerifyGroupsOptions extends ExecutePairsOptions {
  /**
   * Check only this shard's pairs: those whose execution belongs to it by key (`pairsInShard`, the rule every stage
   * of a sharded run shares), in query order, canonicals before distractors.
   */
  readonly shard?: Shard;
  /** The release's own execution cache (`benchmark.executionCache`), to count where it disagrees. */
  readonly releaseCache?: ReleaseExecutionCache;
}

/**
 * Executes every query's own group (its canonicals, then its paired distractors) against its tests and checks the
 * labels: a canonical must pass, a distractor must fail. Outcomes land in `table` (so scoring reuses them); pairs
 * the release's execution cache knows are compared with it.
 *
 * @example
 * const report = await verifyGroups(pool, oracle, new PassTable(pool.docIds.length), { releaseCache });
 * report.contradictions.length; // 0 for a sound dataset
 */
export async function verifyGroups(
  pool: PoolView,
  runner: PairRunner,
  table: PassTable,
  options: VerifyGroupsOptions = {},
): Promise<VerifyReport> {
  const group = new PairSet(pool.docIds.length);
  pool.queryIds.forEach((_, q) => {
    for (const d of [...pool.canonicals[q]!, ...pool.distractors[q]!]) group.add(q, d);
  });
  const pairs = pairsInShard(pool, group.pairs, options.shard);
  const { executed, cached } = await executePairs(runner, pool, pairs, table, options);
  let canonicals = 0;
  let canonicalsPassing = 0;
  let distractors = 0;
  let distractorsFailing = 0;
  let releaseKnown = 0;
  let releaseDisagreements = 0;
  const contradictions: VerifyReport['contradictions'][number][] = [];
  const release = options.releaseCache;
  for (const [q, d] of pairs) {
    const outcome = table.get(q, d)!;
    const isCanonical = pool.canonicals[q]!.includes(d);
    if (isCanonical) {
      canonicals++;
      if (outcome.passes) canonicalsPassing++;
    } else {
      distractors++;
      if (!outcome.passes) distractorsFailing++;
    }
    if (isCanonical !== outcome.passes) {
      contradictions.push({
        query_id: pool.queryIds[q]!,
        corpus_id: pool.docIds[d]!,
        label: isCanonical ? 'correct' : 'incorrect',
        status: outcome.status,
        tests: outcome.tests,
      });
    }
    if (release) {
      const known = lookupExecution(release, codeSha256(pool.code[d]!), testsSha256(pool.tests[q]!))?.passesAllTests;
      if (known !== undefined && known !== null) {
        releaseKnown++;
        if (known !== outcome.passes) releaseDisagreements++;
      }
    }
  }
  return {
    pairs: pairs.length,
    executed,
    cached,
    canonicals,
    canonicalsPassing,
    distractors,
    distractorsFailing,
    contradictions,
    releaseDisagreements,
    releaseKnown,
  };
}
