import { settingsHash } from '@execret/http';
import type { RerankerConfig } from './types.js';

/** Names of the settings that enter {@link rerankerConfigHash}, in documentation order. */
export const HASHED_RERANKER_SETTINGS = [
  'provider',
  'method',
  'model',
  'revision',
  'instruction',
  'truncation',
  'maxLength',
  'dtype',
  'params',
] as const;

/** Version of the hashed-settings layout; bumped if the list above ever changes. */
const RERANKER_HASH_VERSION = 1;

/**
 * `@execret/http`'s `settingsHash`: SHA-256 (lowercase hex) of the canonical JSON (`canonicalJson` of `@execret/formats`) of
 * `{ v: 1, provider, method, model, revision, instruction, truncation, maxLength, dtype, params }`: every setting
 * that changes scores, and nothing that does not (id, request caps, price, sources, notes, keys, URLs).
 *
 * @example
 * rerankerConfigHash(getRerankerConfig('cohere/rerank-v3.5')).length; // 64
 * rerankerConfigHash({ ...getRerankerConfig('cohere/rerank-v3.5'), maxDocumentsPerRequest: 10 })
 *   === rerankerConfigHash(getRerankerConfig('cohere/rerank-v3.5')); // true: a cap does not change scores
 */
export function rerankerConfigHash(config: RerankerConfig): string {
  return settingsHash(config, HASHED_RERANKER_SETTINGS, RERANKER_HASH_VERSION);
}
