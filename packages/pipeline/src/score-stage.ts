import { type PairRunner, type PassTable, type PoolView, type Scorer, type Shard, scorePool } from '@execret/analyses';
import { rerankFolderFiles, writeResultsFiles } from '@execret/dataset';
import type { RunSecondStage, SecondStages } from '@execret/exec-rerank';
import type { TieMode } from '@execret/metrics';
import { type TwoStageShardWork, twoStageDeriver } from '@execret/rerankers';
import { SILENT_PROGRESS, type StageEvents } from './stage-progress.js';

/** The second stages of a scoring run: `@execret/rerankers`' `TwoStagePlan`, with the stages' caches to close. */
export interface RerankPlan {
  readonly secondStages: SecondStages;
  readonly stages: readonly RunSecondStage[];
  /** The first stage's top `depth` is reranked. */
  readonly depth: number;
  /** Ids of the first stages to rerank; every first stage when absent. */
  readonly firstStageIds?: readonly string[];
}

/** What {@link scoreStage} needs besides the pool and the scorers. */
export interface ScoreStageOptions extends StageEvents {
  /** The verdicts known so far (the verify stage's); filled with those executed now. */
  readonly table: PassTable;
  /** The results folder. */
  readonly out: string;
  readonly ties: TieMode;
  readonly seed: number;
  /** Executes retrieved pairs the table does not know (an `Oracle`); without one nothing is executed. */
  readonly runner?: PairRunner;
  readonly shard?: Shard;
  readonly rerank?: RerankPlan;
}

/**
 * `@execret/analyses`' `scorePool` with the plan's second stages (`@execret/rerankers`' `twoStageDeriver` over the
 * first stages it names), the folder written: `results/`, `analyses/`, `trec/`, `rerank/`. Reports `rank`,
 * `rerank <system>` and `execute retrieved`. A shard does its share of the second stages' work (an execution
 * reranker's executions by key, any other reranker's calls for the shard's queries), executes its share of the
 * retrieved pairs (of every candidate, with second stages) and writes nothing; `shardWork` says what it did per
 * two-stage system. Without `runner` nothing is executed.
 *
 * @example
 * const scored = await scoreStage(pool, [createBm25Scorer(pool)], { table, out: 'execret-results', ties: 'trec', seed: 42 });
 * console.log(scored.results.map((r) => [r.model, r.metrics['exec@1']]));
 */
export async function scoreStage(pool: PoolView, scorers: readonly Scorer[], options: ScoreStageOptions) {
  const { rerank: plan, shard } = options;
  // the second stages' calls stop on `signal`; without one, nothing stops them
  const signal = { signal: options.signal ?? new AbortController().signal };
  const bars = options.progress ?? SILENT_PROGRESS;
  const shardWork: TwoStageShardWork[] = [];
  const deriver =
    plan &&
    twoStageDeriver(pool, plan, {
      ...signal,
      onProgress: (id, done, total) => bars.update(`rerank ${id}`, done, total),
      onSystem: (s) => bars.finish(`rerank ${s.run.id}`, `${s.pairs} pairs in ${s.seconds.toFixed(1)} s`),
    });
  const secondStages = deriver && {
    ...deriver,
    shardWork: async (...args: Parameters<typeof deriver.shardWork>) => {
      const done = await deriver.shardWork(...args);
      for (const work of done) bars.finish(`rerank ${work.id}`, `${work.queries} queries (${work.split})`);
      shardWork.push(...done);
    },
  };
  const scored = await scorePool(pool, scorers, options.table, {
    ties: options.ties,
    seed: options.seed,
    ...signal,
    ...(options.runner ? { runner: options.runner } : {}),
    ...(shard ? { shard } : {}),
    ...(secondStages ? { secondStages } : {}),
    onProgress: (e) => {
      if (e.step === 'ranked') bars.finish('rank', `${e.systems} systems`);
      else if (e.step === 'executed')
        bars.finish('execute retrieved', `${e.executed + e.cached} pairs (${e.cached} cached)`);
      else bars.update(e.step === 'rank' ? 'rank' : 'execute retrieved', e.done, e.total);
    },
  });
  if (shard === undefined) {
    await writeResultsFiles(options.out, scored.files);
    if (plan) {
      const systems = scored.derived.map((system) => ({ id: system.run.id, decisions: system.decisions }));
      await writeResultsFiles(options.out, rerankFolderFiles(systems, plan.secondStages.artifactLines()));
    }
  }
  return { ...scored, shardWork };
}
