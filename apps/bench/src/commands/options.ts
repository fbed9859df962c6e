import { resolve } from 'node:path';
import { DEFAULT_TEST_SUITE_SIZE, HUB_PARTS, type HubPart } from '@execret/dataset';
import { DEFAULT_TIES, TIE_MODES, type TieMode } from '@execret/metrics';
import { DEFAULT_TIMEOUT_MS } from '@execret/oracle';
import { cacheLayout } from '@execret/pipeline';
import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from '@execret/stats';
import { type CommandContext, intOption, listOption, type OptionSpec, stringOption, UsageError } from '../command.js';

/** The dataset of a command without `--dataset`: the bundled Python one. */
const DEFAULT_DATASET = 'mini';
/** The results folder of a command without `--out`. */
const DEFAULT_OUT = 'execret-results';

/** Options shared by the commands that load a dataset. */
export const DATASET_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  dataset: {
    type: 'string',
    short: 'd',
    placeholder: 'source',
    default: DEFAULT_DATASET,
    description:
      "dataset: 'mini' or 'mini-js' (bundled: 100 Python / JavaScript tasks), a release directory, or hf:owner/name[@revision] (a branch, tag or commit)",
  },
  with: {
    type: 'string',
    placeholder: 'parts',
    description:
      'also fetch these folders of the release: embeddings,results,tests (from the Hub listing, checksummed, resumable; for a directory: they must exist)',
  },
};

/** A dataset as `DATASET_OPTIONS` give it: the source (`--dataset`) and the release's optional parts (`--with`). */
export interface DatasetOption {
  readonly source: string;
  readonly parts: HubPart[];
}

/** `--dataset` and `--with` (each part once; `embeddings`, `results`, `tests`: `@execret/dataset`'s `HUB_PARTS`). */
export function datasetOption(values: CommandContext['values']): DatasetOption {
  const parts: HubPart[] = [];
  for (const name of listOption(values, 'with')) {
    if (!(HUB_PARTS as readonly string[]).includes(name))
      throw new UsageError(`--with takes ${HUB_PARTS.join(', ')}; got ${JSON.stringify(name)}`);
    if (!parts.includes(name as HubPart)) parts.push(name as HubPart);
  }
  return { source: stringOption(values, 'dataset') ?? DEFAULT_DATASET, parts };
}

export const OUT_OPTION: Readonly<Record<string, OptionSpec>> = {
  out: { type: 'string', short: 'o', placeholder: 'dir', default: DEFAULT_OUT, description: 'results folder' },
};

/** `--out`, resolved against the working folder. */
export function outOption(values: CommandContext['values']): string {
  return resolve(stringOption(values, 'out') ?? DEFAULT_OUT);
}

export const MODELS_OPTION: Readonly<Record<string, OptionSpec>> = {
  models: {
    type: 'string',
    short: 'm',
    multiple: true,
    placeholder: 'ids',
    description:
      'comma-separated systems: bm25 and registry ids (see `execret models`); default: bm25, the small local model, and one hosted model per API key set',
  },
};

export const CUSTOM_MODEL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'model-config': {
    type: 'string',
    multiple: true,
    placeholder: 'file.json',
    description:
      'add models the registry lacks: a JSON ModelConfig (or an array), same fields as `execret models --json`',
  },
  'local-models': {
    type: 'string',
    placeholder: 'dir',
    description: 'folder holding local model weights (<dir>/<org>/<name>/); default <cache>/models',
  },
};

/** The folder of local model weights: `--local-models`, else the cache folder's `models/`. */
export function localModelsOption({ values, config }: Pick<CommandContext, 'values' | 'config'>): string {
  const folder = stringOption(values, 'local-models');
  return folder ? resolve(folder) : cacheLayout(config.cacheDir).models;
}

/** A task file of `execret build` and `execret tasks convert`. */
export const TASKS_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  tasks: {
    type: 'string',
    placeholder: 'file',
    description:
      "tasks: execret's tasks JSONL (docs/formats.md; python, javascript or typescript), HumanEval's HumanEval.jsonl[.gz] or MBPP's mbpp.jsonl as published (converted by documented rules)",
  },
  'tasks-format': {
    type: 'string',
    placeholder: 'tasks|humaneval|mbpp',
    description: 'the format of --tasks (default: detected from its rows)',
  },
};

