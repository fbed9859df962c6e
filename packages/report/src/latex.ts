/**
 * Paper-ready LaTeX tables of a results folder (booktabs only: `\usepackage{booktabs}`): the leaderboard
 * with 95% intervals, and the pairwise significance of exec@1. Numbers are formatted as in leaderboard.md
 * (4 decimals); every system name is escaped, so `bm25>>exec/consensus` prints as written.
 */

import { parsePairKey } from '@execret/stats';

/** An interval as `confidence_intervals.json` stores it. */
interface Interval {
  readonly ci95_low: number;
  readonly ci95_high: number;
}

/**
 * One leaderboard row: a system and its mean measures (`results/<model>.json` `metrics`; a value that is not a
 * finite number prints as missing).
 */
export interface LatexLeaderboardRow {
  readonly model: string;
  readonly metrics: Readonly<Record<string, unknown>>;
}

/** The measures of the leaderboard table, in column order. */
const LEADERBOARD_MEASURES = ['exec@1', 'exec@3', 'exec@5', 'exec@10', 'ndcg@10'] as const;

/** Header text of a measure (`exec@1` → `exec@1`, `ndcg@10` → `nDCG@10`). */
function measureHeader(measure: string): string {
  return escapeLatex(measure.replace(/^ndcg/, 'nDCG'));
}

const LATEX_SPECIALS: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '%': '\\%',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};

/**
 * Text safe in LaTeX's text mode: the ten special characters, and `<`, `>`, `|` (which the default OT1
 * font encoding prints as other glyphs), spelled out; everything else as given.
 *
 * @example
 * escapeLatex('bm25>>exec/consensus'); // 'bm25\\textgreater{}\\textgreater{}exec/consensus'
 */
