import {
  type CanonicalBelowCell,
  CROSS_LANGUAGE_MEASURES,
  type CrossLanguageComparison,
  type RunDeceptionCell,
} from './cross-language.js';

const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '–');
const num = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : '–');
const signed = (x: number): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(3)}` : '–');

function runCell(cell: RunDeceptionCell | undefined): string {
  if (cell === undefined || cell.triples === 0) return '–';
  const bound = cell.unresolved > 0 ? `–${pct(cell.rateUpper)}` : '';
  return `${pct(cell.rate)}${bound} (${cell.deceived}/${cell.triples})`;
}

function belowCell(cell: CanonicalBelowCell): string {
  const bound = cell.unresolved > 0 ? `–${pct(cell.rateUpper)}` : '';
  return `${pct(cell.rate)}${bound} (${cell.below}/${cell.queries}, ${cell.tied} tied)`;
}

/**
 * A {@link compareLanguages} result as Markdown, as `execret compare-languages` prints it: per system and measure the
 * two languages' values, the paired difference with its interval and McNemar on exec@1; canonical-below per
 * language; and deception by bug type, full pool beside top results (a range when some triples fall outside the top
 * 10). `datasetA`/`datasetB` name the two datasets in the first paragraph. With `oneLanguage` (two versions of one
 * language's benchmark, standard against propagated-bug pools, say) the section is headed "Paired comparison"
 * instead of "Cross-language comparison".
 *
 * @example
 * process.stdout.write(formatCrossLanguageMarkdown(compareLanguages(a, b, options), 'mini', 'mini-js'));
 */
export function formatCrossLanguageMarkdown(
  result: CrossLanguageComparison,
  datasetA: string,
  datasetB: string,
  oneLanguage = false,
): string {
  const { a, b } = result.languages;
  const level = Math.round(result.bootstrap.confidence * 100);
  const lines: string[] = [
    `## ${oneLanguage ? 'Paired comparison' : 'Cross-language comparison'}: ${a} vs ${b}`,
    '',
    `${result.tasks.length} paired tasks (${datasetA} vs ${datasetB}); differences are ${a} − ${b} with paired bootstrap ${level}% intervals (${result.bootstrap.resamples} resamples, seed ${result.bootstrap.seed}); McNemar exact on exec@1.`,
  ];
  if (result.unpaired.a.length + result.unpaired.b.length > 0) {
    lines.push(
      '',
      `Unpaired tasks left out: ${result.unpaired.a.length} of ${a} (${result.unpaired.a.slice(0, 5).join(', ')}${result.unpaired.a.length > 5 ? ', …' : ''}), ${result.unpaired.b.length} of ${b} (${result.unpaired.b.slice(0, 5).join(', ')}${result.unpaired.b.length > 5 ? ', …' : ''}).`,
    );
  }
  if (result.systemsOnlyIn.a.length + result.systemsOnlyIn.b.length > 0) {
    lines.push(
      '',
      `Not compared (run in one language only): ${[...result.systemsOnlyIn.a.map((m) => `${m} (${a})`), ...result.systemsOnlyIn.b.map((m) => `${m} (${b})`)].join(', ')}.`,
    );
  }
  lines.push(
    '',
    `| system | measure | ${a} | ${b} | Δ | ${level}% CI | McNemar (${a} only / ${b} only, p) |`,
    '|---|---|---:|---:|---:|---|---|',
  );
  for (const system of result.systems) {
    for (const m of CROSS_LANGUAGE_MEASURES) {
      const cell = system.measures[m];
      const test =
        m !== 'exec@1'
          ? ''
          : system.mcnemar.status === 'tested'
            ? `${system.mcnemar.aOnly} / ${system.mcnemar.bOnly}, p = ${system.mcnemar.pValue.toPrecision(3)}`
            : 'not binary';
      lines.push(
        `| ${system.model} | ${m} | ${num(cell.a)} | ${num(cell.b)} | ${signed(cell.difference)} | [${signed(cell.ci[0])}, ${signed(cell.ci[1])}] | ${test} |`,
      );
    }
  }
  lines.push('', `| system | canonical below a distractor: ${a} | ${b} | source |`, '|---|---:|---:|---|');
  for (const system of result.systems) {
    const { a: ca, b: cb } = system.canonicalBelow;
    const source = ca.source === 'gaps' ? 'full-pool scores' : 'top results (lower–upper bound)';
    lines.push(`| ${system.model} | ${belowCell(ca)} | ${belowCell(cb)} | ${source} |`);
  }
  lines.push(
    '',
    `| system | bug type | ${a}: full pool | ${b}: full pool | ${a}: top results | ${b}: top results |`,
    '|---|---|---:|---:|---:|---:|',
  );
  for (const system of result.systems) {
    const full = system.fullPoolDeception;
    const types = [
      ...new Set([
        ...Object.keys(system.deception.a),
        ...(full ? [...Object.keys(full.a), ...Object.keys(full.b)] : []),
      ]),
    ].sort();
    for (const type of types) {
      const fa = full?.a[type];
      const fb = full?.b[type];
      const fullCell = (c: typeof fa): string =>
        c === undefined || c.triples === 0 ? '–' : `${pct(c.rate)} (${c.deceived}/${c.triples}, ${c.ties} tied)`;
      lines.push(
        `| ${system.model} | ${type} | ${full ? fullCell(fa) : 'n/a'} | ${full ? fullCell(fb) : 'n/a'} | ${runCell(system.deception.a[type])} | ${runCell(system.deception.b[type])} |`,
      );
    }
  }
  lines.push(
    '',
    'Deception: share of (task, canonical, distractor) triples whose distractor scores strictly above the canonical. Full pool: from `analyses/` (all queries, shown only when every task pairs). Top results: from the ranked top 10, with a range when some triples fall outside it.',
    '',
  );
  return lines.join('\n');
}
