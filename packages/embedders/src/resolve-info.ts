import { configHash } from './config-hash.js';
import { PROVIDER_ACCESS } from './provider-access.js';
import type { EmbedderInfo, EmbeddingDtype, ModelConfig, Prefixes } from './types.js';

/** Per-embedder overrides of registry settings (each one changes `configHash` when it changes vectors). */
export interface ConfigOverrides {
  /** Output dimensions; must be allowed by the entry's `supportedDims`. */
  dimensions?: number;
  /** Numeric type; must be the entry's `dtype` or one of its `supportedDtypes`. */
  dtype?: EmbeddingDtype;
  /** Hugging Face revision (branch, tag or commit) for local and self-hosted models. */
  revision?: string;
  /** Model name to send instead of the registry's (e.g. a vLLM `--served-model-name`). */
  model?: string;
  /** Replacement prefixes (e.g. another Qwen3 instruction). */
  prefixes?: Partial<Prefixes>;
  /** Texts per request or forward pass; at most the entry's `maxBatch`. */
  maxBatch?: number;
}

function allowedDims(config: ModelConfig): string {
  const s = config.supportedDims;
  if (s === undefined) return `${config.dims}`;
  return s.kind === 'list' ? s.values.join(', ') : `${s.min}..${s.max}`;
}

/**
 * Applies `overrides` to a registry entry and computes `configHash`.
 *
 * Integer output dtypes (`int8`, `uint8`) switch `normalize` off: such vectors are returned as the
 * provider's integers.
 *
 * @throws RangeError when `dimensions`, `dtype` or `maxBatch` is not allowed for the entry.
 * @example
 * resolveEmbedderInfo(getModelConfig('gemini/gemini-embedding-001'), { dimensions: 768 }).dims; // 768
 */
export function resolveEmbedderInfo(config: ModelConfig, overrides: ConfigOverrides = {}): EmbedderInfo {
  let dims = config.dims;
  if (overrides.dimensions !== undefined) {
    const d = overrides.dimensions;
    const s = config.supportedDims;
    const ok =
      Number.isInteger(d) &&
      d > 0 &&
      (d === config.dims || (s !== undefined && (s.kind === 'list' ? s.values.includes(d) : d >= s.min && d <= s.max)));
    if (!ok) {
      throw new RangeError(
        `@execret/embedders ${config.id}: dimensions must be one of ${allowedDims(config)}, received ${d}`,
      );
    }
    dims = d;
  }
  let dtype = config.dtype;
  if (overrides.dtype !== undefined) {
    const allowed = [config.dtype, ...(config.supportedDtypes ?? [])];
    if (!allowed.includes(overrides.dtype)) {
      throw new RangeError(
        `@execret/embedders ${config.id}: dtype must be one of ${[...new Set(allowed)].join(', ')}, received ${overrides.dtype}`,
      );
    }
    dtype = overrides.dtype;
  }
  let maxBatch = config.maxBatch;
  if (overrides.maxBatch !== undefined) {
    if (!Number.isInteger(overrides.maxBatch) || overrides.maxBatch < 1 || overrides.maxBatch > config.maxBatch) {
      throw new RangeError(
        `@execret/embedders ${config.id}: maxBatch must be an integer in 1..${config.maxBatch}, received ${overrides.maxBatch}`,
      );
    }
    maxBatch = overrides.maxBatch;
  }
  const access = config.access ?? PROVIDER_ACCESS[config.provider];
  const resolved: ModelConfig = {
    ...config,
    access,
    model: overrides.model ?? config.model,
    revision: overrides.revision ?? config.revision,
    dims,
    dtype,
    maxBatch,
    normalize: dtype === 'int8' || dtype === 'uint8' ? false : config.normalize,
    prefixes: { ...config.prefixes, ...overrides.prefixes },
  };
  return Object.freeze({ ...resolved, access, configHash: configHash(resolved), weights: null });
}