/** The test-count bounds of the schema gate (`build`, `generate`); defaults are the release's rule. */
export const TEST_BOUNDS_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'min-tests': {
    type: 'string',
    placeholder: 'n',
    default: String(DEFAULT_TEST_SUITE_SIZE.min),
    description: 'fewest asserts a task may have (the release: 7)',
  },
  'max-tests': {
    type: 'string',
    placeholder: 'n',
    default: String(DEFAULT_TEST_SUITE_SIZE.max),
    description: 'most asserts a task may have (the release: 10)',
  },
};

/** The oracle's sandbox: every command that executes snippets takes these. */
export const SANDBOX_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  isolation: {
    type: 'string',
    placeholder: 'auto|bwrap|rlimit',
    description:
      "the oracle's sandbox: bwrap (require bubblewrap), rlimit (rlimits and a uid drop only), auto (bubblewrap when it works, else rlimit with a warning); default $EXECRET_ISOLATION or auto",
  },
  'allow-unsandboxed': {
    type: 'boolean',
    description:
      'run code or tests written by a language model (generate, exec/tests@…, exec/probe@…) even without bubblewrap',
  },
};

export const ORACLE_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'timeout-ms': {
    type: 'string',
    placeholder: 'ms',
    description: `per-suite time limit of the oracle (default ${DEFAULT_TIMEOUT_MS})`,
  },
  concurrency: { type: 'string', placeholder: 'n', description: 'oracle fork servers (default: one per core)' },
  ...SANDBOX_OPTIONS,
};

export const STATS_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  seed: {
    type: 'string',
    placeholder: 'n',
    default: String(DEFAULT_SEED),
    description: 'seed of the bootstrap and of the pool-density ablation',
  },
  resamples: {
    type: 'string',
    placeholder: 'n',
    default: String(DEFAULT_RESAMPLES),
    description: 'bootstrap resamples',
  },
};

export const CONFIDENCE_OPTION: Readonly<Record<string, OptionSpec>> = {
  confidence: {
    type: 'string',
    placeholder: 'p',
    default: String(DEFAULT_CONFIDENCE),
    description: 'interval level',
  },
};

/** `--confidence`, a level in (0, 1). */
export function confidenceOption(values: CommandContext['values']): number {
  const confidence = Number(stringOption(values, 'confidence') ?? DEFAULT_CONFIDENCE);
  if (!(confidence > 0 && confidence < 1)) throw new UsageError('--confidence must be in (0, 1)');
  return confidence;
}

export const NO_EXECUTE_OPTION: Readonly<Record<string, OptionSpec>> = {
  'no-execute': {
    type: 'boolean',
    description: 'execute nothing (no oracle): retrieved pairs unknown to the cache count as not passing',
  },
};

const TIES_OPTION: Readonly<Record<string, OptionSpec>> = {
  ties: {
    type: 'string',
    placeholder: 'mode',
    default: DEFAULT_TIES,
    description: "tie handling: 'trec' (id descending) or 'expected' (McSherry & Najork)",
  },
};

export const SHARD_OPTION: Readonly<Record<string, OptionSpec>> = {
  shard: {
    type: 'string',
    placeholder: 'i/n|auto',
    description:
      'process only shard i of n, or `auto` to read a Slurm array or Kubernetes Indexed Job (merge the caches with `execret merge`; see docs/clusters)',
  },
};

function tiesOption(values: CommandContext['values']): TieMode {
  const ties = stringOption(values, 'ties') ?? DEFAULT_TIES;
  if (!(TIE_MODES as readonly string[]).includes(ties)) {
    throw new UsageError(`--ties must be one of ${TIE_MODES.join(', ')}, got ${JSON.stringify(ties)}`);
  }
  return ties as TieMode;
}

/**
 * What `run` and `score` read alike: the results folder, the tie mode, the seed, and whether to execute
 * (`--no-execute`, which a shard cannot do: it executes a share of `work`).
 */
export function scoringOptions(values: CommandContext['values'], work: string) {
  const options = { out: outOption(values), ties: tiesOption(values), seed: intOption(values, 'seed', DEFAULT_SEED) };
  const execute = values['no-execute'] !== true;
  if (values.shard !== undefined && !execute)
    throw new UsageError(`--shard executes a share of ${work}; it cannot be combined with --no-execute`);
  return { ...options, execute };
}

/** The options `run` and `score` open with, in their help's order: the dataset, the systems, the output, the tie rule. */
export const SCORED_SYSTEMS_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  ...DATASET_OPTIONS,
  ...MODELS_OPTION,
  ...CUSTOM_MODEL_OPTIONS,
  ...OUT_OPTION,
  ...TIES_OPTION,
};
