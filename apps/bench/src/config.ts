import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { SHARD_SCHEDULER_VARIABLES, type ShardScheduler } from '@execret/analyses';
import { DEFAULT_HUB_ENDPOINT } from '@execret/dataset';
import { EMBEDDER_PROVIDER_ACCESS } from '@execret/embedders';
import { CHAT_PROVIDER_ACCESS } from '@execret/exec-rerank';
import { accessKeyVariables, type ProviderAccess } from '@execret/http';
import { RERANKER_PROVIDER_ACCESS } from '@execret/rerankers';
import { Secret } from './secret.js';

/** The Hugging Face Hub token, from the first of these variables that is set. */
const HUB_TOKEN_VARIABLES = ['HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN'];

/**
 * Every environment variable {@link readConfig} reads, for help texts: the settings; the key variable of every
 * provider the registries know (`@execret/embedders`', then the Hub token, then `@execret/rerankers`' and the chat
 * models' of `@execret/exec-rerank`), each once; their base-URL variables, the `EXECRET_<PROVIDER>_BASE_URL` ones
 * grouped.
 */
export function environmentVariables(): string[] {
  const embedders: ProviderAccess[] = Object.values(EMBEDDER_PROVIDER_ACCESS);
  const others = [...Object.values(RERANKER_PROVIDER_ACCESS), ...Object.values(CHAT_PROVIDER_ACCESS)];
  const firstKey = (access: ProviderAccess) => accessKeyVariables(access).slice(0, 1);
  const keys = [...embedders.flatMap(firstKey), HUB_TOKEN_VARIABLES[0]!, ...others.flatMap(firstKey)];
  const urls = [...embedders, ...others].flatMap((access) =>
    access.kind === 'local' || access.urlVariable === undefined ? [] : [access.urlVariable],
  );
  const overridden = [...new Set(urls)].flatMap((name) => /^EXECRET_(\w+)_BASE_URL$/.exec(name)?.[1] ?? []);
  return [
    'EXECRET_CACHE_DIR',
    'EXECRET_OFFLINE=1',
    'HF_ENDPOINT',
    ...new Set(keys),
    ...new Set(urls.filter((name) => !/^EXECRET_\w+_BASE_URL$/.test(name))),
    `EXECRET_<PROVIDER>_BASE_URL (${overridden.join(', ')})`,
    'EXECRET_PYTHON',
    'EXECRET_ISOLATION',
    'EXECRET_BWRAP',
    'EXECRET_DEBUG=1',
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
}

/**
 * The key and base URL a registry entry's `access` (`@execret/http`'s `ProviderAccess`) names, as the configuration
 * holds them: the key from its variable or an alias, the base URL from its URL variable (the provider's own when
 * unset); nothing for local weights. The one place a key leaves its {@link Secret}, for a provider factory.
 */
export function providerSettings(
  config: Pick<Config, 'setting' | 'secret'>,
  access: ProviderAccess,
): { apiKey?: string; baseUrl?: string } {
  const key = accessKeyVariables(access)
    .map((name) => config.secret(name))
    .find((secret) => secret !== undefined);
  const baseUrl =
    access.kind === 'local' || access.urlVariable === undefined ? undefined : config.setting(access.urlVariable);
  return { ...(key ? { apiKey: key.reveal() } : {}), ...(baseUrl ? { baseUrl } : {}) };
}

/**
 * Reads the configuration from an environment (the only place in execret that reads `process.env`).
 * `EXECRET_CACHE_DIR` (default `$XDG_CACHE_HOME/execret` or `~/.cache/execret`), `EXECRET_OFFLINE=1`,
 * `HF_ENDPOINT`, `HF_TOKEN`, `EXECRET_PYTHON`, `EXECRET_ISOLATION`, `EXECRET_BWRAP`, `EXECRET_DEBUG=1`, the scheduler
 * variables of `@execret/analyses`' `SHARD_SCHEDULER_VARIABLES`; provider keys and base URLs are read when a
 * registry entry's `access` names them ({@link providerSettings}).
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
  };
}
