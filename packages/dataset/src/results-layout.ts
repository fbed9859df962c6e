/**
 * Where each file of a results folder lives (written by `execret run` / `execret score`, read by `execret compare`,
 * `execret report` and the readers of this package). Paths are relative to the folder; `results/`, `tests/` and
 * `analyses/` hold one file per system, named by {@link resultFileName}.
 */
export const RESULTS_LAYOUT = {
  /** `results/<system>.json`: the release's results-file shape plus execret's extras under `execret`. */
  results: 'results',
  /** `analyses/<system>.json`: `@execret/analyses`' per-system analyses. */
  analyses: 'analyses',
  pairwise: 'tests/pairwise_tests.json',
  intervals: 'tests/confidence_intervals.json',
  /** Each second stage's exec@1 over `exec/consensus` on the same first stage (`@execret/analyses`' `queryBlindLifts`). */
  queryBlindLift: 'tests/query_blind_lift.json',
  leaderboard: 'full_leaderboard.json',
  leaderboardMd: 'leaderboard.md',
  leaderboardCsv: 'leaderboard.csv',
  /** The leaderboard as a LaTeX table (booktabs), with 95% intervals. */
  leaderboardTex: 'leaderboard.tex',
  /** The pairwise exec@1 comparisons as a LaTeX table (booktabs), with McNemar p before and after correction. */
  significanceTex: 'significance.tex',
  report: 'report.html',
  /** The run manifest (see `RunManifest`). */
  manifest: 'manifest.json',
  solvedBy: 'analyses/solved_by.json',
  /** `rerank/<system>.jsonl`: every two-stage system's decisions, one line per query. */
  rerank: 'rerank',
  /** The execution rerankers' chat replies, generated inputs and executions (artifact-cache lines). */
  rerankArtifacts: 'rerank/exec-artifacts.jsonl',
  /** `trec/<system>.run`: each system's run as a TREC run file. */
  trec: 'trec',
  /** Each query's canonical(s), relevance 1 (for `ndcg_cut.k`). */
  trecCanonical: 'trec/qrels.canonical',
  /** Every executed (query, snippet) pair, 1 when it passes (for `success.k` and `P.k`). */
  trecPassing: 'trec/qrels.passing',
} as const;

/**
 * The file name of a system's file in a results folder: the system id with every run of characters other than
 * `A–Z a–z 0–9 . _ -` replaced by `__`, then `extension` (`.json` in `results/` and `analyses/`, `.run` in `trec/`,
 * `.jsonl` in `rerank/`, `.npz` for exported matrices).
 *
 * @example
 * resultFileName('openai/text-embedding-3-small'); // 'openai__text-embedding-3-small.json'
 * resultFileName('bm25>>exec/consensus', '.run'); // 'bm25__exec__consensus.run'
 */
export function resultFileName(system: string, extension: '.json' | '.run' | '.jsonl' | '.npz' = '.json'): string {
  return `${system.replace(/[^A-Za-z0-9._-]+/g, '__')}${extension}`;
}

/**
 * The `rerank/` files of a results folder as `[path, content]` pairs: `rerank/<system>.jsonl` with one decision
 * per line for every two-stage system, and `rerank/exec-artifacts.jsonl` when there are artifact lines (what the
 * execution rerankers used; each line already ends in `\n`).
 *
 * @example
 * rerankFolderFiles([{ id: 'bm25>>exec/consensus', decisions: [{ query_id: 'q_0001' }] }], []);
 * // [['rerank/bm25__exec__consensus.jsonl', '{"query_id":"q_0001"}\n']]
 */
export function rerankFolderFiles(
  systems: readonly { readonly id: string; readonly decisions: readonly unknown[] }[],
  artifactLines: readonly string[],
): [string, string][] {
  const files = systems.map((system): [string, string] => [
    `${RESULTS_LAYOUT.rerank}/${resultFileName(system.id, '.jsonl')}`,
    system.decisions.map((d) => `${JSON.stringify(d)}\n`).join(''),
  ]);
  if (artifactLines.length > 0) files.push([RESULTS_LAYOUT.rerankArtifacts, artifactLines.join('')]);
  return files;
}
