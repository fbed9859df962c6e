import { EmbeddersError } from '../errors.js';
import type { NpyArray } from '../npy/npy.js';
import type { NpyInput } from '../npy/npz.js';
import { readNpzFile, writeNpzFile } from '../npy/npz-file.js';
import type { EmbedKind } from '../types.js';
import type { CacheSpace, EmbeddingCache } from './embedding-cache.js';

/** Array names written by {@link exportEmbeddingMatrices} (override with `options.keys`). */
const DEFAULT_MATRIX_KEYS = {
  queries: 'queries',
  documents: 'documents',
  queryIds: 'query_ids',
  documentIds: 'corpus_ids',
  configHash: 'config_hash',
} as const;

/**
 * Array names {@link importEmbeddingMatrices} tries, in order, when no key is given. The release's
 * `embeddings/*.npz` naming is not documented; these cover the usual spellings.
 */
const MATRIX_KEY_CANDIDATES = {
  queries: ['queries', 'query_embeddings', 'query_embs', 'query', 'queries_embeddings', 'q'],
  documents: [
    'documents',
    'corpus_embeddings',
    'corpus',
    'doc_embeddings',
    'document_embeddings',
    'docs',
    'code_embeddings',
    'd',
  ],
} as const;

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
export interface ExportMatricesOptions {
  /** Array names (defaults: {@link DEFAULT_MATRIX_KEYS}). */
  keys?: Partial<Record<keyof typeof DEFAULT_MATRIX_KEYS, string>>;
  /** Write the file even when some rows are not cached (they are zeros); default `false`. */
  allowMissing?: boolean;
  /** Deflate the arrays like `np.savez_compressed` (default `false`). */
  compress?: boolean;
}

/**
 * Writes a model's cached matrices for a dataset to an `.npz` file (atomically) that numpy reads with
 * `np.load(path)`, in this order: `queries` (`float32`, `[nQueries, dims]`), `documents` (`float32`,
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
  const keys = { ...DEFAULT_MATRIX_KEYS, ...options.keys };
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
  // matrices first, then ids, then the configuration hash
  const entries = new Map<string, NpyInput>();
  const layout = [
    ['queries', keys.queries, keys.queryIds],
    ['documents', keys.documents, keys.documentIds],
  ] as const;
  for (const [side, matrixKey] of layout) {
    const matrix = collected[side];
    if (matrix !== undefined) entries.set(matrixKey, { data: matrix.data, shape: [matrix.rows, matrix.dims] });
  }
  for (const [side, , idKey] of layout) {
    const ids = collected[side] === undefined ? undefined : sides[side]?.ids;
    if (ids !== undefined) entries.set(idKey, { data: [...ids], shape: [ids.length] });
  }
  entries.set(keys.configHash, { data: [space.configHash], shape: [1] });
  await writeNpzFile(path, entries, options.compress === undefined ? {} : { compress: options.compress });
  return collected;
}

/** A matrix read by {@link importEmbeddingMatrices}. */
export interface ImportedMatrix {
  /** Name of the array it came from. */
  readonly key: string;
  readonly data: Float32Array;
  readonly rows: number;
  readonly dims: number;
  /** The row ids stored beside it (a 1-D string array with one id per row), when the file has them. */
  readonly ids?: readonly string[];
  /** Name of the id array. */
  readonly idsKey?: string;
}

/** Options of {@link importEmbeddingMatrices}. */
export interface ImportMatricesOptions {
  /**
   * Exact array names; when absent, {@link MATRIX_KEY_CANDIDATES} are tried in order for the matrices, and
   * `query_ids` / `corpus_ids` (or the only string array of the right length) for the ids.
   */
  keys?: { queries?: string; documents?: string; queryIds?: string; documentIds?: string };
  /**
   * Expected row counts. A matrix found by name must have them; when no name matches, the only 2-D float array
   * with that many rows is taken (an error when there are several).
   */
  rows?: { queries?: number; documents?: number };
}

function toFloat32Matrix(array: NpyArray, key: string, path: string): ImportedMatrix {
  if (array.shape.length !== 2 || (array.dtype !== 'float32' && array.dtype !== 'float64')) {
    throw new EmbeddersError(
      'matrix',
      `@execret/embedders matrices: ${path}: array "${key}" is ${array.dtype} of shape [${array.shape.join(', ')}], expected a 2-D float32 or float64 matrix`,
    );
  }
  const [rows, dims] = array.shape as [number, number];
  const data = array.dtype === 'float32' ? array.data : Float32Array.from(array.data);
  for (let i = 0; i < data.length; i++) {
    if (!Number.isFinite(data[i]!)) {
      const what = Number.isNaN(data[i]!)
        ? 'NaN'
        : array.dtype === 'float64' && Number.isFinite(array.data[i]!)
          ? `${array.data[i]} (beyond float32)`
          : String(data[i]);
      throw new EmbeddersError(
        'matrix',
        `@execret/embedders matrices: ${path}: array "${key}" holds ${what} at row ${Math.floor(i / dims)}, column ${i % dims}; every value must be finite`,
      );
    }
  }
  return { key, data, rows, dims };
}

