import { performance } from 'node:perf_hooks';
import {
  formatResultsJson,
  RESULTS_LAYOUT,
  resultFileName,
  type TwoStageRecord,
  type WrittenResultsFile,
} from '@execret/dataset';
import type { TieMode } from '@execret/metrics';
import { ablationPools } from './ablation-pools.js';
import { evaluateSystem } from './evaluate-system.js';
import type { PairRunner } from './execute-pairs.js';
import { executeRetrieved } from './execute-retrieved.js';
import type { PassTable } from './pass-table.js';
import type { PoolView } from './pool-view.js';
import { rankSystem, type SystemRanking } from './rank-system.js';
import { type OrderedRun, type RankedSystem, rankDerivedSystem } from './ranked-system.js';
import { distractorRetentionOrders } from './retention-orders.js';
import type { Scorer } from './scorer.js';
import { inShard, keyInShard, type Shard } from './shard.js';
import { trecFiles } from './trec-files.js';

/** A first stage of a scoring run: its scorer and its ranking of the full pool. */
export interface FirstStage {
  readonly scorer: Scorer;
  readonly ranking: SystemRanking;
}

/**
 * A system derived from the first stages, evaluated with them: its run in final order and its results-file record
 * (`@execret/rerankers`' two-stage systems have this shape).
 */
export interface DerivedSystem {
  readonly run: OrderedRun;
  readonly record: TwoStageRecord;
}

/**
 * A shard's share of a run's work as predicates: its queries (by index: `inShard`) and its keyed work, such as an
 * execution by `<code_sha256>:<tests_sha256>` (`keyInShard`).
 */
export interface ShardShare {
  query(q: number): boolean;
  key(key: string): boolean;
}

/** Second stages of a scoring run, over the first stages (see {@link scorePool}). */
export interface ScorePoolSecondStages<T extends DerivedSystem> {
  /** The derived systems (two-stage systems: `@execret/rerankers`' `rankTwoStageSystems`); not called for a shard. */
  derive(firstStages: readonly FirstStage[]): Promise<readonly T[]>;
  /**
   * For a shard, which derives nothing: runs holding every pair a derived system could rank (the candidates), so
   * that they are executed into the runner's cache (`@execret/rerankers`' `twoStageCandidateRuns`).
   */
  candidates(firstStages: readonly FirstStage[]): Promise<readonly Pick<SystemRanking, 'runDocs' | 'ablation'>[]>;
  /**
   * For a shard, before its executions: the shard's share of the second stages' own work — a reranker's calls for
   * the shard's queries, or its executions by key — done into their caches, deciding nothing (`@execret/rerankers`'
   * `shardTwoStageSystems`). Without it a shard leaves the second stages' work to the final run.
   */
  shardWork?(firstStages: readonly FirstStage[], share: ShardShare): Promise<void>;
}

/**
 * What {@link scorePool} reports as it goes: progress of ranking (systems) and of executing (pairs), and the end of
 * each of the two steps with what it did.
 */
export type ScorePoolProgress =
  | { readonly step: 'rank' | 'execute'; readonly done: number; readonly total: number }
  | { readonly step: 'ranked'; readonly systems: number }
  | { readonly step: 'executed'; readonly pairs: number; readonly executed: number; readonly cached: number };

/** Options of {@link scorePool}. */
export interface ScorePoolOptions<T extends DerivedSystem> {
  /** The tie mode of every measure (`@execret/metrics`). */
  readonly ties: TieMode;
  /** Seed of the pool-density ablation's retention orders ({@link distractorRetentionOrders}). */
  readonly seed: number;
  /**
   * Executes the retrieved pairs `table` does not know (`@execret/oracle`'s `Oracle` fits); without one nothing is
   * executed and an unknown pair counts as not passing.
   */
  readonly runner?: PairRunner;
  /** Execute only this shard's share of the unknown retrieved pairs, and evaluate nothing. */
  readonly shard?: Shard;
  readonly secondStages?: ScorePoolSecondStages<T>;
  readonly signal?: AbortSignal;
  readonly onProgress?: (event: ScorePoolProgress) => void;
  /** The clock of `seconds`, in milliseconds (default `performance.now`). */
  readonly now?: () => number;
}

/** What {@link scorePool} returns. */
export interface ScorePoolResult<T extends DerivedSystem> {
  /** The first stages' rankings, in scorer order. */
  readonly rankings: readonly SystemRanking[];
  /** The derived systems, as `secondStages.derive` returned them (empty without second stages and for a shard). */
  readonly derived: readonly T[];
  /** Every system's results file: first stages in scorer order, then the derived systems (empty for a shard). */
  readonly results: readonly WrittenResultsFile[];
  /**
   * The folder's files as `[path relative to the folder, content]` in writing order: `results/<system>.json` and
   * `analyses/<system>.json` per system, then the TREC files ({@link trecFiles}); empty for a shard.
   */
  readonly files: readonly [string, string][];
  /** Distinct retrieved pairs, executed now, answered by the runner's cache. */
  readonly retrieved: { readonly pairs: number; readonly executed: number; readonly cached: number };
  /** Seconds per step (`rerank` only with second stages; `evaluate` 0 for a shard). */
  readonly seconds: {
    readonly rank: number;
    readonly rerank?: number;
    readonly execute: number;
    readonly evaluate: number;
  };
}

