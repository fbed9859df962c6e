import { resolve } from 'node:path';
import {
  type CanonicalBelowCell,
  CROSS_LANGUAGE_MEASURES,
  type CrossLanguageComparison,
  type CrossLanguageSide,
  compareLanguages,
  crossLanguageQueries,
  type RunDeceptionCell,
} from '@execret/analyses';
import { type Command, type CommandContext, intOption, listOption, stringOption, UsageError } from '../command.js';
import { loadDataset } from '../pipeline.js';
import { readAnalyses, readManifest, readResultFiles, writeJson } from '../results-io.js';
import { resultExtras } from '../results-model.js';
import { STATS_OPTIONS } from './options.js';

export const compareLanguagesCommand: Command = {
  name: 'compare-languages',
  summary: 'compare the same systems on two languages’ versions of a benchmark (paired tasks, issue 16)',
  usage:
    'execret compare-languages <results-dir-a> <results-dir-b> [--dataset-a src] [--dataset-b src] [--labels a,b] [--out file.json]',
  options: {
    'dataset-a': {
      type: 'string',
      placeholder: 'source',
      description: "dataset of the first folder (default: the `dataset` its manifest.json records, e.g. 'mini')",
    },
    'dataset-b': {
      type: 'string',
      placeholder: 'source',
      description: "dataset of the second folder (default: its manifest's, e.g. 'mini-js')",
    },
    labels: {
      type: 'string',
      placeholder: 'a,b',
      description: 'names of the two sides in the table (default: the datasets)',
    },
    'allow-unpaired': {
      type: 'boolean',
      description: 'compare the tasks present in both languages and list the others, instead of failing',
    },
    out: {
      type: 'string',
      short: 'o',
      placeholder: 'file.json',
      description: 'also write the comparison as JSON here',
    },
    ...STATS_OPTIONS,
    confidence: { type: 'string', placeholder: 'p', default: '0.95', description: 'interval level' },
  },
  examples: [
    'execret run --dataset mini --models bm25 --out py && execret run --dataset mini-js --models bm25 --out js',
    'execret compare-languages py js --labels python,javascript --out cross-language.json',
  ],
  async run(context) {
    const { values, positionals, io } = context;
    if (positionals.length !== 2) {
      throw new UsageError(`expected two results folders, received ${positionals.length}: ${positionals.join(' ')}`);
    }
    const confidence = Number(stringOption(values, 'confidence') ?? '0.95');
    if (!(confidence > 0 && confidence < 1)) throw new UsageError('--confidence must be in (0, 1)');
    const labels = listOption(values, 'labels');
    if (labels.length !== 0 && labels.length !== 2) {
      throw new UsageError(`--labels expects two names separated by a comma, got ${JSON.stringify(labels.join(','))}`);
    }
    const dirs = positionals.map((p) => resolve(p)) as [string, string];
    const sides = await Promise.all(
      (['a', 'b'] as const).map((side, i) =>
        readSide(context, dirs[i]!, stringOption(values, `dataset-${side}`), labels[i]),
      ),
    );
    // Default labels: the languages of the two datasets when each has one and they differ, else the dataset sources.
    if (labels.length === 0 && sides[0]!.language !== undefined && sides[1]!.language !== undefined) {
      if (sides[0]!.language !== sides[1]!.language) {
        sides[0]!.side = { ...sides[0]!.side, language: sides[0]!.language };
        sides[1]!.side = { ...sides[1]!.side, language: sides[1]!.language };
      }
    }
    const result = compareLanguages(sides[0]!.side, sides[1]!.side, {
      seed: intOption(values, 'seed', 20260510),
      resamples: intOption(values, 'resamples', 5000),
      confidence,
      unpaired: values['allow-unpaired'] === true ? 'skip' : 'error',
    });
    const document = {
      folders: { a: dirs[0], b: dirs[1] },
      datasets: { a: sides[0]!.dataset, b: sides[1]!.dataset },
      ...result,
    };
    const out = stringOption(values, 'out');
    if (out !== undefined) await writeJson(resolve(out), document);
    if (io.json) io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    else io.stdout.write(formatMarkdown(result, sides[0]!.dataset, sides[1]!.dataset));
    if (out !== undefined) io.log(`wrote ${resolve(out)}`);
    return 0;
  },
};

/** Reads one results folder and loads its dataset into a {@link CrossLanguageSide}. */
async function readSide(
  { config, io, signal }: CommandContext,
  dir: string,
  datasetOption: string | undefined,
  label: string | undefined,
): Promise<{ side: CrossLanguageSide; dataset: string; language: string | undefined }> {
  const manifest = await readManifest(dir);
  const recorded = typeof manifest.dataset === 'string' ? manifest.dataset : undefined;
  const commit = typeof manifest.dataset_commit === 'string' ? manifest.dataset_commit : undefined;
  const pinned =
    recorded !== undefined && commit !== undefined && recorded.startsWith('hf:') && !recorded.includes('@')
      ? `${recorded}@${commit}`
      : recorded;
  const verify = manifest.verify as { contradictions?: unknown } | undefined;
  const contradictions = Array.isArray(verify?.contradictions) ? verify.contradictions.length : 0;
  if (contradictions > 0) {
    io.warn(
      `${dir}: its run found ${contradictions} snippets contradicting their label (manifest.json verify); its exec@k values are not trustworthy`,
    );
  }
  const source = datasetOption ?? pinned;
  if (source === undefined) {
    throw new UsageError(
      `${dir}/manifest.json records no dataset; give it with --dataset-a / --dataset-b ('mini', 'mini-js', a release directory or hf:owner/name)`,
    );
  }
  const [files, analyses, dataset] = await Promise.all([
    readResultFiles(dir),
    readAnalyses(dir),
    loadDataset(source, config, io, signal),
  ]);
  const analysesByModel = new Map(analyses.map((a) => [a.model, a]));
  const systems = files.map((file) => {
    const stored = resultExtras(file)?.per_query_measures;
    const own = analysesByModel.get(file.model);
    const gaps = own?.canonical_gap?.gaps;
    return {
      file,
      ...(stored === undefined ? {} : { stored }),
      ...(Array.isArray(gaps) && gaps.length === file.per_query.length ? { canonicalGaps: gaps } : {}),
      ...(own?.deception_by_bug_type === undefined ? {} : { deceptionByBugType: own.deception_by_bug_type }),
    };
  });
  const languages = new Set(dataset.benchmark.queryLanguage);
  return {
    side: { language: label ?? source, queries: crossLanguageQueries(dataset.benchmark), systems },
    dataset: source,
    language: languages.size === 1 ? [...languages][0] : undefined,
  };
}

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

/** The comparison as Markdown: measures with paired differences, canonical-below, deception by bug type. */
function formatMarkdown(result: CrossLanguageComparison, datasetA: string, datasetB: string): string {
  const { a, b } = result.languages;
  const level = Math.round(result.bootstrap.confidence * 100);
  const lines: string[] = [
    `## Cross-language comparison: ${a} vs ${b}`,
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
