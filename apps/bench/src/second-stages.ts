import { join } from 'node:path';
import {
  type ArtifactCache,
  type ArtifactRecord,
  createExecReranker,
  EXEC_RERANKER_IDS,
  type ExecOracle,
  type ExecRerankAudit,
  type ExecRerankCost,
  formatArtifactLine,
  openArtifactCache,
} from '@execret/exec-rerank';
import { compareCodePoints } from '@execret/formats';
import {
  auditedStage,
  type CreateRerankerOptions,
  createReranker,
  describeReranker,
  listRerankers,
  openScoreCache,
  RerankersError,
  type ScoreCache,
  type SecondStage,
  scoreCacheStage,
  withScoreCache,
} from '@execret/rerankers';
import { UsageError } from './command.js';
import { type Config, type KeyedProvider, keyVariable } from './config.js';

/** The second stages a default `execret run` (no `--models`, no `--rerank`) adds over `bm25`: the artifact baselines. */
export const DEFAULT_SECOND_STAGES: readonly string[] = ['exec/consensus', 'exec/random-clone'];

/** The first stage the default second stages rerank. */
export const DEFAULT_RERANKED_FIRST_STAGE = 'bm25';

/** A second stage of a run: a model reranker behind the score cache, or an execution reranker with its audit. */
type RunSecondStage = SecondStage<ExecRerankAudit, ExecRerankCost>;

/** The second stages of a run, with the caches they share. */
export interface SecondStages {
  readonly stages: readonly RunSecondStage[];
  /**
   * The artifact records (chat replies, generated inputs, executions) read or written by the execution rerankers
   * since they were opened, as artifact-cache lines (`@execret/exec-rerank`'s format): chat replies, inputs, then
   * executions, each by key in code-point order (so the copy does not depend on the order queries finished).
   */
  artifactLines(): string[];
  close(): Promise<void>;
}

/** Where the rerank score cache lives under the cache dir. */
function rerankScoreCacheFile(config: Pick<Config, 'cacheDir'>): string {
  return join(config.cacheDir, 'rerank', 'scores.jsonl');
}

/** Where the execution rerankers' artifact cache lives under the cache dir. */
function rerankArtifactCacheFile(config: Pick<Config, 'cacheDir'>): string {
  return join(config.cacheDir, 'rerank', 'exec-artifacts.jsonl');
}

/** The API key each rerank provider is read from (see `config.ts`). */
const RERANK_KEYS: Readonly<Partial<Record<string, KeyedProvider>>> = {
  cohere: 'cohere',
  voyage: 'voyage',
  jina: 'jina',
  mixedbread: 'mixedbread',
  tei: 'tei',
  vllm: 'vllm',
  'openai-compatible': 'openai',
};

function isExecId(id: string): boolean {
  return id.startsWith('exec/');
}

/**
 * Checks `--rerank` ids before anything runs: registry ids of `@execret/rerankers` (see its README) or
 * `exec/consensus`, `exec/random-clone`, `exec/tests@<chat model>`, `exec/probe@<chat model>`.
 *
 * @throws {UsageError} for an unknown id, listing the known ones
 */
