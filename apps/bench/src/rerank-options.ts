import {
  CHAT_PROVIDER_ACCESS,
  type ChatPrice,
  DEFAULT_RERANKED_FIRST_STAGE,
  DEFAULT_SECOND_STAGES,
  defaultSecondStages,
  type ExecOracle,
  executesCandidates,
  languageUnreadable,
  openSecondStages,
  parseSecondStageId,
  type RunSecondStage,
  runsModelWrittenCode,
  type SecondStages,
  secondStageIdIssue,
  secondStageIds,
} from '@execret/exec-rerank';
import { accessKeyVariables, accessProblem } from '@execret/http';
import type { Oracle } from '@execret/oracle';
import { type CreateRerankerOptions, DEFAULT_RERANK_DEPTH, getRerankerConfig } from '@execret/rerankers';
import { cacheLayout } from './cache-layout.js';
import {
  type CommandContext,
  intOption,
  listOption,
  nonNegativeNumberOption,
  type OptionSpec,
  UsageError,
} from './command.js';
import { localModelsOption } from './commands/options.js';
import { type Config, providerSettings } from './config.js';
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

/** Everything creating the second stages needs from the run. */
export interface SecondStageContext {
  readonly config: Config;
  /** The run's oracle (same sandbox and limits as the benchmark's tests); `undefined` with `--no-execute`. */
  readonly oracle: ExecOracle | undefined;
  /** Folder of local model weights (`--local-models`, default `<cache>/models`). */
  readonly localModels: string;
  /** Chat prices for chat-model rerankers (`--rerank-price-in`/`--rerank-price-out`), USD per million tokens. */
  readonly chatPrice?: ChatPrice;
  /** Where warnings go (a chat reranker without its key or URL). */
  readonly warn?: (line: string) => void;
}

/**
 * Creates the second stages of `ids` through `@execret/exec-rerank`'s `openSecondStages`, with the caches of the
 * cache folder (`cacheLayout`) and each id's options from the configuration, worked out first in id order: the key
 * and base URL its registry entry's `access` names (`CHAT_PROVIDER_ACCESS` for a chat model; keys are handed to the
 * factories only), local weights, chat prices.
 *
 * @throws {UsageError} for a hosted reranker without its key, a self-hosted one without its base URL, or an
 *   execution reranker without an oracle (a chat-model execution reranker without its key only warns: it can still
 *   answer from the artifact cache)
 */
export async function createSecondStages(ids: readonly string[], context: SecondStageContext): Promise<SecondStages> {
  checkSecondStageIds(ids);
  const { config } = context;
  const modelOptions = new Map<string, CreateRerankerOptions>();
  const execOptions = new Map<string, { apiKey?: string; baseURL?: string; price?: ChatPrice }>();
  for (const id of ids) {
    if (parseSecondStageId(id)?.kind === 'model') modelOptions.set(id, rerankerOptions(id, context));
    else if (executesCandidates(id) && context.oracle === undefined)
      throw new UsageError(`--rerank ${id} executes candidates in the oracle; it cannot run with --no-execute`);
    else
      execOptions.set(id, {
        ...chatEndpoint(id, config, context.warn),
        ...(context.chatPrice ? { price: context.chatPrice } : {}),
      });
  }
  const caches = cacheLayout(config.cacheDir);
  return openSecondStages(ids, {
    ...(context.oracle ? { oracle: context.oracle } : {}),
    scoreCacheFile: caches.rerankScores,
    artifactCacheFile: caches.rerankArtifacts,
    rerankerOptions: (id) => modelOptions.get(id) ?? {},
    execOptions: (id) => execOptions.get(id) ?? {},
  });
}

/** Options of a model reranker: key, base URL and local weights from the configuration. */
function rerankerOptions(id: string, context: SecondStageContext): CreateRerankerOptions {
  const { config } = context;
  const { provider, access } = getRerankerConfig(id);
  // what the registry entry says its provider needs: a key, a server, or nothing (local weights)
  const problem = access && accessProblem(access, provider, config.isSet);
  if (problem !== undefined) throw new UsageError(`--rerank ${id}: ${problem}`);
  return {
    ...(access ? providerSettings(config, access) : {}),
    ...(provider === 'transformers'
      ? { localModelPath: context.localModels, cacheDir: context.localModels, allowRemoteModels: !config.offline }
      : {}),
    ...(provider === 'openai-compatible' && context.chatPrice ? { price: context.chatPrice } : {}),
  };
}

/**
 * The chat endpoint of `exec/tests@…` and `exec/probe@…`, as `@execret/exec-rerank`'s `CHAT_PROVIDER_ACCESS` names it:
 * `openai/<model>` with `OPENAI_API_KEY` at `EXECRET_OPENAI_BASE_URL` (default OpenAI's); `openai-compatible/<model>`
 * at `EXECRET_OPENAI_COMPATIBLE_URL` with `OPENAI_API_KEY` when set (self-hosted servers accept any key, so `none`).
 * Without the key (or the URL) the reranker still runs from the artifact cache — a rerun of an audited results
 * folder needs no model — and `warn` says so; a chat request it cannot answer from the cache then fails with
 * `chat-unavailable`.
 */
function chatEndpoint(
  id: string,
  config: Config,
  warn: ((line: string) => void) | undefined,
): { apiKey?: string; baseURL?: string } {
  const parsed = parseSecondStageId(id);
  if (parsed?.kind !== 'tests' && parsed?.kind !== 'probe') return {};
  const access = CHAT_PROVIDER_ACCESS[parsed.chat.provider];
  const { apiKey, baseUrl } = providerSettings(config, access);
  const server = access.kind === 'server';
  const needed = server ? access.urlVariable : accessKeyVariables(access)[0];
  if ((server ? baseUrl : apiKey) === undefined)
    warn?.(`${id}: no ${needed}, so chat replies can only come from the artifact cache`);
  if (server) return baseUrl === undefined ? {} : { apiKey: apiKey ?? 'none', baseURL: baseUrl };
  return { ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseURL: baseUrl } : {}) };
}

/** What `--rerank` asks of a scoring run: `@execret/rerankers`' `TwoStagePlan`, with the stages' caches to close. */
export interface RerankPlan {
  readonly secondStages: SecondStages;
  readonly stages: readonly RunSecondStage[];
  /** The first stage's top `depth` is reranked (`--rerank-depth`). */
  readonly depth: number;
  /** Ids of the first stages to rerank; every first stage when absent. */
  readonly firstStageIds?: readonly string[];
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
 * `defaultRun` (an `execret run` without `--models` or `--model-config`) takes `@execret/exec-rerank`'s
 * `defaultSecondStages` when `--rerank` is absent (without an oracle, `--no-execute`, those that execute are left
 * out; for a dataset they cannot read, with a warning); ids given that cannot read the dataset are refused. The
 * caller closes `plan.secondStages`.
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
  const secondStages = await createSecondStages(ids, {
    config,
    oracle: options.oracle,
    warn: (line) => context.io.warn(line),
    localModels: localModelsOption(context),
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
