import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type WriteMatricesOptions, writeEmbeddingMatrices } from '@execret/search';
import { EmbeddersError } from '../errors.js';
import type { EmbedKind } from '../types.js';
import { type CacheSpace, createEmbeddingCache, type EmbeddingCache } from './embedding-cache.js';

/** Texts (raw, without prefixes) of one side of a dataset, with optional ids written beside them. */
export interface MatrixSide {
  readonly texts: readonly string[];
  readonly ids?: readonly string[];
}

/** A row-major float32 matrix; `missing` lists rows absent from the cache (left as zeros). */
export interface CollectedMatrix {
  readonly data: Float32Array;
  readonly rows: number;
  readonly dims: number;
  readonly missing: readonly number[];
}

/**
 * Reads the cached vectors of `queries` and `documents` (raw texts, without prefixes) into matrices in
 * the order given. Rows not in the cache are zero and listed in `missing`.
 *
 * @example
 * const { documents } = await collectCachedMatrices(cache, embedder.info, { documents: { texts: corpus } });
 * documents?.missing.length; // 0 once every snippet was embedded
 */
async function collectCachedMatrices(
  cache: EmbeddingCache,
  space: CacheSpace,
  sides: { queries?: MatrixSide; documents?: MatrixSide },
): Promise<{ queries?: CollectedMatrix; documents?: CollectedMatrix }> {
  const collect = async (kind: EmbedKind, side: MatrixSide): Promise<CollectedMatrix> => {
    if (side.ids !== undefined && side.ids.length !== side.texts.length) {
      throw new RangeError(
        `@execret/embedders matrices: ${side.ids.length} ids for ${side.texts.length} ${kind} texts`,
      );
    }
    const found = await cache.lookup(space, kind, side.texts);
    const missing: number[] = [];
    found.found.forEach((f, i) => {
      if (f !== 1) missing.push(i);
    });
    return { data: found.data, rows: side.texts.length, dims: space.dims, missing };
  };
  return {
    ...(sides.queries === undefined ? {} : { queries: await collect('query', sides.queries) }),
    ...(sides.documents === undefined ? {} : { documents: await collect('document', sides.documents) }),
  };
}

/** Options of {@link exportEmbeddingMatrices}. */
export interface ExportMatricesOptions extends WriteMatricesOptions {
  /** Write the file even when some rows are not cached (they are zeros); default `false`. */
  allowMissing?: boolean;
}

/**
 * Writes a model's cached matrices for a dataset to an `.npz` file through `@execret/search`'s
 * `writeEmbeddingMatrices` (atomically; numpy reads it with `np.load(path)`), in this order: `queries` (`float32`, `[nQueries, dims]`), `documents` (`float32`,
 * `[nDocs, dims]`), `query_ids` / `corpus_ids` (unicode) when ids are given, and `config_hash` (a one-element
 * unicode array). Rows follow the order of the given texts.
 *
 * @throws EmbeddersError `cache` when rows are missing from the cache and `allowMissing` is not set.
 * @returns the number of rows written per side and the rows that were missing.
 * @example
 * await exportEmbeddingMatrices(cache, embedder.info, 'out/bge-large.npz', {
 *   queries: { texts: queryTexts, ids: queryIds },
 *   documents: { texts: snippets, ids: corpusIds },
 * });
 * // python: z = np.load('out/bge-large.npz'); z['documents'].shape == (4694, 1024)
 */
export async function exportEmbeddingMatrices(
  cache: EmbeddingCache,
  space: CacheSpace,
  path: string,
  sides: { queries?: MatrixSide; documents?: MatrixSide },
  options: ExportMatricesOptions = {},
): Promise<{ queries?: CollectedMatrix; documents?: CollectedMatrix }> {
  const collected = await collectCachedMatrices(cache, space, sides);
  const missing = (collected.queries?.missing.length ?? 0) + (collected.documents?.missing.length ?? 0);
  if (missing > 0 && options.allowMissing !== true) {
    throw new EmbeddersError(
      'cache',
      `@execret/embedders matrices: ${collected.queries?.missing.length ?? 0} queries and ${
        collected.documents?.missing.length ?? 0
      } documents are not in the cache for ${space.configHash}; embed them first or pass allowMissing`,
    );
  }
  const side = (matrix: CollectedMatrix | undefined, ids: readonly string[] | undefined) =>
    matrix === undefined ? undefined : { ...matrix, ...(ids === undefined ? {} : { ids }) };
  const queries = side(collected.queries, sides.queries?.ids);
  const documents = side(collected.documents, sides.documents?.ids);
  await writeEmbeddingMatrices(
    path,
    { ...(queries ? { queries } : {}), ...(documents ? { documents } : {}), configHash: space.configHash },
    options,
  );
  return collected;
}

/**
 * {@link exportEmbeddingMatrices} from the cache folder at `cacheDir` (opened and closed here), creating the folder
 * of `path`.
 *
 * @example
 * await exportCachedMatrices('cache/embeddings', embedder.info, 'out/model.npz', { queries, documents });
 */
export async function exportCachedMatrices(
  cacheDir: string,
  space: CacheSpace,
  path: string,
  sides: { queries?: MatrixSide; documents?: MatrixSide },
  options: ExportMatricesOptions = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const cache = await createEmbeddingCache(cacheDir);
  try {
    await exportEmbeddingMatrices(cache, space, path, sides, options);
  } finally {
    await cache.close();
  }
}
