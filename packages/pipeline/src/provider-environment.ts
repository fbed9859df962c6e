import { accessKeyVariables, type ProviderAccess } from '@execret/http';

/** The key and base URL a provider is called with; absent fields take the provider's defaults. */
export interface ProviderSettings {
  readonly apiKey?: string;
  readonly baseUrl?: string;
}

/**
 * What the stages know of the environment's provider variables: whether a variable is set (what `@execret/http`'s
 * `accessProblem` asks), and the key and base URL a registry entry's `access` names. The stages never read
 * `process.env`: an application builds this from what it reads ({@link providerEnvironment}).
 */
export interface ProviderEnvironment {
  isSet(name: string): boolean;
  settings(access: ProviderAccess): ProviderSettings;
}

/**
 * A {@link ProviderEnvironment} over a variable lookup (`(name) => process.env[name]`, a config's secrets): a variable
 * is set when it is not blank (trimmed); a provider's key comes from its key variable or the first alias set, its base
 * URL from its URL variable (the provider's own when unset); local weights need neither.
 *
 * @example
 * const environment = providerEnvironment((name) => process.env[name]);
 * environment.settings({ kind: 'api-key', keyVariable: 'GEMINI_API_KEY', keyAliases: ['GOOGLE_API_KEY'] });
 * // { apiKey: <GEMINI_API_KEY, else GOOGLE_API_KEY> } (no baseUrl: the entry names no URL variable)
 */
export function providerEnvironment(lookup: (name: string) => string | undefined): ProviderEnvironment {
  const value = (name: string): string | undefined => lookup(name)?.trim() || undefined;
  return {
    isSet: (name) => value(name) !== undefined,
    settings(access) {
      const apiKey = accessKeyVariables(access)
        .map(value)
        .find((key) => key !== undefined);
      const baseUrl =
        access.kind === 'local' || access.urlVariable === undefined ? undefined : value(access.urlVariable);
      return { ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) };
    },
  };
}