export function checkSecondStageIds(ids: readonly string[]): void {
  for (const id of ids) {
    if (isExecId(id)) {
      if (
        id === 'exec/consensus' ||
        id === 'exec/random-clone' ||
        /^exec\/(tests|probe)@(openai|openai-compatible)\/\S/.test(id)
      )
        continue;
    } else {
      try {
        const info = describeReranker(id);
        if (info.provider === 'fusion') throw new UsageError(`--rerank ${id}: fusion rerankers are built from others`);
        continue;
      } catch (error) {
        if (!RerankersError.is(error)) throw error;
      }
    }
    throw new UsageError(
      `--rerank: unknown reranker ${JSON.stringify(id)}; known: ${[...listRerankers().map((r) => r.id), ...EXEC_RERANKER_IDS].join(', ')}`,
    );
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
  readonly chatPrice?: { inputUsdPerMillion: number; outputUsdPerMillion: number };
  /** Where warnings go (a chat reranker without its key or URL). */
  readonly warn?: (line: string) => void;
}

/**
 * Creates the second stages of `ids`: model rerankers through `createReranker` behind the score cache
 * (`<cache>/rerank/scores.jsonl`, keyed by config hash, query and snippet hash, so reruns and killed runs pay only
 * for what is missing), execution rerankers through `createExecReranker` with the run's oracle and the artifact
 * cache (`<cache>/rerank/exec-artifacts.jsonl`). Keys come from the configuration and are handed to the factories
 * only; base URLs from `EXECRET_<PROVIDER>_BASE_URL` (`EXECRET_OPENAI_COMPATIBLE_URL` for chat models).
 *
 * @throws {UsageError} for a hosted reranker without its key, a self-hosted one without its base URL, or an
 *   execution reranker without an oracle (a chat-model execution reranker without its key only warns: it can still
 *   answer from the artifact cache)
 */
export async function createSecondStages(ids: readonly string[], context: SecondStageContext): Promise<SecondStages> {
  checkSecondStageIds(ids);
  const { config } = context;
  let scoreCache: ScoreCache | undefined;
  let artifacts: TrackedArtifacts | undefined;
  const stages: RunSecondStage[] = [];
  const closers: (() => Promise<void>)[] = [];
  try {
    for (const id of ids) {
      if (isExecId(id)) {
        if (id !== 'exec/random-clone' && context.oracle === undefined)
          throw new UsageError(`--rerank ${id} executes candidates in the oracle; it cannot run with --no-execute`);
        artifacts ??= trackArtifacts(await openArtifactCache(rerankArtifactCacheFile(config)));
        const reranker = createExecReranker(id, {
          ...(context.oracle ? { oracle: context.oracle } : {}),
          cache: artifacts.cache,
          ...chatEndpoint(id, config, context.warn),
          ...(context.chatPrice ? { price: context.chatPrice } : {}),
        });
        closers.push(() => reranker.close());
        stages.push(auditedStage(reranker));
        continue;
      }
      scoreCache ??= await openScoreCache(rerankScoreCacheFile(config));
      const reranker = await createReranker(id, rerankerOptions(id, context));
      closers.push(() => reranker.close());
      stages.push(scoreCacheStage(reranker, withScoreCache(reranker, scoreCache)));
    }
  } catch (error) {
    for (const close of closers) await close();
    scoreCache?.close();
    artifacts?.cache.close();
    throw error;
  }
  return {
    stages,
    artifactLines: () => artifacts?.lines() ?? [],
    close: async () => {
      for (const close of closers) await close();
      scoreCache?.close();
      artifacts?.cache.close();
    },
  };
}

/** Options of a model reranker: key, base URL and local weights from the configuration. */
function rerankerOptions(id: string, context: SecondStageContext): CreateRerankerOptions {
  const { config } = context;
  const info = describeReranker(id);
  const provider = info.provider;
  const keyName = RERANK_KEYS[provider];
  const key = keyName === undefined ? undefined : config.keys[keyName];
  const hosted = provider === 'cohere' || provider === 'voyage' || provider === 'jina' || provider === 'mixedbread';
  if (hosted && key === undefined)
    throw new UsageError(`--rerank ${id}: no API key for ${provider} (set ${keyVariable(keyName!)})`);
  const baseUrl =
    provider === 'openai-compatible'
      ? config.openaiCompatibleBaseUrl
      : provider === 'transformers'
        ? undefined
        : config.baseUrls[provider as keyof Config['baseUrls']];
  if (provider === 'openai-compatible' && baseUrl === undefined && key === undefined)
    throw new UsageError(
      `--rerank ${id}: set OPENAI_API_KEY for OpenAI's endpoint, or EXECRET_OPENAI_COMPATIBLE_URL for another server`,
    );
  if ((provider === 'tei' || provider === 'vllm') && baseUrl === undefined)
    throw new UsageError(
      `--rerank ${id}: a self-hosted ${provider} server is needed; set EXECRET_${provider.toUpperCase()}_BASE_URL`,
    );
  return {
    ...(key ? { apiKey: key.reveal() } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(provider === 'transformers'
      ? { localModelPath: context.localModels, cacheDir: context.localModels, allowRemoteModels: !config.offline }
      : {}),
    ...(provider === 'openai-compatible' && context.chatPrice
      ? {
          price: {
            usdPerMillionInputTokens: context.chatPrice.inputUsdPerMillion,
            usdPerMillionOutputTokens: context.chatPrice.outputUsdPerMillion,
          },
        }
      : {}),
  };
}

/**
 * The chat endpoint of `exec/tests@…` and `exec/probe@…`, as `execret generate` reaches one: `openai/<model>` at
 * `EXECRET_OPENAI_BASE_URL` (default OpenAI's) with `OPENAI_API_KEY`; `openai-compatible/<model>` at
 * `EXECRET_OPENAI_COMPATIBLE_URL` with `OPENAI_API_KEY` when set (self-hosted servers accept any key). Without the
 * key (or the URL) the reranker still runs from the artifact cache — a rerun of an audited results folder needs no
 * model — and `warn` says so; a chat request it cannot answer from the cache then fails with `chat-unavailable`.
 */
function chatEndpoint(
  id: string,
  config: Config,
  warn: ((line: string) => void) | undefined,
): { apiKey?: string; baseURL?: string } {
  const m = /^exec\/(?:tests|probe)@(openai|openai-compatible)\//.exec(id);
  if (m === null) return {};
  const key = config.keys.openai;
  if (m[1] === 'openai') {
    if (key === undefined) warn?.(`${id}: no OPENAI_API_KEY, so chat replies can only come from the artifact cache`);
    return {
      ...(key ? { apiKey: key.reveal() } : {}),
      ...(config.baseUrls.openai ? { baseURL: config.baseUrls.openai } : {}),
    };
  }
  if (config.openaiCompatibleBaseUrl === undefined) {
    warn?.(`${id}: no EXECRET_OPENAI_COMPATIBLE_URL, so chat replies can only come from the artifact cache`);
    return {};
  }
  return { apiKey: key?.reveal() ?? 'none', baseURL: config.openaiCompatibleBaseUrl };
}

interface TrackedArtifacts {
  readonly cache: ArtifactCache;
  lines(): string[];
}

/** Order of the artifact kinds in the results folder's copy: chat replies, then inputs, then executions. */
const KIND_ORDER: Readonly<Record<ArtifactRecord['kind'], number>> = { chat: 0, inputs: 1, execution: 2 };

/** An artifact cache that remembers every record read or written through it (for the results folder). */
function trackArtifacts(inner: ArtifactCache): TrackedArtifacts {
  const used = new Map<string, ArtifactRecord>();
  const note = <T extends ArtifactRecord | undefined>(record: T): T => {
    if (record !== undefined) used.set(`${KIND_ORDER[record.kind]}:${record.key}`, record);
    return record;
  };
  const cache: ArtifactCache = {
    get file() {
      return inner.file;
    },
    get issues() {
      return inner.issues;
    },
    get size() {
      return inner.size;
    },
    chat: (key) => note(inner.chat(key)),
    inputs: (key) => note(inner.inputs(key)),
    execution: (code, tests) => note(inner.execution(code, tests)),
    put: (record) => {
      inner.put(record);
      note(record);
    },
    records: () => inner.records(),
    close: () => inner.close(),
  };
  return {
    cache,
    lines: () =>
      [...used.entries()].sort(([a], [b]) => compareCodePoints(a, b)).map(([, record]) => formatArtifactLine(record)),
  };
}
