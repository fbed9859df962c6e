import type { SolvedByFile } from '@execret/dataset';
import { type ResultsFile, resultExtras } from '@execret/dataset';
import { type CompareSystemsResult, compareSystems } from '@execret/stats';
import { perQueryMeasures } from './per-query-measures.js';
import { RELEASE_KS } from './release-measures.js';
import { solvedBy } from './solved-by.js';

/** Options of {@link compareResults}: `@execret/stats`' bootstrap settings. */
export interface CompareResultsOptions {
  readonly seed: number;
  readonly resamples: number;
  readonly confidence: number;
}

/** What {@link compareResults} gives: the two `tests/` files and `analyses/solved_by.json`. */
export interface ComparedResults {
  /** `tests/confidence_intervals.json`. */
  readonly intervals: CompareSystemsResult['intervals'];
  /** `tests/pairwise_tests.json`. */
  readonly pairwise: CompareSystemsResult['pairwise'];
  /** `analyses/solved_by.json`. */
  readonly solvedBy: SolvedByFile;
}

/**
 * Paired statistics over the results files of a folder (execret's or the release's), aligned on the first file's
 * queries: per-system bootstrap intervals and every pairwise comparison in the release's `tests/` shapes
 * (`@execret/stats`' `compareSystems` over one set of resampled query indices; exact McNemar on exec@k with Holm's
 * adjustment over all pairs, `mcnemar_exact_p_holm`; paired bootstrap on every measure), and the solved-by
 * histogram of exec@1. Per-query values are execret's stored ones, or recomputed from `top_results` for other
 * tools' files; precision is named `execution_precision@k`, as the release's `tests/` files name it.
 *
 * @throws RangeError when `results` is empty (see `compareSystems` for the rest)
 * @example
 * const { intervals, pairwise, solvedBy } = compareResults(files, { seed: 20260510, resamples: 5000, confidence: 0.95 });
 */
export function compareResults(results: readonly ResultsFile[], options: CompareResultsOptions): ComparedResults {
  if (results.length === 0)
    throw new RangeError('@execret/analyses compareResults: expected results files, received none');
  const queryIds = results[0]!.per_query.map((row) => row.query_id);
  const scores: Record<string, Record<string, Float64Array>> = {};
  for (const file of results) {
    const measures = perQueryMeasures(file, queryIds, { stored: resultExtras(file)?.per_query_measures });
    scores[file.model] = Object.fromEntries(
      Object.entries(measures).map(([m, v]) => [m.startsWith('precision@') ? `execution_${m}` : m, v]),
    );
  }
  const { intervals, pairwise } = compareSystems(scores, {
    seed: options.seed,
    resamples: options.resamples,
    confidence: options.confidence,
    binaryMeasures: RELEASE_KS.map((k) => `exec@${k}`),
    // Holm-adjusted McNemar p (`mcnemar_exact_p_holm`); the family is every pair on that exec@k.
    adjust: 'holm',
  });
  const solved = solvedBy(Object.fromEntries(results.map((r) => [r.model, scores[r.model]!['exec@1']!])));
  return {
    intervals,
    pairwise,
    solvedBy: {
      systems: solved.systems,
      histogram: Array.from(solved.histogram),
      per_query: Object.fromEntries(queryIds.map((id, q) => [id, solved.perQuery[q]!])),
    },
  };
}
