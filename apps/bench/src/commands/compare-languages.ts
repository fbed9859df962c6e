import { basename, dirname, resolve } from 'node:path';
import {
  type CrossLanguageSide,
  compareLanguages,
  crossLanguageQueries,
  crossLanguageSystems,
  formatCrossLanguageMarkdown,
  type SystemAnalyses,
} from '@execret/analyses';
import {
  formatResultsJson,
  manifestDataset,
  readAnalysesFiles,
  readFolderManifest,
  readResultFiles,
  writeResultsFiles,
} from '@execret/dataset';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '@execret/stats';
import { type Command, type CommandContext, intOption, listOption, stringOption, UsageError } from '../command.js';
import { loadDataset } from '../stages.js';
import { CONFIDENCE_OPTION, confidenceOption, STATS_OPTIONS } from './options.js';

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
    ...CONFIDENCE_OPTION,
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
    const confidence = confidenceOption(values);
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
    const [a, b] = sides as [(typeof sides)[0], (typeof sides)[0]];
    // Default labels: the languages of the two datasets when each has one and they differ, else the dataset sources.
    if (labels.length === 0 && a.language !== undefined && b.language !== undefined && a.language !== b.language) {
      a.side = { ...a.side, language: a.language };
      b.side = { ...b.side, language: b.language };
    }
    const result = compareLanguages(a.side, b.side, {
      seed: intOption(values, 'seed', DEFAULT_SEED),
      resamples: intOption(values, 'resamples', DEFAULT_RESAMPLES),
      confidence,
      unpaired: values['allow-unpaired'] === true ? 'skip' : 'error',
    });
    const document = {
      folders: { a: dirs[0], b: dirs[1] },
      datasets: { a: a.dataset, b: b.dataset },
      ...result,
    };
    const out = stringOption(values, 'out');
    if (out !== undefined)
      await writeResultsFiles(dirname(resolve(out)), [[basename(resolve(out)), formatResultsJson(document)]]);
    if (io.json) io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    // Two versions of one language's benchmark (standard and propagated-bug pools, say): a paired comparison.
    else io.stdout.write(formatCrossLanguageMarkdown(result, a.dataset, b.dataset, a.language === b.language));
    if (out !== undefined) io.log(`wrote ${resolve(out)}`);
    return 0;
  },
};

/** Reads one results folder and loads its dataset into a {@link CrossLanguageSide}. */
async function readSide(
  context: CommandContext,
  dir: string,
  datasetOption: string | undefined,
  label: string | undefined,
): Promise<{ side: CrossLanguageSide; dataset: string; language: string | undefined }> {
  const manifest = await readFolderManifest(dir);
  const { io } = context;
  const contradictions = manifest.verify?.contradictions.length ?? 0;
  if (contradictions > 0) {
    io.warn(
      `${dir}: its run found ${contradictions} snippets contradicting their label (manifest.json verify); its exec@k values are not trustworthy`,
    );
  }
  const source = datasetOption ?? manifestDataset(manifest);
  if (source === undefined) {
    throw new UsageError(
      `${dir}/manifest.json records no dataset; give it with --dataset-a / --dataset-b ('mini', 'mini-js', a release directory or hf:owner/name)`,
    );
  }
  const [files, analyses, dataset] = await Promise.all([
    readResultFiles(dir),
    readAnalysesFiles<SystemAnalyses>(dir),
    loadDataset(context, source),
  ]);
  const systems = crossLanguageSystems(files, analyses);
  const languages = new Set(dataset.benchmark.queryLanguage);
  return {
    side: { language: label ?? source, queries: crossLanguageQueries(dataset.benchmark), systems },
    dataset: source,
    language: languages.size === 1 ? [...languages][0] : undefined,
  };
}
