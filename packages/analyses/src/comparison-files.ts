import { formatResultsJson, RESULTS_LAYOUT, type ResultsFile } from '@execret/dataset';
import { type ComparedResults, type CompareResultsOptions, compareResults } from './compare-results.js';
import { queryBlindLifts } from './query-blind-lift.js';

/**
 * {@link compareResults} over a folder's results files, with the files it gives as `[path, content]` pairs in the
 * folder's layout: `tests/confidence_intervals.json`, `tests/pairwise_tests.json`, the second stages' lift over
 * `exec/consensus` ({@link queryBlindLifts}) and `analyses/solved_by.json` (as `scorePool().files` does for scoring).
 *
 * @example
 * const { files } = comparisonFiles(await readResultFiles(out), { seed, resamples, confidence });
 * await writeResultsFiles(out, files);
 */
export function comparisonFiles(
  results: readonly ResultsFile[],
  options: CompareResultsOptions,
): ComparedResults & { readonly files: [string, string][] } {
  const compared = compareResults(results, options);
  const { intervals, pairwise, solvedBy } = compared;
  return {
    ...compared,
    files: [
      [RESULTS_LAYOUT.intervals, formatResultsJson(intervals)],
      [RESULTS_LAYOUT.pairwise, formatResultsJson(pairwise)],
      [RESULTS_LAYOUT.queryBlindLift, formatResultsJson(queryBlindLifts(results, pairwise))],
      [RESULTS_LAYOUT.solvedBy, formatResultsJson(solvedBy)],
    ],
  };
}
