import { rerankerConfigHash } from './config-hash.js';
import type { RerankerConfig, RerankerDtype, RerankerInfo } from './types.js';

/** Settings a caller may override; each one that changes scores changes `configHash`. */
export interface RerankerOverrides {
  /** Provider model name or Hugging Face repository id (e.g. a fine-tune, or the model a vLLM server runs). */
  model?: string;
  /** Hugging Face revision to pin (commit hash recommended). */
  revision?: string;
  /** Instruction text (yes/no and LLM rankers). */
  instruction?: string;
  /** Longest (query, document) input in tokens. */
  maxLength?: number;
  dtype?: RerankerDtype;
  /** Method settings merged over the registry's (e.g. `{ windowSize: 10, step: 5 }`). */
  params?: Record<string, unknown>;
}

/**
 * The `info` a reranker of `config` with `overrides` has: the configuration with overrides applied and its hash
 * (`access` left out: it says what to set before use, not how scores are made).
 *
 * @throws {RangeError} when `maxLength` is not an integer ≥ 1 or `model` is empty
 * @example
 * resolveRerankerInfo(getRerankerConfig('vllm/qwen3-reranker-8b'), { instruction: 'Find code that solves the task' })
 *   .configHash; // differs from the default instruction's hash
 */
export function resolveRerankerInfo(config: RerankerConfig, overrides: RerankerOverrides = {}): RerankerInfo {
  if (overrides.maxLength !== undefined && (!Number.isInteger(overrides.maxLength) || overrides.maxLength < 1)) {
    throw new RangeError(
      `@execret/rerankers ${config.id}: maxLength must be an integer >= 1, received ${overrides.maxLength}`,
    );
  }
  if (overrides.model !== undefined && (typeof overrides.model !== 'string' || overrides.model === '')) {
    throw new RangeError(`@execret/rerankers ${config.id}: model must be a non-empty string`);
  }
  const { access: _access, ...settings } = config;
  const resolved: Omit<RerankerConfig, 'access'> = {
    ...settings,
    ...(overrides.model === undefined ? {} : { model: overrides.model }),
    ...(overrides.revision === undefined ? {} : { revision: overrides.revision }),
    ...(overrides.instruction === undefined ? {} : { instruction: overrides.instruction }),
    ...(overrides.maxLength === undefined ? {} : { maxLength: overrides.maxLength }),
    ...(overrides.dtype === undefined ? {} : { dtype: overrides.dtype }),
    params: { ...config.params, ...(overrides.params ?? {}) },
  };
  return { ...resolved, configHash: rerankerConfigHash(resolved), weights: null };
}
