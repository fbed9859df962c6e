import { RELEASE_MEASURES } from '@execret/analyses';
import { metricValue, type ResultsFile } from '@execret/dataset';

/** Systems in leaderboard order: exec@1 descending, then name. */
export function leaderboardOrder<T extends ResultsFile>(results: readonly T[]): T[] {
  return [...results].sort(
    (a, b) =>
      (metricValue(b, 'exec@1') ?? 0) - (metricValue(a, 'exec@1') ?? 0) ||
      (a.model < b.model ? -1 : a.model > b.model ? 1 : 0),
  );
}

/** One row of `full_leaderboard.json`. */
export interface LeaderboardRow {
  rank: number;
  model: string;
  metrics: ResultsFile['metrics'];
  exec1_ci95: [number, number] | null;
}

/** `full_leaderboard.json`: systems sorted by exec@1 (then name) with every measure and the exec@1 interval. */
export function leaderboardRows(
  results: readonly ResultsFile[],
  intervals: Readonly<Record<string, Readonly<Record<string, { ci95_low: number; ci95_high: number }>>>>,
): LeaderboardRow[] {
  return leaderboardOrder(results).map((r, i) => {
    const ci = intervals[r.model]?.['exec@1'];
    return { rank: i + 1, model: r.model, metrics: r.metrics, exec1_ci95: ci ? [ci.ci95_low, ci.ci95_high] : null };
  });
}

/** `leaderboard.md`: a GitHub-flavoured Markdown table (4 decimals). */
export function leaderboardMarkdown(rows: readonly LeaderboardRow[]): string {
  const cols = ['exec@1', 'exec@3', 'exec@5', 'exec@10', 'precision@1', 'ndcg@1', 'ndcg@10', 'mrr@10'];
  const head = `| # | system | ${cols.join(' | ')} | exec@1 95% CI |\n|---|---|${cols.map(() => '---:').join('|')}|---|\n`;
  const body = rows
    .map((r) => {
      const cells = cols.map((c) => metricValue(r, c)?.toFixed(4) ?? '—').join(' | ');
      const ci = r.exec1_ci95 ? `[${r.exec1_ci95[0].toFixed(4)}, ${r.exec1_ci95[1].toFixed(4)}]` : '—';
      return `| ${r.rank} | ${r.model.replaceAll('|', '\\|')} | ${cells} | ${ci} |`;
    })
    .join('\n');
  return `${head}${body}\n`;
}

/**
 * A summary of scored systems for a terminal, one line per system in the order given: its name padded to 40
 * characters, then exec@1, exec@10 and nDCG@10 to four decimals (`—` for a measure the file lacks).
 *
 * @example
 * resultsSummary([{ model: 'bm25', metrics: { 'exec@1': 0.02, 'exec@10': 0.82, 'ndcg@10': 0.3662 }, … }]);
 * // 'bm25                                     exec@1 0.0200  exec@10 0.8200  ndcg@10 0.3662\n'
 */
export function resultsSummary(results: readonly ResultsFile[]): string {
  const cols = ['exec@1', 'exec@10', 'ndcg@10'];
  const line = (r: ResultsFile) =>
    `${r.model.padEnd(40)} ${cols.map((c) => `${c} ${metricValue(r, c)?.toFixed(4) ?? '—'}`).join('  ')}\n`;
  return results.map(line).join('');
}

/** `leaderboard.csv`: RFC 4180, full precision, one column per measure plus the exec@1 interval. */
export function leaderboardCsv(rows: readonly LeaderboardRow[]): string {
  const header = ['rank', 'model', ...RELEASE_MEASURES, 'exec@1_ci95_low', 'exec@1_ci95_high'];
  const quote = (v: string): string => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = rows.map((r) =>
    [
      String(r.rank),
      quote(r.model),
      ...RELEASE_MEASURES.map((m) => (r.metrics[m] === undefined ? '' : String(r.metrics[m]))),
      r.exec1_ci95 ? String(r.exec1_ci95[0]) : '',
      r.exec1_ci95 ? String(r.exec1_ci95[1]) : '',
    ].join(','),
  );
  return `${header.join(',')}\n${lines.join('\n')}\n`;
}
