import { formatResultsJson, RESULTS_LAYOUT } from '@execret/dataset';
import { type ReportInput, renderReportHtml } from './html.js';
import { leaderboardLatex, significanceLatex } from './latex.js';
import { leaderboardCsv, leaderboardMarkdown, leaderboardOrder, leaderboardRows } from './leaderboard.js';

/**
 * Every report file of a results folder, as `[path relative to the folder, content]` in writing order (paths from
 * `@execret/dataset`'s `RESULTS_LAYOUT`): `full_leaderboard.json` ({@link leaderboardRows}), `leaderboard.md`,
 * `leaderboard.csv`, `leaderboard.tex` (the same rows with every interval of `confidence_intervals.json`; the
 * caption's query count is the leading results file's `n_queries`, its resamples the intervals'
 * `bootstrap_samples`), `significance.tex` (the exec@1 pairs of `pairwise_tests.json`) and `report.html`. Pure:
 * the caller reads the folder and writes the files.
 *
 * @example
 * const files = reportFiles({ title, results, analyses, intervals, pairwise, solvedBy, manifest });
 * await writeResultsFiles(out, files); // @execret/dataset
 */
export function reportFiles(input: ReportInput): [string, string][] {
  const rows = leaderboardRows(input.results, input.intervals);
  const resamples = Object.values(input.intervals)
    .flatMap((measures) => Object.values(measures))
    .find((interval) => interval !== undefined)?.bootstrap_samples;
  const queries = leaderboardOrder(input.results)[0]?.n_queries ?? 0;
  return [
    [RESULTS_LAYOUT.leaderboard, formatResultsJson(rows)],
    [RESULTS_LAYOUT.leaderboardMd, leaderboardMarkdown(rows)],
    [RESULTS_LAYOUT.leaderboardCsv, leaderboardCsv(rows)],
    [
      RESULTS_LAYOUT.leaderboardTex,
      leaderboardLatex(rows, input.intervals, { queries, ...(resamples === undefined ? {} : { resamples }) }),
    ],
    [RESULTS_LAYOUT.significanceTex, significanceLatex(input.pairwise)],
    [RESULTS_LAYOUT.report, renderReportHtml(input)],
  ];
}
