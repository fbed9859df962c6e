import { performance } from 'node:perf_hooks';
import { languageCounts, PassTable, type Shard } from '@execret/analyses';
import {
  createRunManifest,
  formatResultsJson,
  RESULTS_LAYOUT,
  type RunManifest,
  writeResultsFiles,
} from '@execret/dataset';
import type { ModelConfig } from '@execret/embedders';
import type { TieMode } from '@execret/metrics';
import { DEFAULT_ISOLATION, describeJsRunner, type Oracle } from '@execret/oracle';
import { type LeaderboardRow, leaderboardRows } from '@execret/report';
import { type TwoStageShardWork, twoStageSummary } from '@execret/rerankers';
import { DEFAULT_CONFIDENCE } from '@execret/stats';
import { buildScorers } from './build-scorers.js';
import { compareStage } from './compare-stage.js';
import type { EmbedModelOptions } from './embed-model.js';
import type { LoadedDataset } from './load-dataset.js';
import { reportStage } from './report-stage.js';
import { type RerankPlan, scoreStage } from './score-stage.js';
import type { StageEvents } from './stage-progress.js';
import { verifyDataset } from './verify-dataset.js';

/** What {@link runBenchmark} runs on a loaded dataset, and what its manifest records. */
export interface RunBenchmarkOptions extends StageEvents {
  /** The dataset as the user gave it (`mini`, a directory, `hf:…`): the manifest's and the report title's. */
  readonly source: string;
  /** The results folder. */
  readonly out: string;
  readonly ties: TieMode;
  readonly seed: number;
  /** Bootstrap resamples of the intervals and paired tests. */
  readonly resamples: number;
  /** Interval level (default `@execret/stats`' `DEFAULT_CONFIDENCE`). */
  readonly confidence?: number;
  /** The first stages, in order: `bm25`, registry ids and custom models ({@link buildScorers}). */
  readonly systems: readonly ('bm25' | string | ModelConfig)[];
  /** Keys, caches and local weights of the embedding models. */
  readonly embed: Omit<EmbedModelOptions, 'shard' | keyof StageEvents>;
  /** Executes the dataset's groups and the retrieved pairs; without one nothing is executed. Never closed here. */
  readonly oracle?: Oracle;
  /** The isolation that was asked of the oracle (`auto`, `bwrap`, `rlimit`), for the manifest; default the oracle's. */
  readonly requestedIsolation?: string;
  /** Execute the dataset's own groups first (default true, with an oracle). */
  readonly verify?: boolean;
  /** The second stages (closed by the caller). */
  readonly rerank?: RerankPlan;
  /** Do one shard's share of the executions into the caches, and write nothing. */
  readonly shard?: Shard;
  /** Versions of the execret packages in use, for the manifest. */
  readonly packages: Record<string, string>;
  /** Seconds of the steps done before (the load), first in the manifest's `timings`. */
  readonly timings?: Record<string, number>;
  /** `performance.now()` when the run began, for the total (default: when this is called). */
  readonly startedAt?: number;
}

/** What a shard did (the `execret run --shard` summary, without its place). */
export interface ShardRunWork {
  readonly verify: { pairs: number; executed: number; cached: number } | null;
  readonly two_stage_systems: readonly TwoStageShardWork[];
  /** What each execution reranker ran for this shard (the oracle's work, not counting what its cache held). */
  readonly second_stages: readonly { id: string; executions: number; cached: number }[];
  readonly retrieved: { readonly pairs: number; readonly executed: number; readonly cached: number };
  readonly seconds: number;
}

/** What {@link runBenchmark} did: a shard's work, or the whole run's manifest, leaderboard and report files. */
export type BenchmarkRun =
  | {
      readonly kind: 'shard';
      readonly work: ShardRunWork;
      /** Models that had to embed texts now (beyond the shard's share: their embedding caches were not merged). */
      readonly embedded: readonly string[];
    }
  | {
      readonly kind: 'complete';
      readonly manifest: RunManifest;
      readonly leaderboard: LeaderboardRow[];
      /** The report's files (`reportStage`). */
      readonly files: string[];
    };

/**
 * The whole benchmark on a loaded dataset, as `execret run` does it: verify the dataset's groups (with an oracle),
 * embed and build the first stages, rank, rerank, execute the retrieved pairs and score them, then compare the
 * systems (bootstrap intervals, McNemar), write `manifest.json` and the report. A shard stops after scoring, having
 * done its share of the executions into the caches. Reports progress, a `verify: …` and a `javascript runner: …`
 * line (`log`), contradicted labels and skipped models (`warn`).
 *
 * @example
 * const dataset = await loadDataset('mini', { cacheDir: cacheLayout(cacheDir).datasets });
 * const oracle = await createOracle({ cacheFile: cacheLayout(cacheDir).executions });
 * const run = await runBenchmark(dataset, {
 *   source: 'mini', out: 'execret-results', ties: 'trec', seed: 42, resamples: 1000, systems: ['bm25'],
 *   embed: { environment: providerEnvironment(() => undefined), embeddingCacheDir, localModels },
 *   oracle, packages: {},
 * });
 * await oracle.close();
 */
