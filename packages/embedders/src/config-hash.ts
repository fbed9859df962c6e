import { settingsHash } from '@execret/http';
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
const CONFIG_HASH_VERSION = 1;

/**
 * `@execret/http`'s `settingsHash`: SHA-256 (lowercase hex) of the canonical JSON of `{ v: CONFIG_HASH_VERSION, ...settings }` where
 * settings are the {@link HASHED_SETTINGS} of `config`: everything that changes the vectors, and nothing
 * that does not (id, similarity, batch and token caps of requests, price, sources, notes, keys, URLs).
 *
 * @example
 * const a = configHash(getModelConfig('openai/text-embedding-3-large'));
 * a.length; // 64
 * configHash({ ...getModelConfig('openai/text-embedding-3-large'), dims: 256 }) === a; // false
 */
export function configHash(config: ModelConfig): string {
  return settingsHash(config, HASHED_SETTINGS, CONFIG_HASH_VERSION);
}
