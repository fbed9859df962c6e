import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { SHARD_SCHEDULER_VARIABLES, type ShardScheduler } from '@execret/analyses';
import { DEFAULT_HUB_ENDPOINT } from '@execret/dataset';
import { type ProviderEnvironment, providerEnvironment, providerVariables } from '@execret/pipeline';
import { Secret } from './secret.js';

/** The Hugging Face Hub token, from the first of these variables that is set. */
const HUB_TOKEN_VARIABLES = ['HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN'];

/**
 * Every environment variable {@link readConfig} reads, for help texts: the settings, the Hub token, then the key and
 * base-URL variables of every provider the registries know (`@execret/pipeline`'s `providerVariables`), the
 * `EXECRET_<PROVIDER>_BASE_URL` ones grouped.
 */
export function environmentVariables(): string[] {
  const { keys, urls } = providerVariables();
  const overridden = urls.flatMap((name) => /^EXECRET_(\w+)_BASE_URL$/.exec(name)?.[1] ?? []);
  return [
    ...['EXECRET_CACHE_DIR', 'EXECRET_OFFLINE=1', 'HF_ENDPOINT', HUB_TOKEN_VARIABLES[0]!, ...keys],
    ...urls.filter((name) => !/^EXECRET_\w+_BASE_URL$/.test(name)),
    `EXECRET_<PROVIDER>_BASE_URL (${overridden.join(', ')})`,
    ...['EXECRET_PYTHON', 'EXECRET_ISOLATION', 'EXECRET_BWRAP', 'EXECRET_DEBUG=1'],
  ];
}

export interface Config {
  /** Root of every cache (executions, embeddings, datasets, model weights; see `cacheLayout`). */
  readonly cacheDir: string;
  /** Never try the network (datasets and local models come from the cache only). */
  readonly offline: boolean;
  /** Hugging Face endpoint for datasets and local model weights. */
  readonly hfEndpoint: string;
  /** The Hugging Face token (`HF_TOKEN`, else `HUGGING_FACE_HUB_TOKEN`), when set. */
  readonly hubToken: Secret | undefined;
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
  /** A named variable, trimmed; `undefined` when unset or blank (a base URL a registry entry's `access` names). */
  setting(name: string): string | undefined;
  /** A named variable as a secret (a provider's key, `execret generate --api-key-env NAME`). */
  secret(name: string): Secret | undefined;
  /** Whether a named variable is set (not blank): what `@execret/http`'s `accessProblem` asks. */
  isSet(name: string): boolean;
  /**
   * The provider keys and base URLs the registries' `access` entries name, read from this environment
   * (`@execret/pipeline`'s `providerEnvironment`): the one way a key leaves the configuration, for a provider factory.
   */
  readonly providers: ProviderEnvironment;
}

/**
 * Reads the configuration from an environment (the only place in execret that reads `process.env`).
 * `EXECRET_CACHE_DIR` (default `$XDG_CACHE_HOME/execret` or `~/.cache/execret`), `EXECRET_OFFLINE=1`,
 * `HF_ENDPOINT`, `HF_TOKEN`, `EXECRET_PYTHON`, `EXECRET_ISOLATION`, `EXECRET_BWRAP`, `EXECRET_DEBUG=1`, the scheduler
 * variables of `@execret/analyses`' `SHARD_SCHEDULER_VARIABLES`; provider keys and base URLs are read when a
 * registry entry's `access` names them (`providers`).
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const setting = (name: string): string | undefined => (env[name] ?? '').trim() || undefined;
  const secret = (name: string): Secret | undefined => {
    const value = setting(name);
    return value === undefined ? undefined : new Secret(value);
  };
  const cacheHome = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return {
    cacheDir: resolve(
      env.EXECRET_CACHE_DIR && env.EXECRET_CACHE_DIR !== '' ? env.EXECRET_CACHE_DIR : join(cacheHome, 'execret'),
    ),
    offline: env.EXECRET_OFFLINE === '1' || env.HF_HUB_OFFLINE === '1',
    hfEndpoint: env.HF_ENDPOINT || DEFAULT_HUB_ENDPOINT,
    hubToken: HUB_TOKEN_VARIABLES.map(secret).find((token) => token !== undefined),
    python: env.EXECRET_PYTHON || undefined,
    isolation: setting('EXECRET_ISOLATION'),
    bwrap: setting('EXECRET_BWRAP'),
    debug: env.EXECRET_DEBUG === '1',
    scheduler: Object.fromEntries(
      Object.entries(SHARD_SCHEDULER_VARIABLES).flatMap(([key, name]) => {
        const value = setting(name);
        return value === undefined ? [] : [[key, value]];
      }),
    ) as ShardScheduler,
    setting,
    secret,
    isSet: (name) => setting(name) !== undefined,
    providers: providerEnvironment(setting),
  };
}