/**
 * Reads query and document matrices from an `.npz` file (such as the release's `embeddings/` or one written by
 * {@link exportEmbeddingMatrices}), as float32 (float64 arrays are converted; NaN and ±∞ are refused, naming the
 * row and column), with the row ids stored beside them. Use them to score without calling a provider, or to seed
 * a cache with `cache.store(info, kind, texts, matrix.data)` when the row order of the texts is known.
 *
 * @throws EmbeddersError `matrix` when a named array is absent (the message lists the arrays present, with
 *   shapes), is not a 2-D float matrix, has another row count than `options.rows` asks, or is ambiguous;
 *   `node:fs` errors such as `ENOENT`.
 * @example
 * const { queries, documents } = await importEmbeddingMatrices('embeddings/gemini-embedding-2.npz', {
 *   rows: { queries: 939, documents: 4694 },
 * });
 * documents?.rows; // 4694
 * documents?.ids?.[0]; // 'c_0001' when the file stores corpus ids
 */
export async function importEmbeddingMatrices(
  path: string,
  options: ImportMatricesOptions = {},
): Promise<{
  queries?: ImportedMatrix;
  documents?: ImportedMatrix;
  arrays: Record<string, { dtype: string; shape: number[] }>;
}> {
  const arrays = await readNpzFile(path);
  const listing: Record<string, { dtype: string; shape: number[] }> = {};
  for (const [name, array] of arrays) listing[name] = { dtype: array.dtype, shape: array.shape };
  const describe = () =>
    Object.entries(listing)
      .map(([name, a]) => `${name} ${a.dtype}[${a.shape.join(', ')}]`)
      .join(', ');
  const fail = (message: string) =>
    new EmbeddersError('matrix', `@execret/embedders matrices: ${path}: ${message}; arrays: ${describe()}`);
  const isMatrix = (a: NpyArray) => (a.dtype === 'float32' || a.dtype === 'float64') && a.shape.length === 2;
  const pickMatrix = (side: 'queries' | 'documents'): [string, NpyArray] | undefined => {
    const rows = options.rows?.[side];
    const wanted = options.keys?.[side];
    let chosen: [string, NpyArray] | undefined;
    if (wanted !== undefined) {
      const array = arrays.get(wanted);
      if (array === undefined) throw fail(`no array "${wanted}"`);
      chosen = [wanted, array];
    } else {
      const name = MATRIX_KEY_CANDIDATES[side].find((candidate) => arrays.has(candidate));
      if (name !== undefined) chosen = [name, arrays.get(name)!];
      else if (rows !== undefined) {
        const found = [...arrays].filter(([, a]) => isMatrix(a) && a.shape[0] === rows);
        if (found.length > 1) {
          throw fail(
            `${found.length} 2-D float arrays have ${rows} rows, so the ${side} matrix is ambiguous; pass options.keys`,
          );
        }
        chosen = found[0];
      }
    }
    if (chosen !== undefined && rows !== undefined && isMatrix(chosen[1]) && chosen[1].shape[0] !== rows) {
      throw fail(`array "${chosen[0]}" has ${chosen[1].shape[0]} rows, expected ${rows} ${side}`);
    }
    return chosen;
  };
  const pickIds = (side: 'queries' | 'documents', rows: number, exclude: string | undefined) => {
    const wanted = options.keys?.[side === 'queries' ? 'queryIds' : 'documentIds'];
    const fits = (a: NpyArray | undefined) =>
      a !== undefined && a.dtype === 'unicode' && a.shape.length === 1 && a.shape[0] === rows;
    if (wanted !== undefined) {
      const array = arrays.get(wanted);
      if (!fits(array)) throw fail(`array "${wanted}" is not a 1-D string array of ${rows} ids`);
      return { key: wanted, ids: array!.data as string[] };
    }
    const preferred = side === 'queries' ? DEFAULT_MATRIX_KEYS.queryIds : DEFAULT_MATRIX_KEYS.documentIds;
    const all = [...arrays].filter(([k, a]) => k !== exclude && fits(a));
    const chosen = all.find(([k]) => k === preferred) ?? (all.length === 1 ? all[0] : undefined);
    return chosen === undefined ? undefined : { key: chosen[0], ids: chosen[1].data as string[] };
  };
  const load = (side: 'queries' | 'documents', exclude: string | undefined): ImportedMatrix | undefined => {
    const chosen = pickMatrix(side);
    if (chosen === undefined) return undefined;
    const matrix = toFloat32Matrix(chosen[1], chosen[0], path);
    const ids = pickIds(side, matrix.rows, exclude);
    return ids === undefined ? matrix : { ...matrix, ids: ids.ids, idsKey: ids.key };
  };
  const queries = load('queries', undefined);
  const documents = load('documents', queries?.idsKey);
  if (queries === undefined && documents === undefined) {
    throw fail(
      `none of the expected arrays (${[...MATRIX_KEY_CANDIDATES.queries, ...MATRIX_KEY_CANDIDATES.documents].join(', ')}); pass options.keys`,
    );
  }
  if (queries !== undefined && documents !== undefined && queries.dims !== documents.dims) {
    throw fail(`"${queries.key}" has ${queries.dims} columns but "${documents.key}" has ${documents.dims}`);
  }
  return {
    ...(queries === undefined ? {} : { queries }),
    ...(documents === undefined ? {} : { documents }),
    arrays: listing,
  };
}
