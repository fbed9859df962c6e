import { checkEmbedArguments, emptyUsage } from '../remote-embedder.js';
import type { Embedder, EmbedOptions, EmbedResult } from '../types.js';
import type { EmbeddingCache } from './embedding-cache.js';

/** Result of a cached `embed()`: the usual result plus how many rows came from the cache. */
export interface CachedEmbedResult extends EmbedResult {
  /** Rows served from the cache (duplicates of a missing text count as misses). */
  readonly cacheHits: number;
}

/**
 * Embeds `texts` through `cache`: rows found under (`embedder.info.configHash`, kind, text) are read
 * from disk; the distinct missing texts are sent to `embedder` once each, and every batch is appended
 * to the cache as soon as the provider returns it, so an interrupted run keeps what it paid for.
 * `usage` covers the provider calls only.
 *
 * @example
 * const cache = await createEmbeddingCache('/tmp/execret-cache');
 * const first = await cachedEmbed(embedder, cache, ['a', 'b'], { kind: 'document' }); // cacheHits 0
 * const again = await cachedEmbed(embedder, cache, ['b', 'c'], { kind: 'document' }); // cacheHits 1, embeds 'c' only
 */
export async function cachedEmbed(
  embedder: Embedder,
  cache: EmbeddingCache,
  texts: readonly string[],
  options: EmbedOptions,
): Promise<CachedEmbedResult> {
  checkEmbedArguments(texts, options);
  const { info } = embedder;
  const { kind, signal, onBatch, onProgress } = options;
  const dims = info.dims;
  const lookup = await cache.lookup(info, kind, texts);
  const data = lookup.data;
  const positions = new Map<string, number[]>();
  texts.forEach((text, i) => {
    if (lookup.found[i] === 1) return;
    const list = positions.get(text);
    if (list === undefined) positions.set(text, [i]);
    else list.push(i);
  });
  const missing = [...positions.keys()];
  if (lookup.hits > 0 && onBatch) {
    const indices = texts.map((_, i) => i).filter((i) => lookup.found[i] === 1);
    const hitData = new Float32Array(indices.length * dims);
    indices.forEach((row, k) => {
      hitData.set(data.subarray(row * dims, (row + 1) * dims), k * dims);
    });
    await onBatch({ kind, indices, data: hitData, dims });
  }
  if (missing.length === 0) {
    onProgress?.({ kind, done: texts.length, total: texts.length });
    return { data, rows: texts.length, dims, usage: emptyUsage(info.price !== null), cacheHits: lookup.hits };
  }
  let done = lookup.hits;
  const result = await embedder.embed(missing, {
    kind,
    ...(signal === undefined ? {} : { signal }),
    onBatch: async (batch) => {
      const batchTexts = batch.indices.map((i) => missing[i] as string);
      await cache.store(info, kind, batchTexts, batch.data);
      const outer: number[] = [];
      const rows: number[] = [];
      batchTexts.forEach((text, k) => {
        for (const position of positions.get(text) ?? []) {
          outer.push(position);
          rows.push(k);
        }
      });
      const outerData = new Float32Array(outer.length * dims);
      rows.forEach((k, j) => {
        outerData.set(batch.data.subarray(k * dims, (k + 1) * dims), j * dims);
      });
      outer.forEach((position, j) => {
        data.set(outerData.subarray(j * dims, (j + 1) * dims), position * dims);
      });
      done += outer.length;
      if (onBatch) await onBatch({ kind, indices: outer, data: outerData, dims });
      onProgress?.({ kind, done, total: texts.length });
    },
  });
  missing.forEach((text, k) => {
    for (const position of positions.get(text) ?? [])
      data.set(result.data.subarray(k * dims, (k + 1) * dims), position * dims);
  });
  return { data, rows: texts.length, dims, usage: result.usage, cacheHits: lookup.hits };
}

/**
 * Wraps `embedder` so every `embed()` goes through {@link cachedEmbed}. `info` is the inner
 * embedder's; `usage()` counts provider calls only; `close()` closes the inner embedder (not the cache).
 *
 * @example
 * const cached = withCache(await createEmbedder('openai/text-embedding-3-small', { apiKey }), cache);
 * await cached.embed(corpus, { kind: 'document' });
 */
export function withCache(embedder: Embedder, cache: EmbeddingCache): Embedder {
  return {
    info: embedder.info,
    embed: (texts, options) => cachedEmbed(embedder, cache, texts, options),
    usage: () => embedder.usage(),
    close: () => embedder.close(),
  };
}
