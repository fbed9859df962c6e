import { mkdir, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { PoolView } from '@execret/analyses';
import {
  type CacheSpace,
  createEmbeddingCache,
  exportEmbeddingMatrices,
  type NpyArray,
  readNpzFile,
} from '@execret/embedders';

/**
 * Names `exportEmbeddingMatrices` writes (its default keys), looked for first when importing. The embedders
 * package does not export its `DEFAULT_MATRIX_KEYS`, hence the repetition.
 */
const NPZ_KEYS = {
  queries: 'queries',
  documents: 'documents',
  queryIds: 'query_ids',
  corpusIds: 'corpus_ids',
} as const;

export interface ImportedMatrices {
  readonly model: string;
  readonly file: string;
  readonly queries: Float32Array;
  readonly docs: Float32Array;
  readonly dims: number;
  /** Which archive entries were used, for the manifest. */
  readonly entries: { queries: string; documents: string; queryIds: string | null; corpusIds: string | null };
}

/**
 * Writes a system's cached matrices as an `.npz` (`queries` nQ×d and `documents` nD×d float32, `query_ids`,
 * `corpus_ids` and `config_hash`) through `@execret/embedders`' `exportEmbeddingMatrices`, rows in the
 * pool's order, readable by `numpy.load`. Every row must be in the embedding cache.
 */
export async function exportMatrices(cacheDir: string, path: string, pool: PoolView, space: CacheSpace): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const cache = await createEmbeddingCache(cacheDir);
  try {
    await exportEmbeddingMatrices(cache, space, path, {
      queries: { texts: pool.queryTexts, ids: pool.queryIds },
      documents: { texts: pool.code, ids: pool.docIds },
    });
  } finally {
    await cache.close();
  }
}

/**
 * Reads every `.npz` in a directory as one system each (named after the file). The query and document
 * matrices are the 2-D float arrays with as many rows as the pool has queries and snippets (execret's own
 * names `queries`/`documents` are preferred when present); id arrays (1-D strings with matching lengths)
 * reorder rows to the pool's order, otherwise rows are taken to be in the dataset files' order.
 */
export async function importMatrices(dir: string, pool: PoolView): Promise<ImportedMatrices[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.npz')).sort();
  if (names.length === 0) throw new Error(`execret: no .npz files in ${dir}`);
  const out: ImportedMatrices[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const arrays = await readNpzFile(file);
    const nQ = pool.queryIds.length;
    const nD = pool.docIds.length;
    const pickMatrix = (rows: number, preferred: string, role: string): [string, NpyArray] => {
      const preferredArray = arrays.get(preferred);
      const candidates = preferredArray ? [[preferred, preferredArray] as [string, NpyArray]] : [...arrays.entries()];
      const found = candidates.filter(
        ([, a]) => (a.dtype === 'float32' || a.dtype === 'float64') && a.shape.length === 2 && a.shape[0] === rows,
      );
      if (found.length !== 1) {
        const shapes = [...arrays.entries()].map(([k, a]) => `${k}: ${a.dtype}[${a.shape.join('×')}]`).join(', ');
        throw new Error(
          `execret: ${file}: expected exactly one 2-D float matrix with ${rows} rows for the ${role} (${found.length} found); entries: ${shapes}`,
        );
      }
      return found[0]!;
    };
    const pickIds = (length: number, preferred: string, exclude: string): [string, string[]] | null => {
      const all = [...arrays.entries()].filter(
        ([k, a]) => k !== exclude && a.dtype === 'unicode' && a.shape.length === 1 && a.shape[0] === length,
      );
      const chosen = all.find(([k]) => k === preferred) ?? (all.length === 1 ? all[0] : undefined);
      return chosen ? [chosen[0], chosen[1].data as string[]] : null;
    };
    const [qKey, qArray] = pickMatrix(nQ, NPZ_KEYS.queries, 'queries');
    const [dKey, dArray] = pickMatrix(nD, NPZ_KEYS.documents, 'snippets');
    const dims = qArray.shape[1]!;
    if (dArray.shape[1] !== dims) {
      throw new Error(`execret: ${file}: ${qKey} has ${dims} columns but ${dKey} has ${dArray.shape[1]}`);
    }
    const qIds = pickIds(nQ, NPZ_KEYS.queryIds, '');
    const dIds = pickIds(nD, NPZ_KEYS.corpusIds, qIds?.[0] ?? '');
    out.push({
      model: basename(name, '.npz'),
      file,
      queries: reorder(toFloat32(qArray), dims, qIds?.[1], pool.queryIds, file),
      docs: dIds
        ? reorder(toFloat32(dArray), dims, dIds[1], pool.docIds, file)
        : gather(toFloat32(dArray), dims, pool.inputOrder),
      dims,
      entries: { queries: qKey, documents: dKey, queryIds: qIds?.[0] ?? null, corpusIds: dIds?.[0] ?? null },
    });
  }
  return out;
}

function toFloat32(array: NpyArray): Float32Array {
  return array.data instanceof Float32Array ? array.data : Float32Array.from(array.data as Float64Array);
}

function gather(matrix: Float32Array, dims: number, rows: Int32Array): Float32Array {
  const out = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => {
    out.set(matrix.subarray(r * dims, (r + 1) * dims), i * dims);
  });
  return out;
}

function reorder(
  matrix: Float32Array,
  dims: number,
  ids: readonly string[] | undefined,
  order: readonly string[],
  file: string,
): Float32Array {
  if (ids === undefined) return matrix;
  const row = new Map(ids.map((id, i) => [id, i]));
  const out = new Float32Array(order.length * dims);
  order.forEach((id, i) => {
    const r = row.get(id);
    if (r === undefined) throw new Error(`execret: ${file}: id ${JSON.stringify(id)} of the dataset has no row`);
    out.set(matrix.subarray(r * dims, (r + 1) * dims), i * dims);
  });
  return out;
}
