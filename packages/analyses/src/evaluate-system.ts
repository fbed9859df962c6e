import type { TopResult, TwoStageExtras, TwoStageRecord, WrittenResultsFile } from '@execret/dataset';
import { evaluate, type TieMode } from '@execret/metrics';
import { RUN_DEPTH } from './boundary-run.js';
import { deceptionByBugType } from './bug-type-deception.js';
import { canonicalGap } from './canonical-gap.js';
import { deceptionByEditSpan } from './edit-span-deception.js';
import { languageCounts } from './language-counts.js';
import { rankOneMissAttribution } from './miss-attribution.js';
import { rankOneMissExamples } from './miss-examples.js';
import type { PassTable } from './pass-table.js';
import { perDomainMean } from './per-domain-mean.js';
import { poolDensity } from './pool-density.js';
import type { PoolView } from './pool-view.js';
import type { RankedSystem } from './ranked-system.js';
import { RELEASE_KS, RELEASE_MEASURES, type ReleaseMeasure } from './release-measures.js';
import type { SystemAnalyses } from './system-analyses.js';

/**
 * Scores one ranked system: per-query measures through `@execret/metrics`' `evaluate` (canonical ids as qrels,
 * executed passes from `table` as `passing`, a pair never executed counting as not passing), the release-shaped
 * results file with execret's extras, and the paper's analyses. A two-stage system (`twoStage` given) also records
 * its first stage, depth and reranker and its ceiling: per query 1 when any reranked candidate passes (the first
 * stage's exec@depth).
 *
 * @example
 * const { result, analyses } = evaluateSystem(pool, ranking, table, 'trec');
 * result.metrics['exec@1']; analyses.miss_attribution.ownVariantShare;
 */
export function evaluateSystem(
  pool: PoolView,
  ranking: RankedSystem,
  table: PassTable,
  ties: TieMode,
  twoStage?: TwoStageRecord,
): { result: WrittenResultsFile; analyses: SystemAnalyses } {
  const qrels: Record<string, Record<string, number>> = {};
  const run: Record<string, Record<string, number>> = {};
  const passing: Record<string, string[]> = {};
  let unexecuted = 0;
  pool.queryIds.forEach((qid, q) => {
    qrels[qid] = Object.fromEntries(Array.from(pool.canonicals[q]!, (d) => [pool.docIds[d]!, 1]));
    const docs = ranking.runDocs[q]!;
    const scores = ranking.runScores[q]!;
    const row: Record<string, number> = {};
    const pass: string[] = [];
    docs.forEach((d, i) => {
      row[pool.docIds[d]!] = scores[i]!;
      if (!table.has(q, d)) unexecuted++;
      else if (table.passes(q, d)) pass.push(pool.docIds[d]!);
    });
    run[qid] = row;
    passing[qid] = pass;
  });
  const evaluated = evaluate(qrels, run, [...RELEASE_MEASURES], { passing, ties, missingQueries: 'zero' });
  const perQuery = {} as Record<ReleaseMeasure, Float64Array>;
  for (const m of RELEASE_MEASURES) {
    perQuery[m] = Float64Array.from(pool.queryIds, (qid) => evaluated.perQuery[qid]?.[m] ?? 0);
  }

  const perQueryRows: WrittenResultsFile['per_query'] = pool.queryIds.map((qid, q) => ({
    query_id: qid,
    query: pool.queryTexts[q]!,
    correct_corpus_ids: Array.from(pool.canonicals[q]!, (d) => pool.docIds[d]!),
    top_results: Array.from(ranking.runDocs[q]!.subarray(0, RUN_DEPTH), (d, i): TopResult => {
      const outcome = table.get(q, d);
      return {
        rank: i + 1,
        corpus_id: pool.docIds[d]!,
        label: pool.isCorrect[d] === 1 ? 'correct' : 'incorrect',
        bug_type: pool.bugTypes[d] ?? '',
        similarity: ranking.runScores[q]![i]!,
        passes_all_tests: outcome?.passes ?? false,
        test_results: outcome ? [...outcome.tests] : [],
      };
    }),
  }));

  const result: WrittenResultsFile = {
    model: ranking.id,
    n_queries: pool.queryIds.length,
    n_corpus: pool.docIds.length,
    ks: [...RELEASE_KS],
    metrics: Object.fromEntries(RELEASE_MEASURES.map((m) => [m, evaluated.mean[m] ?? 0])),
    per_query: perQueryRows,
    execret: {
      config_hash: ranking.configHash,
      provider: ranking.provider,
      similarity: ranking.similarity,
      ties,
      ties_decided: { ...evaluated.diagnostics.tiesDecided },
      unexecuted_pairs: unexecuted,
      truncated_tie_groups: ranking.truncatedTieGroups,
      ...languageExtras(pool.languages),
      per_query_measures: Object.fromEntries(RELEASE_MEASURES.map((m) => [m, Array.from(perQuery[m])])),
      ...(twoStage === undefined ? {} : { two_stage: twoStageExtras(pool, ranking, table, twoStage) }),
    },
  };

  const top1 = Int32Array.from(ranking.runDocs, (docs) => (docs.length > 0 ? docs[0]! : -1));
  const passes = (q: number, d: number): boolean => table.passes(q, d);
  const gap = canonicalGap(pool, ranking.group);
  const analyses: SystemAnalyses = {
    model: ranking.id,
    miss_attribution: rankOneMissAttribution(pool, top1, passes),
    canonical_gap: { ...gap, gaps: Array.from(gap.gaps, (g) => (Number.isNaN(g) ? null : g)) },
    deception_by_bug_type: deceptionByBugType(pool, ranking.group),
    deception_by_edit_span: deceptionByEditSpan(pool, ranking.group),
    pool_density: poolDensity(ranking.ablation, passes).map((point) => ({
      retained: point.retained,
      pool_size: point.poolSize,
      'exec@1': point['exec@1'],
      'exec@10': point['exec@10'],
    })),
    per_domain_exec_at_1: perDomainMean(pool, perQuery['exec@1']),
    rank1_miss_examples: rankOneMissExamples(pool, top1, passes, ranking.group),
  };
  return { result, analyses };
}

/** `execret.two_stage` of a two-stage results file: the record and the ceiling (any reranked candidate passes). */
function twoStageExtras(
  pool: PoolView,
  ranking: RankedSystem,
  table: PassTable,
  record: TwoStageRecord,
): TwoStageExtras {
  const ceiling = pool.queryIds.map((_, q) => (ranking.runDocs[q]!.some((d) => table.passes(q, d)) ? 1 : 0));
  const mean = ceiling.length === 0 ? 0 : ceiling.reduce<number>((a, b) => a + b, 0) / ceiling.length;
  return { ...record, ceiling: mean, ceiling_per_query: ceiling };
}

/** `{ languages: { javascript: 100 } }` when a query is not Python, else nothing (Python files are as before). */
function languageExtras(languages: readonly string[]): { languages?: Record<string, number> } {
  if (languages.every((language) => language === 'python')) return {};
  return { languages: languageCounts(languages) };
}