/**
 * Scores a pool with a set of systems, the orchestration of a benchmark run: ranks every scorer over the full pool
 * and the seeded pools of the density ablation ({@link rankSystem}, {@link ablationPools}), derives the second
 * stages' systems from the first stages (before execution, so that the snippets a reranker promotes are executed with
 * the rest), executes every retrieved pair `table` lacks through `runner` ({@link executeRetrieved}), and evaluates
 * each system ({@link evaluateSystem}) into its results file, its analyses and the TREC files. `table` may already
 * hold outcomes (the dataset's own groups after `verifyGroups`). A shard does its share of the second stages' work
 * (`secondStages.shardWork`), executes its share of the retrieved pairs by execution key (with second stages: of
 * every candidate, since each derived run is an order of them), derives nothing and evaluates nothing. Nothing is written: the caller writes `files` (`@execret/dataset`'s `writeResultsFiles`).
 *
 * @example
 * const scored = await scorePool(pool, [createBm25Scorer(pool)], new PassTable(pool.docIds.length), {
 *   ties: 'trec', seed: 20260510, runner: oracle,
 * });
 * await writeResultsFiles(out, scored.files);
 */
export async function scorePool<T extends DerivedSystem = DerivedSystem>(
  pool: PoolView,
  scorers: readonly Scorer[],
  table: PassTable,
  options: ScorePoolOptions<T>,
): Promise<ScorePoolResult<T>> {
  const now = options.now ?? (() => performance.now());
  const report = options.onProgress ?? (() => {});
  let t = now();
  const pools = ablationPools(pool, distractorRetentionOrders(pool, options.seed));
  const rankings: SystemRanking[] = [];
  for (const scorer of scorers) {
    rankings.push(await rankSystem(scorer, pool, pools));
    report({ step: 'rank', done: rankings.length, total: scorers.length });
  }
  report({ step: 'ranked', systems: scorers.length });
  const rank = (now() - t) / 1000;

  t = now();
  const { secondStages, shard } = options;
  const firstStages = scorers.map((scorer, i) => ({ scorer, ranking: rankings[i]! }));
  const derived = secondStages && shard === undefined ? [...(await secondStages.derive(firstStages))] : [];
  if (secondStages?.shardWork && shard !== undefined)
    await secondStages.shardWork(firstStages, {
      query: (q) => inShard(q, shard),
      key: (key) => keyInShard(key, shard),
    });
  const candidates = secondStages && shard !== undefined ? await secondStages.candidates(firstStages) : [];
  const rerank = secondStages ? { rerank: (now() - t) / 1000 } : {};

  t = now();
  const systems: [RankedSystem, TwoStageRecord | undefined][] = [
    ...rankings.map((r): [RankedSystem, undefined] => [r, undefined]),
    ...derived.map((s): [RankedSystem, TwoStageRecord] => [rankDerivedSystem(pool, s.run), s.record]),
  ];
  let retrieved = { pairs: 0, executed: 0, cached: 0 };
  if (options.runner) {
    retrieved = await executeRetrieved([...systems.map(([r]) => r), ...candidates], pool, options.runner, table, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(shard ? { shard } : {}),
      onProgress: (done, total) => report({ step: 'execute', done, total }),
    });
    report({ step: 'executed', ...retrieved });
  }
  const execute = (now() - t) / 1000;
  if (shard !== undefined) {
    return { rankings, derived, results: [], files: [], retrieved, seconds: { rank, ...rerank, execute, evaluate: 0 } };
  }

  t = now();
  const results: WrittenResultsFile[] = [];
  const files: [string, string][] = [];
  for (const [ranking, record] of systems) {
    const { result, analyses } = evaluateSystem(pool, ranking, table, options.ties, record);
    files.push([`${RESULTS_LAYOUT.results}/${resultFileName(ranking.id)}`, formatResultsJson(result)]);
    files.push([`${RESULTS_LAYOUT.analyses}/${resultFileName(ranking.id)}`, formatResultsJson(analyses)]);
    results.push(result);
  }
  files.push(
    ...trecFiles(
      pool,
      systems.map(([r]) => r),
      table,
    ),
  );
  return {
    rankings,
    derived,
    results,
    files,
    retrieved,
    seconds: { rank, ...rerank, execute, evaluate: (now() - t) / 1000 },
  };
}
