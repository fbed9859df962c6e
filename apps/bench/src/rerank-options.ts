import { join, resolve } from 'node:path';
import type { Oracle } from '@execret/oracle';
import { DEFAULT_RERANK_DEPTH } from '@execret/rerankers';
import {
  type CommandContext,
  intOption,
  listOption,
  nonNegativeNumberOption,
  type OptionSpec,
  stringOption,
  UsageError,
} from './command.js';
import { requireSandbox, runsModelWrittenCode } from './sandbox.js';
import {
  createSecondStages,
  DEFAULT_RERANKED_FIRST_STAGE,
  DEFAULT_SECOND_STAGES,
  type SecondStages,
} from './second-stages.js';

/** What `--rerank` asks of a scoring run. */
export interface RerankPlan {
  readonly secondStages: SecondStages;
  /** The first stage's top `depth` is reranked (`--rerank-depth`). */
  readonly depth: number;
  /** Ids of the first stages to rerank; every first stage when absent. */
  readonly firstStages?: readonly string[];
}

/** `--rerank`, `--rerank-depth` and the chat prices of chat-model rerankers (on `run` and `score`). */
export const RERANK_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  rerank: {
    type: 'string',
    multiple: true,
    placeholder: 'ids',
    description: `second stages over every first stage, each pair a system <first>>><reranker>: reranker ids (@execret/rerankers' registry, or exec/consensus, exec/random-clone, exec/tests@<chat model>, exec/probe@<chat model>); 'none' for none; run's default with no --models: ${DEFAULT_SECOND_STAGES.join(',')} over ${DEFAULT_RERANKED_FIRST_STAGE}`,
  },
  'rerank-depth': {
    type: 'string',
    placeholder: 'k',
    default: String(DEFAULT_RERANK_DEPTH),
    description: "how many of the first stage's top results the second stage reorders (nothing below is kept)",
  },
  'rerank-price-in': {
    type: 'string',
    placeholder: 'usd',
    description: 'chat-model rerankers: USD per 1M input tokens (cost estimate)',
  },
  'rerank-price-out': {
    type: 'string',
    placeholder: 'usd',
    description: 'chat-model rerankers: USD per 1M output tokens (cost estimate)',
  },
};

/**
 * The second stages a command asked for, created (keys, base URLs, caches, the oracle), or `undefined` for none.
 * `defaultRun` (an `execret run` without `--models` or `--model-config`) adds {@link DEFAULT_SECOND_STAGES} over
 * {@link DEFAULT_RERANKED_FIRST_STAGE} when `--rerank` is absent; with `--no-execute` (no oracle) the defaults that
 * execute are left out. The caller closes `plan.secondStages`.
 */
export async function rerankPlan(
  context: CommandContext,
  options: { defaultRun: boolean; oracle: Oracle | undefined; languages?: readonly string[] },
): Promise<RerankPlan | undefined> {
  const { values, config } = context;
  const requested = listOption(values, 'rerank');
  const depth = intOption(values, 'rerank-depth', DEFAULT_RERANK_DEPTH);
  if (depth < 1) throw new UsageError(`--rerank-depth must be at least 1, got ${depth}`);
  if (requested.includes('none')) {
    if (requested.length > 1) throw new UsageError('--rerank none cannot be combined with reranker ids');
    return undefined;
  }
  const byDefault = requested.length === 0 && options.defaultRun;
  let ids = byDefault
    ? DEFAULT_SECOND_STAGES.filter((id) => options.oracle !== undefined || id === 'exec/random-clone')
    : [...new Set(requested)];
  // The execution rerankers read snippets as Python (signatures, literals, probes): on other languages they
  // would leave every ranking as it was and look like a second stage that changes nothing.
  const others = [...new Set(options.languages ?? [])].filter((language) => language !== 'python');
  const execIds = ids.filter((id) => id.startsWith('exec/'));
  if (others.length > 0 && execIds.length > 0) {
    const why = `the execution rerankers read Python snippets only, and this dataset has ${others.join(', ')} queries`;
    if (!byDefault) throw new UsageError(`--rerank ${execIds.join(',')}: ${why}`);
    context.io.warn(`leaving out the default second stages ${execIds.join(', ')}: ${why}`);
    ids = ids.filter((id) => !id.startsWith('exec/'));
  }
  if (ids.length === 0) return undefined;
  const modelWritten = ids.filter(runsModelWrittenCode);
  if (modelWritten.length > 0 && options.oracle !== undefined)
    requireSandbox(
      options.oracle.info.isolation,
      `--rerank ${modelWritten.join(',')}`,
      values['allow-unsandboxed'] === true,
    );
  const priceIn = nonNegativeNumberOption(values, 'rerank-price-in');
  const priceOut = nonNegativeNumberOption(values, 'rerank-price-out');
  if ((priceIn === undefined) !== (priceOut === undefined))
    throw new UsageError('--rerank-price-in and --rerank-price-out go together');
  const localModels = stringOption(values, 'local-models');
  const secondStages = await createSecondStages(ids, {
    config,
    oracle: options.oracle,
    warn: (line) => context.io.warn(line),
    localModels: localModels ? resolve(localModels) : join(config.cacheDir, 'models'),
    ...(priceIn !== undefined && priceOut !== undefined
      ? { chatPrice: { inputUsdPerMillion: priceIn, outputUsdPerMillion: priceOut } }
      : {}),
  });
  return {
    secondStages,
    depth,
    ...(byDefault ? { firstStages: [DEFAULT_RERANKED_FIRST_STAGE] } : {}),
  };
}
