import { SearchError } from '../errors.js';
import type { NpyArray } from '../npy/npy.js';
import { readNpzFile } from '../npy/npz-file.js';
import { DEFAULT_MATRIX_KEYS, MATRIX_KEY_CANDIDATES } from './matrix-keys.js';

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
    throw new SearchError(
      'matrix',
      `@execret/search matrices: ${path}: array "${key}" is ${array.dtype} of shape [${array.shape.join(', ')}], expected a 2-D float32 or float64 matrix`,
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
      throw new SearchError(
        'matrix',
        `@execret/search matrices: ${path}: array "${key}" holds ${what} at row ${Math.floor(i / dims)}, column ${i % dims}; every value must be finite`,
      );
    }
  }
  return { key, data, rows, dims };
}

/**
 * Reads query and document matrices from an `.npz` file (such as the release's `embeddings/` or one written by
 * `@execret/embedders`' `exportEmbeddingMatrices` or {@link writeEmbeddingMatrices}), as float32 (float64 arrays are converted; NaN and ±∞ are refused, naming the
 * row and column), with the row ids stored beside them. Use them to score without calling a provider, or to seed
 * a cache with `cache.store(info, kind, texts, matrix.data)` when the row order of the texts is known.
 *
 * @throws SearchError `matrix` when a named array is absent (the message lists the arrays present, with
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
    new SearchError('matrix', `@execret/search matrices: ${path}: ${message}; arrays: ${describe()}`);
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
