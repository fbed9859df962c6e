import {
  CHAT_PROVIDER_ACCESS,
  type ChatPrice,
  type ExecOracle,
  openSecondStages,
  parseSecondStageId,
  type SecondStages,
} from '@execret/exec-rerank';
import { accessKeyVariables, accessProblem } from '@execret/http';
import { type CreateRerankerOptions, getRerankerConfig } from '@execret/rerankers';
import { cacheLayout } from './cache-layout.js';
import { PipelineError } from './pipeline-error.js';
import type { ProviderEnvironment } from './provider-environment.js';

/** Everything opening a run's second stages needs besides their ids. */
export interface RunSecondStagesOptions {
  /** Keys and base URLs, as each registry entry's `access` names them (keys go to the factories only). */
  readonly environment: ProviderEnvironment;
  /** The cache folder: the model rerankers' scores and the execution rerankers' artifacts live in it (`cacheLayout`). */
  readonly cacheDir: string;
  /** The run's oracle (same sandbox and limits as the benchmark's tests); without one nothing may execute. */
  readonly oracle?: ExecOracle;
  /** Folder of local model weights (`cacheLayout(cacheDir).models` by default in the CLI). */
  readonly localModels: string;
  /** Never download local weights. */
  readonly offline?: boolean;
  /** Chat prices for chat-model rerankers, USD per million tokens. */
  readonly chatPrice?: ChatPrice;
  /** Where warnings go (a chat execution reranker without its key or URL). */
  readonly warn?: (line: string) => void;
}

/**
 * Why a model reranker cannot be used in this environment (`@execret/http`'s `accessProblem` for its registry
 * entry's `access`: a key or a server not set), or `undefined` when it can or `id` is not a model reranker.
 *
 * @example
 * secondStageAccessProblem('tei/bge-reranker-base', environment); // '… set EXECRET_TEI_BASE_URL …' when unset
 */
export function secondStageAccessProblem(id: string, environment: Pick<ProviderEnvironment, 'isSet'>) {
  return parseSecondStageId(id)?.kind === 'model' ? rerankerAccess(id, environment).problem : undefined;
}

/** A model reranker's registry entry and, when its provider cannot be used here, why (one registry lookup for both). */
function rerankerAccess(id: string, environment: Pick<ProviderEnvironment, 'isSet'>) {
  const { provider, access } = getRerankerConfig(id);
  return { provider, access, problem: access && accessProblem(access, provider, (name) => environment.isSet(name)) };
}

/**
 * Opens the second stages of `ids` through `@execret/exec-rerank`'s `openSecondStages`, with the caches of the cache
 * folder and each id's options from the environment, worked out first in id order: the key and base URL its registry
 * entry's `access` names (`CHAT_PROVIDER_ACCESS` for a chat model), local weights, chat prices. A chat execution
 * reranker without its key (or URL) still opens — a rerun of an audited results folder needs no model — and `warn`
 * says so; a chat request its artifact cache cannot answer then fails with `chat-unavailable`.
 *
 * @throws {PipelineError} `missing-access` for a hosted reranker without its key or a self-hosted one without its base
 *   URL ({@link secondStageAccessProblem}); `@execret/exec-rerank`'s errors (an unknown id, an executing one without
 *   an oracle)
 * @example
 * const secondStages = await openRunSecondStages(['exec/consensus'], { environment, cacheDir, oracle, localModels });
 */
export async function openRunSecondStages(
  ids: readonly string[],
  options: RunSecondStagesOptions,
): Promise<SecondStages> {
  const modelOptions = new Map<string, CreateRerankerOptions>();
  const execOptions = new Map<string, { apiKey?: string; baseURL?: string; price?: ChatPrice }>();
  for (const id of ids) {
    if (parseSecondStageId(id)?.kind === 'model') modelOptions.set(id, rerankerOptions(id, options));
    else
      execOptions.set(id, {
        ...chatEndpoint(id, options),
        ...(options.chatPrice ? { price: options.chatPrice } : {}),
      });
  }
  const caches = cacheLayout(options.cacheDir);
  return openSecondStages(ids, {
    ...(options.oracle ? { oracle: options.oracle } : {}),
    scoreCacheFile: caches.rerankScores,
    artifactCacheFile: caches.rerankArtifacts,
    rerankerOptions: (id) => modelOptions.get(id) ?? {},
    execOptions: (id) => execOptions.get(id) ?? {},
  });
}

/** Options of a model reranker: key, base URL and local weights. */
function rerankerOptions(id: string, options: RunSecondStagesOptions): CreateRerankerOptions {
  const { provider, access, problem } = rerankerAccess(id, options.environment);
  if (problem !== undefined) throw new PipelineError('missing-access', `${id}: ${problem}`);
  return {
    ...(access ? options.environment.settings(access) : {}),
    ...(provider === 'transformers'
      ? { localModelPath: options.localModels, cacheDir: options.localModels, allowRemoteModels: !options.offline }
      : {}),
    ...(provider === 'openai-compatible' && options.chatPrice ? { price: options.chatPrice } : {}),
  };
}

/**
 * The chat endpoint of `exec/tests@…` and `exec/probe@…`, as `CHAT_PROVIDER_ACCESS` names it: `openai/<model>` with
 * `OPENAI_API_KEY` at `EXECRET_OPENAI_BASE_URL` (default OpenAI's); `openai-compatible/<model>` at
 * `EXECRET_OPENAI_COMPATIBLE_URL` with `OPENAI_API_KEY` when set (self-hosted servers accept any key, so `none`).
 */
function chatEndpoint(id: string, options: RunSecondStagesOptions): { apiKey?: string; baseURL?: string } {
  const parsed = parseSecondStageId(id);
  if (parsed?.kind !== 'tests' && parsed?.kind !== 'probe') return {};
  const access = CHAT_PROVIDER_ACCESS[parsed.chat.provider];
  const { apiKey, baseUrl } = options.environment.settings(access);
  const server = access.kind === 'server';
  const needed = server ? access.urlVariable : accessKeyVariables(access)[0];
  if ((server ? baseUrl : apiKey) === undefined)
    options.warn?.(`${id}: no ${needed}, so chat replies can only come from the artifact cache`);
  if (server) return baseUrl === undefined ? {} : { apiKey: apiKey ?? 'none', baseURL: baseUrl };
  return { ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseURL: baseUrl } : {}) };
}
