import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type ComparedResults,
  compareResults,
  evaluateSystem,
  type PassTable,
  type PoolView,
  type RankedSystem,
  rankDerivedSystem,
  type Scorer,
  type Shard,
  type SystemAnalyses,
  type SystemRanking,
  trecFiles,
} from '@execret/analyses';
import {
  RESULTS_LAYOUT,
  readAnalysesFiles,
  readComparisonFiles,
  readFolderManifest,
  readResultFiles,
  readSolvedByFile,
  resultFileName,
  type TwoStageRecord,
  type WrittenResultsFile,
} from '@execret/dataset';
import type { ExecRerankAudit, ExecRerankCost } from '@execret/exec-rerank';
import type { TieMode } from '@execret/metrics';
import type { Oracle } from '@execret/oracle';
import { firstStageCandidates, rankTwoStage, type TwoStageSystem } from '@execret/rerankers';
import type { Io } from './command.js';
import { executeRetrievedPairs, type LoadedDataset, rankSystems } from './pipeline.js';
import { createProgressBar } from './progress.js';
import { renderReportHtml } from './report/html.js';
import { leaderboardCsv, leaderboardMarkdown, leaderboardRows } from './report/leaderboard.js';
import type { RerankPlan } from './rerank-options.js';
import { writeFileAtomic, writeJson } from './results-io.js';

/** A two-stage system of a run (its reranker a model reranker or an execution reranker). */
export type RunTwoStageSystem = TwoStageSystem<ExecRerankAudit, ExecRerankCost>;

export interface ScoreStageOptions {
  readonly ties: TieMode;
  readonly seed: number;
  /** Execute retrieved pairs the execution cache does not know (default true). */
  readonly execute: boolean;
  /** Execute only this shard's retrieved pairs into the cache, and write no results. */
  readonly shard?: Shard;
  /** Second stages over the first stages (`--rerank`): each pair becomes a two-stage system. */
  readonly rerank?: RerankPlan;
}

export interface ScoreStageResult {
  readonly results: WrittenResultsFile[];
  readonly retrieved: { pairs: number; executed: number; cached: number };
  /** The two-stage systems (empty without `rerank`), for the manifest. */
  readonly twoStage: readonly RunTwoStageSystem[];
  readonly seconds: { rank: number; rerank?: number; execute: number; evaluate: number };
}

/** The first stages a plan reranks (every one unless it names some), with their rankings, in scorer order. */
function reranked(scorers: readonly Scorer[], rankings: readonly SystemRanking[], plan: RerankPlan) {
  return scorers
    .map((scorer, i) => ({ scorer, ranking: rankings[i]! }))
    .filter(({ scorer }) => plan.firstStages === undefined || plan.firstStages.includes(scorer.id));
}

/**
 * Every (first stage, second stage) pair of the plan as a two-stage system, first stages in scorer order and, within
 * each, second stages in `--rerank` order. `rankings` are the first stages' (aligned with `scorers`).
 */
export async function rerankStage(
  scorers: readonly Scorer[],
  rankings: readonly SystemRanking[],
  pool: PoolView,
  plan: RerankPlan,
  io: Io,
  signal: AbortSignal,
): Promise<RunTwoStageSystem[]> {
  const systems: RunTwoStageSystem[] = [];
  for (const first of reranked(scorers, rankings, plan)) {
    for (const stage of plan.secondStages.stages) {
      const bar = createProgressBar(`rerank ${first.scorer.id}>>${stage.info.id}`, pool.queryIds.length, {
        enabled: io.progress,
      });
      const system = await rankTwoStage(first, stage, pool, plan.depth, {
        signal,
        onProgress: (done, total) => bar.update(done, total),
      });
      bar.finish(`${system.pairs} pairs in ${system.seconds.toFixed(1)} s`);
      systems.push(system);
    }
  }
  return systems;
}

/**
 * For a sharded run, which executes and writes nothing else: the first stages' top `depth` per query as runs, so that
 * every pair any reranker could put in a two-stage run is executed into the cache, without reranking.
 */
export async function rerankCandidateRuns(
  scorers: readonly Scorer[],
  rankings: readonly SystemRanking[],
  pool: PoolView,
  plan: RerankPlan,
): Promise<Pick<SystemRanking, 'runDocs' | 'ablation'>[]> {
  const runs: Pick<SystemRanking, 'runDocs' | 'ablation'>[] = [];
  for (const { scorer, ranking } of reranked(scorers, rankings, plan)) {
    runs.push({ runDocs: (await firstStageCandidates(scorer, ranking, pool, plan.depth)).docs, ablation: [] });
  }
  return runs;
}

/**
 * Writes `rerank/<system>.jsonl` (one decision per query) for every two-stage system, and
 * `rerank/exec-artifacts.jsonl` (what the execution rerankers used) when there are any artifact lines.
 */
export async function writeRerankFiles(
  out: string,
  systems: readonly RunTwoStageSystem[],
  artifactLines: readonly string[],
): Promise<string[]> {
  const written: string[] = [];
  for (const system of systems) {
    const file = join(out, RESULTS_LAYOUT.rerank, resultFileName(system.run.id, '.jsonl'));
    await writeFileAtomic(file, system.decisions.map((d) => `${JSON.stringify(d)}\n`).join(''));
    written.push(file);
  }
  if (artifactLines.length > 0) {
    const file = join(out, RESULTS_LAYOUT.rerankArtifacts);
    await writeFileAtomic(file, artifactLines.join(''));
    written.push(file);
  }
  return written;
}