export function escapeLatex(text: string): string {
  return text.replace(/[\\{}$&#%_~^<>|]/g, (c) => LATEX_SPECIALS[c] ?? c);
}

/** 4 decimals, as leaderboard.md; an en dash for a missing value. */
function fixed(value: unknown): string {
  return typeof value !== 'number' || !Number.isFinite(value) ? '--' : value.toFixed(4);
}

/** An interval in a smaller size, for the line under its mean: `{\tiny [0.3000, 0.3600]}`; '' for none. */
function intervalCell(interval: Interval | undefined): string {
  return interval === undefined ? '' : `{\\tiny [${fixed(interval.ci95_low)}, ${fixed(interval.ci95_high)}]}`;
}

/**
 * `leaderboard.tex`: a `table` with a booktabs `tabular`, two lines per system in the order given (the
 * leaderboard's: exec@1, then name): its means of exec@1/3/5/10 and nDCG@10 (nDCG@1 equals exec@1 whenever the canonical is the only passing snippet, so it is left out), then under each its 95%
 * percentile bootstrap interval when `intervals` has one. The caption gives the number of queries and, when
 * `setting.resamples` is given, the bootstrap's resamples (`bootstrap_samples` of `confidence_intervals.json`).
 *
 * @example
 * leaderboardLatex([{ model: 'bm25', metrics: { 'exec@1': 0.02 } }], { bm25: { 'exec@1': { ci95_low: 0, ci95_high: 0.05 } } }, { queries: 100, resamples: 5000 });
 */
export function leaderboardLatex(
  rows: readonly LatexLeaderboardRow[],
  intervals: Readonly<Record<string, Readonly<Record<string, Interval>>>>,
  setting: { readonly queries: number; readonly resamples?: number },
): string {
  const header = ['System', ...LEADERBOARD_MEASURES.map(measureHeader)].join(' & ');
  const body = rows.flatMap((row) => {
    const means = LEADERBOARD_MEASURES.map((m) => fixed(row.metrics[m]));
    const ranges = LEADERBOARD_MEASURES.map((m) => intervalCell(intervals[row.model]?.[m]));
    const first = `${escapeLatex(row.model)} & ${means.join(' & ')} \\\\`;
    return ranges.some((r) => r !== '') ? [first, ` & ${ranges.join(' & ')} \\\\[2pt]`] : [first];
  });
  return [
    '\\begin{table}[t]',
    '\\centering',
    `\\caption{Leaderboard: mean over ${setting.queries} queries${setting.resamples === undefined ? '' : `, with 95\\% percentile bootstrap intervals below (${setting.resamples} query resamples)`}. exec@$k$: a passing snippet in the top $k$; nDCG@$k$: the canonical's position.}`,
    '\\label{tab:execret-leaderboard}',
    '\\footnotesize',
    '\\setlength{\\tabcolsep}{3pt}',
    `\\begin{tabular}{@{}l${'c'.repeat(LEADERBOARD_MEASURES.length)}@{}}`,
    '\\toprule',
    `${header} \\\\`,
    '\\midrule',
    ...body,
    '\\bottomrule',
    '\\end{tabular}',
    '\\end{table}',
    '',
  ].join('\n');
}

/** The exec@1 comparison of one pair as `pairwise_tests.json` stores it. */
interface ExecComparison {
  readonly a_only: number;
  readonly b_only: number;
  readonly delta: number;
  readonly mcnemar_exact_p: number;
  readonly bootstrap_ci_95?: readonly [number, number];
  readonly [adjusted: string]: unknown;
}

/** The multiple-comparison corrections `compareSystems` writes, with their key and their name in a caption. */
const CORRECTIONS = [
  { key: 'mcnemar_exact_p_holm', name: "Holm's correction" },
  { key: 'mcnemar_exact_p_bh', name: 'the Benjamini--Hochberg correction' },
] as const;

/** A p-value to 4 decimals, `<0.0001` below. */
function pValue(p: number): string {
  return p < 0.0001 ? '$<$0.0001' : p.toFixed(4);
}

/**
 * `significance.tex`: one row per pair of systems (the pairs of `pairwise_tests.json`, `"A vs B"` with A
 * before B in code-point order, split by `@execret/stats`' `parsePairKey`; a key it cannot split is printed whole
 * as A), with the exec@1 difference A − B and its paired bootstrap interval, the
 * discordant counts, the exact McNemar p-value and the p-value after the correction the comparison used
 * (Holm's or Benjamini–Hochberg's, read from the file; none when it has neither). A pair whose corrected p
 * is below `alpha` is marked with $^{*}$.
 */
export function significanceLatex(
  pairwise: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  setting: { readonly alpha?: number; readonly measure?: string } = {},
): string {
  const alpha = setting.alpha ?? 0.05;
  const measure = setting.measure ?? 'exec@1';
  const pairs = Object.entries(pairwise)
    .map(([key, value]) => ({ key, cell: value[measure] as ExecComparison | undefined }))
    .filter((p): p is { key: string; cell: ExecComparison } => typeof p.cell?.mcnemar_exact_p === 'number');
  const correction = CORRECTIONS.find((c) => pairs.some((p) => typeof p.cell[c.key] === 'number'));
  const rows = pairs.flatMap(({ key, cell }) => {
    const { a, b } = parsePairKey(key) ?? { a: key, b: '' };
    const adjusted = correction ? (cell[correction.key] as number | undefined) : undefined;
    const decided = adjusted ?? cell.mcnemar_exact_p;
    const mark = decided < alpha ? '$^{*}$' : '';
    const cells = [
      escapeLatex(a),
      escapeLatex(b),
      `${cell.delta > 0 ? '+' : ''}${fixed(cell.delta)}`,
      `${cell.a_only}/${cell.b_only}`,
      pValue(cell.mcnemar_exact_p),
      ...(correction ? [adjusted === undefined ? '--' : pValue(adjusted)] : []),
    ];
    const first = `${cells.join(' & ')}${mark} \\\\`;
    if (!cell.bootstrap_ci_95) return [first];
    const interval = intervalCell({ ci95_low: cell.bootstrap_ci_95[0], ci95_high: cell.bootstrap_ci_95[1] });
    return [first, ` & & ${interval}${' &'.repeat(cells.length - 3)} \\\\[2pt]`];
  });
  const header = [
    'System A',
    'System B',
    `$\\Delta$ ${escapeLatex(measure)}`,
    'A/B only',
    '$p$ (exact)',
    ...(correction ? ['$p$ (corrected)'] : []),
  ];
  const rule = correction ? `after ${correction.name} over all pairs` : 'without correction';
  return [
    '\\begin{table}[t]',
    '\\centering',
    `\\caption{Pairwise comparison on ${escapeLatex(measure)}: difference A $-$ B with its 95\\% paired bootstrap interval below it, queries only A / only B passes, exact McNemar $p$. $^{*}$: $p < ${alpha}$ ${rule}.}`,
    '\\label{tab:execret-significance}',
    '\\footnotesize',
    '\\setlength{\\tabcolsep}{3pt}',
    `\\begin{tabular}{@{}llc${'r'.repeat(header.length - 3)}@{}}`,
    '\\toprule',
    `${header.join(' & ')} \\\\`,
    '\\midrule',
    ...(rows.length > 0 ? rows : [`\\multicolumn{${header.length}}{c}{(one system: no pairs)} \\\\`]),
    '\\bottomrule',
    '\\end{tabular}',
    '\\end{table}',
    '',
  ].join('\n');
}
