import { basename, dirname, resolve } from 'node:path';
import {
  type CrossLanguageFolder,
  compareLanguages,
  crossLanguageSides,
  formatCrossLanguageMarkdown,
} from '@execret/analyses';
import { formatResultsJson, writeResultsFiles } from '@execret/dataset';
import { readScoredFolder } from '@execret/pipeline';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '@execret/stats';
import { type Command, type CommandContext, intOption, listOption, stringOption, UsageError } from '../command.js';
import { datasetLoadOptions } from '../stage-context.js';
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
    const folders = await Promise.all(
      (['a', 'b'] as const).map((side, i) => readFolder(context, dirs[i]!, stringOption(values, `dataset-${side}`))),
    );
    const given = labels.length === 2 ? (labels as [string, string]) : undefined;
    const { sides, sameLanguage } = crossLanguageSides(folders as [CrossLanguageFolder, CrossLanguageFolder], given);
    const [a, b] = folders as [CrossLanguageFolder, CrossLanguageFolder];
    const result = compareLanguages(sides[0], sides[1], {
      seed: intOption(values, 'seed', DEFAULT_SEED),
      resamples: intOption(values, 'resamples', DEFAULT_RESAMPLES),
      confidence,
      unpaired: values['allow-unpaired'] === true ? 'skip' : 'error',
    });
    const document = {
      folders: { a: dirs[0], b: dirs[1] },
      datasets: { a: a.source, b: b.source },
      ...result,
    };
    const out = stringOption(values, 'out');
    if (out !== undefined)
      await writeResultsFiles(dirname(resolve(out)), [[basename(resolve(out)), formatResultsJson(document)]]);
    // Two versions of one language's benchmark (standard and propagated-bug pools, say): a paired comparison.
    io.result(document, () => formatCrossLanguageMarkdown(result, a.source, b.source, sameLanguage));
    if (out !== undefined) io.log(`wrote ${resolve(out)}`);
    return 0;
  },
};

/** Reads one results folder back with the dataset its run scored (`--dataset-a`/`-b`, else its manifest's). */
async function readFolder(context: CommandContext, dir: string, source: string | undefined) {
  const folder = await readScoredFolder(dir, { ...datasetLoadOptions(context), source });
  if ('problem' in folder)
    throw new UsageError(
      `${dir}/manifest.json records no dataset; give it with --dataset-a / --dataset-b ('mini', 'mini-js', a release directory or hf:owner/name)`,
    );
  return folder;
}