export async function runBenchmark(dataset: LoadedDataset, options: RunBenchmarkOptions): Promise<BenchmarkRun> {
  const started = options.startedAt ?? performance.now();
  const { oracle, rerank, shard, out, ties, seed, log, warn } = options;
  const events = {
    ...(options.progress ? { progress: options.progress } : {}),
    ...(warn ? { warn } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const timings: Record<string, number> = { ...options.timings };
  const timed = async <T>(name: string, stage: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await stage();
    timings[name] = (performance.now() - t) / 1000;
    return result;
  };
  const table = new PassTable(dataset.pool.docIds.length);
  const verify =
    oracle && options.verify !== false
      ? await timed('verify', () => verifyDataset(dataset, oracle, table, { ...events, ...(shard ? { shard } : {}) }))
      : undefined;
  if (verify) {
    log?.(
      `verify: ${verify.canonicalsPassing}/${verify.canonicals} canonicals pass, ${verify.distractorsFailing}/${verify.distractors} distractors fail` +
        (verify.contradictions.length > 0 ? ` — ${verify.contradictions.length} contradict their label` : ''),
    );
    if (verify.contradictions.length > 0)
      warn?.(`${verify.contradictions.length} snippets contradict their label; see manifest.json`);
  }
  const js = oracle?.info.javascript;
  if (js) log?.(`javascript runner: ${describeJsRunner(js)}`);

  const { scorers, skipped, embedding } = await timed('embed', () =>
    buildScorers(options.systems, dataset.pool, { ...options.embed, ...events }),
  );
  const scored = await scoreStage(dataset.pool, scorers, {
    ...events,
    table,
    out,
    ties,
    seed,
    ...(oracle ? { runner: oracle } : {}),
    ...(shard ? { shard } : {}),
    ...(rerank ? { rerank } : {}),
  });
  Object.assign(timings, scored.seconds);
  if (shard !== undefined) {
    const embedded = Object.entries(embedding).filter(
      ([, e]) => e.usage.query.requests + e.usage.document.requests > 0,
    );
    const work: ShardRunWork = {
      verify: verify ? { pairs: verify.pairs, executed: verify.executed, cached: verify.cached } : null,
      two_stage_systems: scored.shardWork,
      second_stages: (rerank?.secondStages.stages ?? []).map((stage) => {
        const costs = stage.costs();
        return { id: stage.info.id, executions: costs?.executions ?? 0, cached: costs?.cachedExecutions ?? 0 };
      }),
      retrieved: scored.retrieved,
      seconds: (performance.now() - started) / 1000,
    };
    return { kind: 'shard', work, embedded: embedded.map(([model]) => model) };
  }
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const comparison = await timed('compare', () =>
    compareStage(out, { seed, resamples: options.resamples, confidence }),
  );

  const { pool } = dataset;
  const manifest = createRunManifest({
    createdAt: new Date().toISOString(),
    node: process.version,
    packages: options.packages,
    oracle: oracle
      ? { requested: options.requestedIsolation ?? DEFAULT_ISOLATION, info: oracle.info, stats: oracle.stats() }
      : null,
    dataset: {
      source: options.source,
      benchmark: dataset.benchmark,
      queries: pool.queryIds.length,
      snippets: pool.docIds.length,
      languages: languageCounts(pool.languages),
    },
    seed,
    resamples: options.resamples,
    ties,
    systems: scorers,
    skipped,
    twoStage: scored.derived.map(twoStageSummary),
    embedding,
    verify: verify ?? null,
    retrieved: scored.retrieved,
    results: scored.results,
    timings: { ...timings, total: (performance.now() - started) / 1000 },
  });
  await writeResultsFiles(out, [[RESULTS_LAYOUT.manifest, formatResultsJson(manifest)]]);
  const report = await timed('report', () => reportStage(out, `execret — ${options.source}`));
  return {
    kind: 'complete',
    manifest,
    leaderboard: leaderboardRows(scored.results, comparison.intervals),
    files: report.files,
  };
}

/**
 * A shard's work as the line `execret run --shard` prints: the verify executions, each execution reranker's, the
 * retrieved pairs', and the seconds.
 *
 * @example
 * formatShardRunWork({ index: 2, count: 4 }, run.work);
 * // 'shard 2/4: verify executed 147 (0 cached); exec/consensus executed 361 (131 cached); retrieved executed …'
 */
export function formatShardRunWork(shard: Shard, work: ShardRunWork): string {
  return (
    `shard ${shard.index}/${shard.count}: ` +
    (work.verify ? `verify executed ${work.verify.executed} (${work.verify.cached} cached); ` : '') +
    work.second_stages.map((w) => `${w.id} executed ${w.executions} (${w.cached} cached); `).join('') +
    `retrieved executed ${work.retrieved.executed} (${work.retrieved.cached} cached) into the cache in ${work.seconds.toFixed(1)} s; merge the caches, then run without --shard\n`
  );
}