/**
 * Ranks every system, reranks (`--rerank`), executes the retrieved pairs, evaluates and writes `results/`,
 * `analyses/`, `rerank/` and `trec/`. `table` already holds the own-group outcomes from verification (when it ran).
 * Two-stage systems are reranked before execution, so the snippets a reranker promotes are executed with the rest; a
 * shard only executes the candidates (every two-stage run is an order of them), reranks nothing and writes nothing.
 */
export async function scoreStage(
  dataset: LoadedDataset,
  scorers: readonly Scorer[],
  oracle: Oracle | undefined,
  table: PassTable,
  out: string,
  options: ScoreStageOptions,
  io: Io,
  signal: AbortSignal,
): Promise<ScoreStageResult> {
  const { pool } = dataset;
  let t = performance.now();
  const rankings = await rankSystems(scorers, pool, options.seed, io);
  const rank = (performance.now() - t) / 1000;
  t = performance.now();
  const plan = options.rerank;
  const twoStage =
    plan && options.shard === undefined ? await rerankStage(scorers, rankings, pool, plan, io, signal) : [];
  const candidates =
    plan && options.shard !== undefined ? await rerankCandidateRuns(scorers, rankings, pool, plan) : [];
  const rerank = plan ? { rerank: (performance.now() - t) / 1000 } : {};
  t = performance.now();
  const systems: [RankedSystem, TwoStageRecord | undefined][] = [
    ...rankings.map((r): [RankedSystem, undefined] => [r, undefined]),
    ...twoStage.map((s): [RankedSystem, TwoStageRecord] => [rankDerivedSystem(pool, s.run), s.record]),
  ];
  const retrieved =
    options.execute && oracle
      ? await executeRetrievedPairs(
          [...systems.map(([r]) => r), ...candidates],
          pool,
          oracle,
          table,
          io,
          signal,
          options.shard,
        )
      : { pairs: 0, executed: 0, cached: 0 };
  const execute = (performance.now() - t) / 1000;
  if (options.shard !== undefined)
    return { results: [], retrieved, twoStage, seconds: { rank, ...rerank, execute, evaluate: 0 } };
  t = performance.now();
  const results: WrittenResultsFile[] = [];
  for (const [ranking, record] of systems) {
    const { result, analyses } = evaluateSystem(pool, ranking, table, options.ties, record);
    await writeJson(join(out, RESULTS_LAYOUT.results, resultFileName(ranking.id)), result);
    await writeJson(join(out, RESULTS_LAYOUT.analyses, resultFileName(ranking.id)), analyses);
    results.push(result);
  }
  if (plan) await writeRerankFiles(out, twoStage, plan.secondStages.artifactLines());
  for (const [file, content] of trecFiles(
    pool,
    systems.map(([r]) => r),
    table,
  ))
    await writeFileAtomic(join(out, file), content);
  const evaluate = (performance.now() - t) / 1000;
  return { results, retrieved, twoStage, seconds: { rank, ...rerank, execute, evaluate } };
}

export interface CompareStageResult {
  readonly intervals: ComparedResults['intervals'];
  readonly pairwise: ComparedResults['pairwise'];
  readonly systems: number;
  readonly seconds: number;
}

/**
 * `@execret/analyses`' `compareResults` over the results files of a folder, written in the release's `tests/` shapes
 * with `analyses/solved_by.json`.
 */
export async function compareStage(
  out: string,
  options: { seed: number; resamples: number; confidence: number },
): Promise<CompareStageResult> {
  const started = performance.now();
  const results = await readResultFiles(out);
  if (results.length === 0) throw new Error(`execret: ${out}/results has no result files to compare`);
  const { intervals, pairwise, solvedBy } = compareResults(results, options);
  await writeJson(join(out, RESULTS_LAYOUT.intervals), intervals);
  await writeJson(join(out, RESULTS_LAYOUT.pairwise), pairwise);
  await writeJson(join(out, RESULTS_LAYOUT.solvedBy), solvedBy);
  return { intervals, pairwise, systems: results.length, seconds: (performance.now() - started) / 1000 };
}

/** Writes `full_leaderboard.json`, `leaderboard.md`, `leaderboard.csv` and `report.html` from a folder. */
export async function reportStage(out: string, title: string): Promise<{ files: string[] }> {
  const results = await readResultFiles(out);
  const { intervals, pairwise } = await readComparisonFiles(out);
  const rows = leaderboardRows(results, intervals);
  await writeJson(join(out, RESULTS_LAYOUT.leaderboard), rows);
  await writeFileAtomic(join(out, RESULTS_LAYOUT.leaderboardMd), leaderboardMarkdown(rows));
  await writeFileAtomic(join(out, RESULTS_LAYOUT.leaderboardCsv), leaderboardCsv(rows));
  const html = renderReportHtml({
    title,
    results,
    analyses: await readAnalysesFiles<SystemAnalyses>(out),
    intervals,
    pairwise,
    solvedBy: await readSolvedByFile(out),
    manifest: await readFolderManifest(out),
  });
  await writeFileAtomic(join(out, RESULTS_LAYOUT.report), html);
  const files = [RESULTS_LAYOUT.leaderboard, RESULTS_LAYOUT.leaderboardMd, RESULTS_LAYOUT.leaderboardCsv];
  return { files: [...files, RESULTS_LAYOUT.report].map((f) => join(out, f)) };
}
