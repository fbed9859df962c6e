import { performance } from 'node:perf_hooks';
import {
  type ComparedResults,
  comparisonFiles,
  type PassTable,
  type PoolView,
  poolFromBenchmark,
  type Scorer,
  type Shard,
  type SystemAnalyses,
  scorePool,
  verifyGroups,
} from '@execret/analyses';
import {
  type Benchmark,
  loadExecRetrieval,
  type ManifestVerify,
  readResultFiles,
  readResultsFolder,
  rerankFolderFiles,
  writeResultsFiles,
} from '@execret/dataset';
import type { TieMode } from '@execret/metrics';
import type { Oracle } from '@execret/oracle';
import { reportFiles } from '@execret/report';
import { type TwoStageShardWork, twoStageDeriver } from '@execret/rerankers';
import { cacheLayout } from './cache-layout.js';
import type { CommandContext } from './command.js';
import type { DatasetOption } from './commands/options.js';
import { createProgressBar, progressBars } from './progress.js';
import type { RerankPlan } from './rerank-options.js';

/** A loaded dataset and its pool (`@execret/analyses`' `PoolView`). */
export interface LoadedDataset {
  readonly benchmark: Benchmark;
  readonly pool: PoolView;
}

/** Loads a dataset (`mini`, a directory, or `hf:owner/name[@rev]`) with download progress. */
export async function loadDataset(
  { config, io, signal }: Pick<CommandContext, 'config' | 'io' | 'signal'>,
  { source, parts }: DatasetOption,
): Promise<LoadedDataset> {
  const bar = createProgressBar(`download ${source}`, 0, { enabled: io.progress });
  let drew = false;
  const benchmark = await loadExecRetrieval(source, {
    cacheDir: cacheLayout(config.cacheDir).datasets,
    endpoint: config.hfEndpoint,
    ...(config.hubToken ? { token: config.hubToken.reveal() } : {}),
    offline: config.offline,
    ...(parts.length > 0 ? { with: parts } : {}),
    signal,
    onProgress: (event) => {
      if (event.phase !== 'progress') return;
      drew = true;
      bar.update(event.receivedBytes, event.totalBytes ?? undefined);
    },
  });
  if (drew) bar.finish('done');
  for (const r of benchmark.loadReport.hub?.refused ?? []) io.warn(`${source}: ${r.message}`);
  return { benchmark, pool: poolFromBenchmark(benchmark) };
}

/** `@execret/analyses`' `verifyGroups` over a loaded dataset, with a progress bar and the time it took. */
export async function verifyDataset(
  { io, signal }: Pick<CommandContext, 'io' | 'signal'>,
  dataset: LoadedDataset,
  oracle: Oracle,
  table: PassTable,
  shard?: Shard,
): Promise<ManifestVerify> {
  const started = performance.now();
  const bar = createProgressBar('verify', 0, { enabled: io.progress });
  const report = await verifyGroups(dataset.pool, oracle, table, {
    signal,
    ...(shard ? { shard } : {}),
    ...(dataset.benchmark.executionCache ? { releaseCache: dataset.benchmark.executionCache } : {}),
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.finish(`${report.pairs} pairs (${report.cached} cached)`);
  return { ...report, seconds: (performance.now() - started) / 1000 };
}

/**
 * `@execret/analyses`' `scorePool` with progress bars (`rank`, `rerank <system>`, `execute retrieved`), the plan's
 * second stages (`@execret/rerankers`' `rankTwoStageSystems` over the first stages it names) and the folder written:
 * `results/`, `analyses/`, `trec/`, `rerank/`. A shard does its share of the second stages' work
 * (`shardTwoStageSystems`: an execution reranker's executions by key, any other reranker's calls for the shard's
 * queries), executes its share of the retrieved pairs (of every candidate, with second stages) and writes nothing;
 * `shardWork` says what it did per two-stage system. Without `oracle` nothing is executed.
 */
export async function scoreStage(
  { io, signal }: Pick<CommandContext, 'io' | 'signal'>,
  pool: PoolView,
  scorers: readonly Scorer[],
  options: {
    oracle?: Oracle;
    table: PassTable;
    out: string;
    ties: TieMode;
    seed: number;
    shard?: Shard;
    rerank?: RerankPlan;
  },
) {
  const { rerank: plan, shard } = options;
  const bars = progressBars(io.progress);
  const shardWork: TwoStageShardWork[] = [];
  const deriver =
    plan &&
    twoStageDeriver(pool, plan, {
      signal,
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
    signal,
    ...(options.oracle ? { runner: options.oracle } : {}),
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

/**
 * `@execret/analyses`' `comparisonFiles` over the results files of a folder, written: the release's `tests/` files,
 * `analyses/solved_by.json` and the second stages' lift over `exec/consensus`.
 */
export async function compareStage(
  out: string,
  options: { seed: number; resamples: number; confidence: number },
): Promise<Pick<ComparedResults, 'intervals' | 'pairwise'> & { systems: number; seconds: number }> {
  const started = performance.now();
  const results = await readResultFiles(out);
  if (results.length === 0) throw new Error(`execret: ${out}/results has no result files to compare`);
  const { intervals, pairwise, files } = comparisonFiles(results, options);
  await writeResultsFiles(out, files);
  return { intervals, pairwise, systems: results.length, seconds: (performance.now() - started) / 1000 };
}

/**
 * `@execret/report`'s `reportFiles` of a folder (`@execret/dataset`'s `readResultsFolder`), written:
 * `full_leaderboard.json`, `leaderboard.md`, `leaderboard.csv`, `leaderboard.tex`, `significance.tex`, `report.html`.
 */
export async function reportStage(out: string, title: string): Promise<{ files: string[] }> {
  const files = reportFiles({ title, ...(await readResultsFolder<SystemAnalyses>(out)) });
  return { files: await writeResultsFiles(out, files) };
}
