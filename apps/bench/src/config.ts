import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ShardScheduler } from '@execret/analyses';
import { Secret } from './secret.js';

/** Provider API keys the CLI knows, with the environment variables each is read from (first wins). */
const API_KEY_VARIABLES = {
  openai: ['OPENAI_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  mistral: ['MISTRAL_API_KEY'],
  voyage: ['VOYAGE_API_KEY'],
  huggingface: ['HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN'],
  cohere: ['COHERE_API_KEY'],
  jina: ['JINA_API_KEY'],
  mixedbread: ['MIXEDBREAD_API_KEY'],
  tei: ['EXECRET_TEI_API_KEY'],
  vllm: ['EXECRET_VLLM_API_KEY'],
} as const;

/** Hosted or self-hosted providers whose base URL `EXECRET_<PROVIDER>_BASE_URL` overrides (proxies, gateways). */
const BASE_URL_PROVIDERS = [
  'openai',
  'gemini',
  'mistral',
  'voyage',
  'cohere',
  'jina',
  'mixedbread',
  'tei',
  'vllm',
] as const;

type BaseUrlProvider = (typeof BASE_URL_PROVIDERS)[number];

type KeyedProvider = keyof typeof API_KEY_VARIABLES;

/**
 * The base URL a provider is sent to: `EXECRET_OPENAI_COMPATIBLE_URL` for `openai-compatible`,
 * `EXECRET_<PROVIDER>_BASE_URL` for the others (the provider's default when unset; none for local models).
 */
export function providerBaseUrl(
  config: Pick<Config, 'openaiCompatibleBaseUrl' | 'baseUrls'>,
  provider: string,
): string | undefined {
  if (provider === 'openai-compatible') return config.openaiCompatibleBaseUrl;
  return Object.hasOwn(config.baseUrls, provider) ? config.baseUrls[provider as BaseUrlProvider] : undefined;
}

/**
 * The environment variables of the schedulers `--shard auto` understands (`@execret/analyses`' `ShardScheduler`):
 * Slurm job arrays and Kubernetes Indexed Jobs (`JOB_COMPLETION_INDEX`, 0-based, with the count from
 * `EXECRET_SHARD_COUNT` or `--shard auto/<n>`).
 */
export const SCHEDULER_VARIABLES: Readonly<Record<keyof ShardScheduler, string>> = {
  slurmArrayJobId: 'SLURM_ARRAY_JOB_ID',
  slurmArrayTaskId: 'SLURM_ARRAY_TASK_ID',
  slurmArrayTaskCount: 'SLURM_ARRAY_TASK_COUNT',
  slurmArrayTaskMin: 'SLURM_ARRAY_TASK_MIN',
  slurmArrayTaskMax: 'SLURM_ARRAY_TASK_MAX',
  slurmArrayTaskStep: 'SLURM_ARRAY_TASK_STEP',
  jobCompletionIndex: 'JOB_COMPLETION_INDEX',
  shardCount: 'EXECRET_SHARD_COUNT',
};

/**
 * Every environment variable {@link readConfig} reads, for help texts: the settings, each provider's first key
 * variable, the base URL overrides.
 */
export function environmentVariables(): string[] {
  return [
    'EXECRET_CACHE_DIR',
    'EXECRET_OFFLINE=1',
    'HF_ENDPOINT',
    ...Object.values(API_KEY_VARIABLES).map((names) => names[0]),
    'EXECRET_OPENAI_COMPATIBLE_URL (embedding and chat models)',
    `EXECRET_<PROVIDER>_BASE_URL (${BASE_URL_PROVIDERS.map((p) => p.toUpperCase()).join(', ')})`,
    'EXECRET_PYTHON',
    'EXECRET_ISOLATION',
    'EXECRET_BWRAP',
    'EXECRET_DEBUG=1',
  ];
}

export interface Config {
  /** Root of every cache (executions, embeddings, datasets, model weights). */
  readonly cacheDir: string;
  /** Never try the network (datasets and local models come from the cache only). */
  readonly offline: boolean;
  /** Hugging Face endpoint for datasets and local model weights. */
  readonly hfEndpoint: string;
  /** API keys by provider; absent when unset. */
  readonly keys: Partial<Record<KeyedProvider, Secret>>;
  /** Base URL of an OpenAI-compatible server (embedding models and chat models), when set. */
  readonly openaiCompatibleBaseUrl: string | undefined;
  /** Base URL overrides by provider (`EXECRET_<PROVIDER>_BASE_URL`); absent when unset. */
  readonly baseUrls: Partial<Record<BaseUrlProvider, string>>;
  /** Python interpreter for the oracle, when set. */
  readonly python: string | undefined;
  /** The oracle's isolation as `EXECRET_ISOLATION` gives it (unvalidated; `--isolation` wins), when set. */
  readonly isolation: string | undefined;
  /** The bubblewrap command for the oracle (`EXECRET_BWRAP`), when set; default `bwrap` on a fixed PATH. */
  readonly bwrap: string | undefined;
  /** Print stack traces of failures (`EXECRET_DEBUG=1`). */
  readonly debug: boolean;
  /** What a cluster scheduler says about this process's place in an array of jobs (for `--shard auto`). */
  readonly scheduler: ShardScheduler;
  /** Reads a secret from a named environment variable (e.g. `execret generate --api-key-env NAME`). */
  secret(name: string): Secret | undefined;
  /**
   * The key a registry entry's `access` names (`OPENAI_API_KEY`, …), read as {@link API_KEY_VARIABLES} reads it
   * (`GEMINI_API_KEY` falls back to `GOOGLE_API_KEY`), or from the variable itself when it is not listed there.
   */
  apiKey(variable: string): Secret | undefined;
  /** Whether the variable an entry's `access` names (a key or a base URL) is set. */
  isSet(variable: string): boolean;
}

/**
 * Reads the configuration from an environment (the only place in execret that reads `process.env`).
 * `EXECRET_CACHE_DIR` (default `$XDG_CACHE_HOME/execret` or `~/.cache/execret`), `EXECRET_OFFLINE=1`,
 * `HF_ENDPOINT`, `EXECRET_OPENAI_COMPATIBLE_URL`, `EXECRET_<PROVIDER>_BASE_URL` for each of
 * {@link BASE_URL_PROVIDERS}, `EXECRET_PYTHON`, `EXECRET_ISOLATION`, `EXECRET_BWRAP`, `EXECRET_DEBUG=1`, the scheduler variables of {@link SCHEDULER_VARIABLES}, and
 * the keys of {@link API_KEY_VARIABLES}.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const keys: Partial<Record<KeyedProvider, Secret>> = {};
  for (const [provider, names] of Object.entries(API_KEY_VARIABLES) as [KeyedProvider, readonly string[]][]) {
    const name = names.find((candidate) => (env[candidate] ?? '').trim() !== '');
    if (name !== undefined) keys[provider] = new Secret(env[name]!.trim());
  }
  const secret = (name: string): Secret | undefined => {
    const value = (env[name] ?? '').trim();
    return value === '' ? undefined : new Secret(value);
  };
  const apiKey = (variable: string): Secret | undefined => {
    const listed = (Object.entries(API_KEY_VARIABLES) as [KeyedProvider, readonly string[]][]).find(
      ([, names]) => names[0] === variable,
    );
    return listed === undefined ? secret(variable) : keys[listed[0]];
  };
  const cacheHome = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return {
    cacheDir: resolve(
      env.EXECRET_CACHE_DIR && env.EXECRET_CACHE_DIR !== '' ? env.EXECRET_CACHE_DIR : join(cacheHome, 'execret'),
    ),
    offline: env.EXECRET_OFFLINE === '1' || env.HF_HUB_OFFLINE === '1',
    hfEndpoint: env.HF_ENDPOINT && env.HF_ENDPOINT !== '' ? env.HF_ENDPOINT : 'https://huggingface.co',
    keys,
    openaiCompatibleBaseUrl: env.EXECRET_OPENAI_COMPATIBLE_URL || undefined,
    baseUrls: Object.fromEntries(
      BASE_URL_PROVIDERS.flatMap((p) => {
        const url = (env[`EXECRET_${p.toUpperCase()}_BASE_URL`] ?? '').trim();
        return url === '' ? [] : [[p, url]];
      }),
    ),
    python: env.EXECRET_PYTHON || undefined,
    isolation: (env.EXECRET_ISOLATION ?? '').trim() || undefined,
    bwrap: (env.EXECRET_BWRAP ?? '').trim() || undefined,
    debug: env.EXECRET_DEBUG === '1',
    scheduler: Object.fromEntries(
      Object.entries(SCHEDULER_VARIABLES).flatMap(([key, name]) =>
        (env[name] ?? '').trim() === '' ? [] : [[key, env[name]!.trim()]],
      ),
    ) as ShardScheduler,
    secret,
    apiKey,
    isSet: (variable) => apiKey(variable) !== undefined,
  };
}
