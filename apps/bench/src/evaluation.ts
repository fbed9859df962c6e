import { evaluate, type TieMode } from '@execret/metrics';
import { deceptionByBugType } from './analyses/bug-type-deception.js';
import { canonicalGap } from './analyses/canonical-gap.js';
import { perDomainMean } from './analyses/domains.js';
import { deceptionByEditSpan } from './analyses/edit-span-deception.js';
import { rankOneMissAttribution } from './analyses/miss-attribution.js';
import type { PassTable } from './execution.js';
import type { PoolView } from './pool.js';
import { KS, type MissExample, type ResultFile, type SystemAnalyses, type TopResult } from './results-model.js';
import { DEPTH, type SystemRanking } from './scoring.js';

/** Every measure computed per query, in results-file spelling. */
export const MEASURES = [
  ...KS.map((k) => `exec@${k}`),
  ...KS.map((k) => `precision@${k}`),
  ...KS.map((k) => `ndcg@${k}`),
  ...KS.map((k) => `exec_ndcg_gap@${k}`),
  'mrr@10',
] as const;
export type MeasureId = (typeof MEASURES)[number];

/** How many rank-1 miss examples each system keeps for the report. */
export const MISS_EXAMPLES = 3;

/**
 * Scores one ranked system: per-query measures through `@execret/metrics`' `evaluate` (canonical ids as
 * qrels, executed passes as `passing`), the release-shaped result file, and the paper's analyses.
 */
export function evaluateSystem(
  pool: PoolView,
  ranking: SystemRanking,
  table: PassTable,
  ties: TieMode,
): { result: ResultFile; analyses: SystemAnalyses; perQuery: Record<MeasureId, Float64Array> } {
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
  const evaluated = evaluate(qrels, run, [...MEASURES], { passing, ties, missingQueries: 'zero' });
  const perQuery = {} as Record<MeasureId, Float64Array>;
  for (const m of MEASURES) perQuery[m] = Float64Array.from(pool.queryIds, (qid) => evaluated.perQuery[qid]?.[m] ?? 0);

  const perQueryRows: ResultFile['per_query'] = pool.queryIds.map((qid, q) => ({
    query_id: qid,
    query: pool.queryTexts[q]!,
    correct_corpus_ids: Array.from(pool.canonicals[q]!, (d) => pool.docIds[d]!),
    top_results: Array.from(ranking.runDocs[q]!.subarray(0, DEPTH), (d, i): TopResult => {
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

  const result: ResultFile = {
    model: ranking.id,
    n_queries: pool.queryIds.length,
    n_corpus: pool.docIds.length,
    ks: [...KS],
    metrics: Object.fromEntries(MEASURES.map((m) => [m, evaluated.mean[m] ?? 0])),
    per_query: perQueryRows,
    execret: {
      config_hash: ranking.configHash,
      provider: ranking.provider,
      similarity: ranking.similarity,
      ties,
      ties_decided: { ...evaluated.diagnostics.tiesDecided },
      unexecuted_pairs: unexecuted,
      truncated_tie_groups: ranking.truncatedTieGroups,
      per_query_measures: Object.fromEntries(MEASURES.map((m) => [m, Array.from(perQuery[m]!)])),
    },
  };

  const top1 = Int32Array.from(ranking.runDocs, (docs) => (docs.length > 0 ? docs[0]! : -1));
  const passes = (q: number, d: number): boolean => table.passes(q, d);
  const gap = canonicalGap(pool, ranking.group);
  const examples: MissExample[] = [];
  for (let q = 0; q < top1.length && examples.length < MISS_EXAMPLES; q++) {
    const d = top1[q]!;
    const canonical = pool.canonicals[q]![0];
    if (d < 0 || canonical === undefined || passes(q, d) || pool.ownerQuery[d] !== q) continue;
    const j = pool.distractors[q]!.indexOf(d);
    examples.push({
      query_id: pool.queryIds[q]!,
      query: pool.queryTexts[q]!,
      canonical_id: pool.docIds[canonical]!,
      canonical_code: pool.code[canonical]!,
      retrieved_id: pool.docIds[d]!,
      retrieved_code: pool.code[d]!,
      bug_type: pool.bugTypes[d] ?? 'unknown',
      canonical_score: ranking.group.canonical[q]!,
      retrieved_score: j >= 0 ? ranking.group.distractors[q]![j]! : Number.NaN,
    });
  }
  const analyses: SystemAnalyses = {
    model: ranking.id,
    miss_attribution: rankOneMissAttribution(pool, top1, passes),
    canonical_gap: { ...gap, gaps: Array.from(gap.gaps, (g) => (Number.isNaN(g) ? null : g)) },
    deception_by_bug_type: deceptionByBugType(pool, ranking.group),
    deception_by_edit_span: deceptionByEditSpan(pool, ranking.group),
    pool_density: ranking.ablation.map(({ retained, poolSize, top }) => ({
      retained,
      pool_size: poolSize,
      'exec@1': mean(top.map((docs, q) => (docs.length > 0 && passes(q, docs[0]!) ? 1 : 0))),
      'exec@10': mean(top.map((docs, q) => (Array.from(docs).some((d) => passes(q, d)) ? 1 : 0))),
    })),
    per_domain_exec_at_1: perDomainMean(pool, perQuery['exec@1']!),
    rank1_miss_examples: examples,
  };
  return { result, analyses, perQuery };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
