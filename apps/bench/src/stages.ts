import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { perQueryMeasures, RELEASE_KS, type Scorer, solvedBy } from '@execret/analyses';
import type { TieMode } from '@execret/metrics';
import type { Oracle } from '@execret/oracle';
import { type CompareSystemsResult, compareSystems } from '@execret/stats';
import type { Io } from './command.js';
import { evaluateSystem } from './evaluation.js';
import type { PassTable } from './execution.js';
import { executeRetrieved, type LoadedDataset, rankSystems } from './pipeline.js';
import { renderReportHtml } from './report/html.js';
import { leaderboardCsv, leaderboardMarkdown, leaderboardRows } from './report/leaderboard.js';
import { type RerankPlan, rerankCandidateRuns, rerankStage, writeRerankFiles } from './rerank-stage.js';
import {
  RESULTS_LAYOUT,
  readAnalyses,
  readComparison,
  readManifest,
  readResultFiles,
  readSolvedBy,
  resultFileName,
  writeFileAtomic,
  writeJson,
} from './results-io.js';
import { resultExtras, type WrittenResultsFile } from './results-model.js';
import { writeTrecFiles } from './trec-output.js';
import type { RankedSystem, TwoStageRecord, TwoStageSystem } from './two-stage.js';

export interface ScoreStageOptions {
  readonly ties: TieMode;
  readonly seed: number;
  /** Execute retrieved pairs the execution cache does not know (default true). */
  readonly execute: boolean;
  /** Execute only this shard's retrieved pairs into the cache, and write no results. */
  readonly shard?: { index: number; count: number };
  /** Second stages over the first stages (`--rerank`): each pair becomes a two-stage system. */
  readonly rerank?: RerankPlan;
}

export interface ScoreStageResult {
  readonly results: WrittenResultsFile[];
  readonly retrieved: { pairs: number; executed: number; cached: number };
  /** The two-stage systems (empty without `rerank`), for the manifest. */
  readonly twoStage: readonly TwoStageSystem[];
  readonly seconds: { rank: number; rerank?: number; execute: number; evaluate: number };
}

/**
 * Ranks every system, executes the retrieved pairs, evaluates and writes `results/` and `analyses/`.
 * `table` already holds the own-group outcomes from verification (when it ran).
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
  // Two-stage systems are reranked before execution, so the snippets a reranker promotes are executed with the
  // rest; a shard only executes the candidates (every two-stage run is an order of them) and reranks nothing.
  t = performance.now();
  const plan = options.rerank;
  const twoStage =
    plan && options.shard === undefined ? await rerankStage(scorers, rankings, pool, plan, io, signal) : [];
  const candidates =
    plan && options.shard !== undefined ? await rerankCandidateRuns(scorers, rankings, pool, plan) : [];
  const rerank = plan ? { rerank: (performance.now() - t) / 1000 } : {};
  t = performance.now();
  const retrieved =
    options.execute && oracle
      ? await executeRetrieved(
          [...rankings, ...twoStage.map((s) => s.ranking), ...candidates],
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
  const systems: [RankedSystem, TwoStageRecord | undefined][] = [
    ...rankings.map((r): [RankedSystem, undefined] => [r, undefined]),
    ...twoStage.map((s): [RankedSystem, TwoStageRecord] => [s.ranking, s.record]),
  ];
  for (const [ranking, record] of systems) {
    const { result, analyses } = evaluateSystem(pool, ranking, table, options.ties, record);
    await writeJson(join(out, RESULTS_LAYOUT.results, resultFileName(ranking.id)), result);
    await writeJson(join(out, RESULTS_LAYOUT.analyses, resultFileName(ranking.id)), analyses);
    results.push(result);
  }
  if (plan) await writeRerankFiles(out, twoStage, plan.secondStages.artifactLines());
  await writeTrecFiles(
    out,
    pool,
    systems.map(([r]) => r),
    table,
  );
  const evaluate = (performance.now() - t) / 1000;
  return { results, retrieved, twoStage, seconds: { rank, ...rerank, execute, evaluate } };
}

export interface CompareStageResult {
  readonly intervals: CompareSystemsResult['intervals'];
  readonly pairwise: CompareSystemsResult['pairwise'];
  readonly systems: number;
  readonly seconds: number;
}

/**
 * Paired statistics over the result files of a folder: per-system bootstrap intervals and every pairwise
 * comparison (exact McNemar on exec@k with Holm's adjustment over all pairs, paired bootstrap on every
 * measure), from one set of resampled query indices, written in the release's `tests/` shapes; also the
 * solved-by histogram. Per-query values come from execret's stored ones, or are recomputed from
 * `top_results` for other tools' files.
 */
