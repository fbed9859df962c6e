import { createEmbeddingCache } from './cache/embedding-cache.js';
import { type CachedEmbedResult, cachedEmbed } from './cache/with-cache.js';
import { type CreateEmbedderOptions, createEmbedder } from './create-embedder.js';
import { EmbeddersError } from './errors.js';
import type { EmbedderInfo, EmbedKind, ModelConfig } from './types.js';

/** What {@link embedDataset} reports: each kind's start, its progress, and its end with the cache hits. */
export type EmbedDatasetProgress =
  | { readonly step: 'start'; readonly kind: EmbedKind; readonly total: number }
  | { readonly step: 'progress'; readonly kind: EmbedKind; readonly done: number; readonly total: number }
  | { readonly step: 'done'; readonly kind: EmbedKind; readonly total: number; readonly cacheHits: number };

/** Options of {@link embedDataset}: `createEmbedder`'s (key, base URL, local weights), the cache and the policy. */
export interface EmbedDatasetOptions extends CreateEmbedderOptions {
  /** The embedding cache folder (`createEmbeddingCache`); every row goes through it. (`cacheDir` is transformers.js' download folder, as in `createEmbedder`.) */
  readonly embeddingCacheDir: string;
  /**
   * Return `skipped` (with the first line of the error) instead of throwing when the model cannot be used here: its
   * weights are absent and cannot be fetched (`model-unavailable`) or its optional dependency is not installed
   * (`missing-dependency`, when creating the embedder). For models a run adds by default; default `false`.
   */
  readonly skipUnavailable?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (event: EmbedDatasetProgress) => void;
}

/** The outcome of {@link embedDataset}. */
export type EmbedDatasetOutcome =
  | {
      readonly status: 'embedded';
      readonly info: EmbedderInfo;
      /** The queries' rows, in the order given, with the provider's usage and the cache hits. */
      readonly queries: CachedEmbedResult;
      /** The documents' rows, likewise. */
      readonly documents: CachedEmbedResult;
    }
  | { readonly status: 'skipped'; readonly reason: string };

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

/**
 * Embeds a dataset's queries (`kind: 'query'`) and then its documents (`kind: 'document'`) with one model through
 * the embedding cache at `options.embeddingCacheDir` ({@link cachedEmbed}: only misses reach the provider, and each batch is
 * stored as soon as it returns, so an interrupted run keeps what it paid for). The cache is closed before returning.
 *
 * @throws EmbeddersError from `createEmbedder` and the provider (`unknown-model`, `auth`, …), except what
 *   `skipUnavailable` turns into `skipped`
 * @example
 * const outcome = await embedDataset('local/all-minilm-l6-v2', { queries, documents }, { embeddingCacheDir: 'cache/embeddings' });
 * if (outcome.status === 'embedded') outcome.documents.data; // Float32Array, documents.length × dims
 */
export async function embedDataset(
  model: string | ModelConfig,
  texts: { readonly queries: readonly string[]; readonly documents: readonly string[] },
  options: EmbedDatasetOptions,
): Promise<EmbedDatasetOutcome> {
  const { embeddingCacheDir, skipUnavailable = false, signal, onProgress, ...embedderOptions } = options;
  const skip = (error: unknown, codes: readonly string[]): EmbedDatasetOutcome | undefined =>
    skipUnavailable && EmbeddersError.is(error) && codes.includes(error.code)
      ? { status: 'skipped', reason: firstLine(error.message) }
      : undefined;
  let embedder: Awaited<ReturnType<typeof createEmbedder>>;
  try {
    embedder = await createEmbedder(model, embedderOptions);
  } catch (error) {
    const skipped = skip(error, ['model-unavailable', 'missing-dependency']);
    if (skipped) return skipped;
    throw error;
  }
  const cache = await createEmbeddingCache(embeddingCacheDir);
  const embedKind = async (kind: EmbedKind, kindTexts: readonly string[]) => {
    onProgress?.({ step: 'start', kind, total: kindTexts.length });
    const result = await cachedEmbed(embedder, cache, kindTexts, {
      kind,
      ...(signal === undefined ? {} : { signal }),
      onProgress: (p) => onProgress?.({ step: 'progress', kind, done: p.done, total: p.total }),
    });
    onProgress?.({ step: 'done', kind, total: kindTexts.length, cacheHits: result.cacheHits });
    return result;
  };
  try {
    const queries = await embedKind('query', texts.queries);
    const documents = await embedKind('document', texts.documents);
    return { status: 'embedded', info: embedder.info, queries, documents };
  } catch (error) {
    const skipped = skip(error, ['model-unavailable']);
    if (skipped) return skipped;
    throw error;
  } finally {
    await cache.close?.();
  }
}
