import { canonicalJson, sha256Hex } from '@execret/formats';

/**
 * The configuration hash of a model or reranker: SHA-256 (lowercase hex) of the canonical JSON
 * (`@execret/formats`' `canonicalJson`) of `{ v: version, ...settings }`, where settings are the `keys` of `config`
 * in the order given (an absent setting is left out, as `canonicalJson` drops `undefined`). A package lists the
 * settings that change its outputs and nothing else, and bumps `version` when that list changes; the hash goes
 * into cache keys and result files.
 *
 * @example
 * settingsHash({ provider: 'openai', model: 'm', dims: 3, price: 1 }, ['provider', 'model', 'dims'], 1);
 * // sha256Hex('{"dims":3,"model":"m","provider":"openai","v":1}')
 */
export function settingsHash<Config extends object>(
  config: Config,
  keys: readonly (keyof Config & string)[],
  version: number,
): string {
  const settings: Record<string, unknown> = { v: version };
  for (const key of keys) settings[key] = config[key];
  return sha256Hex(canonicalJson(settings));
}