export async function compareStage(
  out: string,
  options: { seed: number; resamples: number; confidence: number },
): Promise<CompareStageResult> {
  const started = performance.now();
  const results = await readResultFiles(out);
  if (results.length === 0) throw new Error(`execret: ${out}/results has no result files to compare`);
  const queryIds = results[0]!.per_query.map((row) => row.query_id);
  const scores: Record<string, Record<string, Float64Array>> = {};
  for (const file of results) {
    const measures = perQueryMeasures(file, queryIds, { stored: resultExtras(file)?.per_query_measures });
    // The release names execution precision `execution_precision@k` in the tests/ files.
    scores[file.model] = Object.fromEntries(
      Object.entries(measures).map(([m, v]) => [m.startsWith('precision@') ? `execution_${m}` : m, v]),
    );
  }
  const comparison = compareSystems(scores, {
    seed: options.seed,
    resamples: options.resamples,
    confidence: options.confidence,
    binaryMeasures: RELEASE_KS.map((k) => `exec@${k}`),
    // Holm-adjusted McNemar p (`mcnemar_exact_p_holm`); the family is every pair on that exec@k.
    adjust: 'holm',
  });
  const { intervals, pairwise } = comparison;
  await writeJson(join(out, RESULTS_LAYOUT.intervals), intervals);
  await writeJson(join(out, RESULTS_LAYOUT.pairwise), pairwise);
  const exec1 = Object.fromEntries(results.map((r) => [r.model, scores[r.model]!['exec@1']!]));
  const solved = solvedBy(exec1);
  await writeJson(join(out, RESULTS_LAYOUT.solvedBy), {
    systems: solved.systems,
    histogram: Array.from(solved.histogram),
    per_query: Object.fromEntries(queryIds.map((id, q) => [id, solved.perQuery[q]])),
  });
  return { intervals, pairwise, systems: results.length, seconds: (performance.now() - started) / 1000 };
}

/** Writes `full_leaderboard.json`, `leaderboard.md`, `leaderboard.csv` and `report.html` from a folder. */
export async function reportStage(out: string, title: string): Promise<{ files: string[] }> {
  const results = await readResultFiles(out);
  const { intervals, pairwise } = await readComparison(out);
  const rows = leaderboardRows(results, intervals);
  await writeJson(join(out, RESULTS_LAYOUT.leaderboard), rows);
  await writeFileAtomic(join(out, RESULTS_LAYOUT.leaderboardMd), leaderboardMarkdown(rows));
  await writeFileAtomic(join(out, RESULTS_LAYOUT.leaderboardCsv), leaderboardCsv(rows));
  const html = renderReportHtml({
    title,
    results,
    analyses: await readAnalyses(out),
    intervals,
    pairwise,
    solvedBy: await readSolvedBy(out),
    manifest: await readManifest(out),
  });
  await writeFileAtomic(join(out, RESULTS_LAYOUT.report), html);
  return {
    files: [
      RESULTS_LAYOUT.leaderboard,
      RESULTS_LAYOUT.leaderboardMd,
      RESULTS_LAYOUT.leaderboardCsv,
      RESULTS_LAYOUT.report,
    ].map((f) => join(out, f)),
  };
}
