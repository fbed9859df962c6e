/**
 * What a provider needs before it can be used, as a registry entry records it (the names are the environment
 * variables the `execret` CLI documents; libraries never read them, the caller passes keys and URLs in):
 * - `api-key` — a hosted API: a key, documented as `keyVariable` (`OPENAI_API_KEY`), or under one of `keyAliases`
 *   when that is unset (`GOOGLE_API_KEY` for Gemini); optionally a base URL that replaces the API's own (a proxy or
 *   gateway), documented as `urlVariable` (`EXECRET_OPENAI_BASE_URL`).
 * - `server` — a server you run (vLLM, text-embeddings-inference, Ollama): its base URL, documented as
 *   `urlVariable`, and optionally a key for it (`keyVariable`). With `defaultUrl`, the URL may be left out and the
 *   default endpoint is used, which then needs the key.
 * - `local` — weights on this machine (transformers.js): nothing to set.
 */
export type ProviderAccess =
  | {
      readonly kind: 'api-key';
      readonly keyVariable: string;
      readonly keyAliases?: readonly string[];
      readonly urlVariable?: string;
    }
  | {
      readonly kind: 'server';
      readonly urlVariable: string;
      readonly keyVariable?: string;
      readonly defaultUrl?: string;
    }
  | { readonly kind: 'local' };

/**
 * The variables a provider's key may be read from, first wins: `keyVariable`, then its `keyAliases` (none for local
 * weights, or for a server without a key).
 *
 * @example
 * accessKeyVariables({ kind: 'api-key', keyVariable: 'GEMINI_API_KEY', keyAliases: ['GOOGLE_API_KEY'] });
 * // ['GEMINI_API_KEY', 'GOOGLE_API_KEY']
 */
export function accessKeyVariables(access: ProviderAccess): string[] {
  if (access.kind === 'local' || access.keyVariable === undefined) return [];
  return [access.keyVariable, ...(access.kind === 'api-key' ? (access.keyAliases ?? []) : [])];
}

/**
 * Why a provider cannot be used with the variables that are set, or `undefined` when it can. `isSet(name)` says
 * whether the caller holds a value for a documented variable (a CLI reads its environment; a library user passes
 * whatever it has); a key set under one of `keyAliases` counts.
 *
 * @example
 * accessProblem({ kind: 'api-key', keyVariable: 'COHERE_API_KEY' }, 'cohere', () => false);
 * // 'no API key for cohere (set COHERE_API_KEY)'
 * accessProblem({ kind: 'server', urlVariable: 'EXECRET_TEI_BASE_URL' }, 'tei', () => false);
 * // 'needs a server for tei: set EXECRET_TEI_BASE_URL'
 * accessProblem({ kind: 'local' }, 'transformers', () => false); // undefined
 */
export function accessProblem(
  access: ProviderAccess,
  provider: string,
  isSet: (variable: string) => boolean,
): string | undefined {
  if (access.kind === 'api-key') {
    if (accessKeyVariables(access).some(isSet)) return undefined;
    return `no API key for ${provider} (set ${access.keyVariable})`;
  }
  if (access.kind === 'server') {
    if (isSet(access.urlVariable)) return undefined;
    if (access.defaultUrl === undefined) return `needs a server for ${provider}: set ${access.urlVariable}`;
    if (access.keyVariable === undefined || isSet(access.keyVariable)) return undefined;
    return `set ${access.keyVariable} for the default endpoint (${access.defaultUrl}), or ${access.urlVariable} for another server`;
  }
  return undefined;
}
