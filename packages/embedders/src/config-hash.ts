import { createHash } from 'node:crypto';
import type { ModelConfig } from './types.js';

/** Names of the settings that enter `configHash`, in the order they are documented. */
export const HASHED_SETTINGS = [
  'provider',
  'model',
  'revision',
  'dims',
  'normalize',
  'prefixes',
  'taskTypes',
  'pooling',
  'paddingSide',
  'dtype',
  'maxTokensPerInput',
] as const;

/** Version of the hashed-settings layout; bumped if the list above ever changes. */
export const CONFIG_HASH_VERSION = 1;

/**
 * JSON with object keys sorted (recursively) and no whitespace, so equal values give equal strings.
 * Arrays keep their order; `undefined` object fields are dropped; non-finite numbers throw `RangeError`.
 *
 * @example
 * canonicalJson({ b: 1, a: [2, { d: null, c: 'x' }] }); // '{"a":[2,{"c":"x","d":null}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`canonicalJson: non-finite number ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: cannot encode a value of type ${typeof value}`);
}

/**
 * SHA-256 (lowercase hex) of the canonical JSON of `{ v: CONFIG_HASH_VERSION, ...settings }` where
 * settings are the {@link HASHED_SETTINGS} of `config`: everything that changes the vectors, and nothing
 * that does not (id, similarity, batch and token caps of requests, price, sources, notes, keys, URLs).
 *
 * @example
 * const a = configHash(getModelConfig('openai/text-embedding-3-large'));
 * a.length; // 64
 * configHash({ ...getModelConfig('openai/text-embedding-3-large'), dims: 256 }) === a; // false
 */
export function configHash(config: ModelConfig): string {
  const settings: Record<string, unknown> = { v: CONFIG_HASH_VERSION };
  for (const key of HASHED_SETTINGS) settings[key] = config[key];
  return createHash('sha256').update(canonicalJson(settings)).digest('hex');
}
