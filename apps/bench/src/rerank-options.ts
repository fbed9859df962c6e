import {
  DEFAULT_RERANKED_FIRST_STAGE,
  DEFAULT_SECOND_STAGES,
  defaultSecondStages,
  executesCandidates,
  languageUnreadable,
  runsModelWrittenCode,
  secondStageIdIssue,
  secondStageIds,
} from '@execret/exec-rerank';
import type { Oracle } from '@execret/oracle';
import { openRunSecondStages, type RerankPlan, secondStageAccessProblem } from '@execret/pipeline';
import { DEFAULT_RERANK_DEPTH } from '@execret/rerankers';
import {
  type CommandContext,
  intOption,
  listOption,
  nonNegativeNumberOption,
  type OptionSpec,
  UsageError,
} from './command.js';
import { localModelsOption } from './commands/options.js';
import { requireSandbox } from './sandbox.js';

/**
 * Checks `--rerank` ids before anything runs (`@execret/exec-rerank`'s `secondStageIdIssue`): registry ids of
 * `@execret/rerankers` or `exec/consensus`, `exec/random-clone`, `exec/tests@<chat model>`, `exec/probe@<chat model>`.
 *
 * @throws {UsageError} for an unknown id, listing the known ones, or a fusion reranker
 */
export function checkSecondStageIds(ids: readonly string[]): void {
  for (const id of ids) {
    const issue = secondStageIdIssue(id);
    if (issue === 'fusion') throw new UsageError(`--rerank ${id}: fusion rerankers are built from others`);
    if (issue === 'unknown')
      throw new UsageError(`--rerank: unknown reranker ${JSON.stringify(id)}; known: ${secondStageIds().join(', ')}`);
  }
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
 * The second stages a command asked for, opened through `@execret/pipeline`'s `openRunSecondStages` (keys, base URLs,
 * caches, the oracle), or `undefined` for none.
 * `defaultRun` (an `execret run` without `--models` or `--model-config`) takes `@execret/exec-rerank`'s
 * `defaultSecondStages` when `--rerank` is absent (without an oracle, `--no-execute`, those that execute are left
 * out; for a dataset they cannot read, with a warning); ids given that cannot read the dataset are refused. The
 * caller closes `plan.secondStages`.
 *
 * @throws {UsageError} for a bad depth, half a price, `none` with ids, an id that is unknown, cannot read the dataset,
 *   lacks its key or server, or executes without an oracle (`--no-execute`); model-written code outside a sandbox
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
  const defaults =
    requested.length === 0 && options.defaultRun
      ? defaultSecondStages({ execute: options.oracle !== undefined, languages: options.languages ?? [] })
      : undefined;
  const leftOut = defaults?.leftOut;
  if (leftOut) context.io.warn(`leaving out the default second stages ${leftOut.ids.join(', ')}: ${leftOut.reason}`);
  const ids = defaults?.ids ?? [...new Set(requested)];
  const unreadable = defaults ? undefined : languageUnreadable(ids, options.languages ?? []);
  if (unreadable) throw new UsageError(`--rerank ${unreadable.ids.join(',')}: ${unreadable.reason}`);
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
  checkSecondStageIds(ids);
  for (const id of ids) {
    const problem = secondStageAccessProblem(id, config.providers);
    if (problem !== undefined) throw new UsageError(`--rerank ${id}: ${problem}`);
    if (executesCandidates(id) && options.oracle === undefined)
      throw new UsageError(`--rerank ${id} executes candidates in the oracle; it cannot run with --no-execute`);
  }
  // keys and base URLs from the configuration, caches of the cache folder; a chat execution reranker without its
  // key only warns (it can still answer from the artifact cache)
  const secondStages = await openRunSecondStages(ids, {
    environment: config.providers,
    cacheDir: config.cacheDir,
    localModels: localModelsOption(context),
    offline: config.offline,
    ...(options.oracle ? { oracle: options.oracle } : {}),
    warn: (line) => context.io.warn(line),
    ...(priceIn !== undefined && priceOut !== undefined
      ? { chatPrice: { inputUsdPerMillion: priceIn, outputUsdPerMillion: priceOut } }
      : {}),
  });
  return {
    secondStages,
    stages: secondStages.stages,
    depth,
    ...(defaults ? { firstStageIds: defaults.firstStageIds } : {}),
  };
}
