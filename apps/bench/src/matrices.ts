import { mkdir, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { PoolView } from '@execret/analyses';
import {
  type CacheSpace,
  createEmbeddingCache,
  exportEmbeddingMatrices,
  type ImportedMatrix,
  importEmbeddingMatrices,
} from '@execret/embedders';

export interface ImportedMatrices {
  readonly model: string;
  readonly file: string;
  readonly queries: Float32Array;
  readonly docs: Float32Array;
  readonly dims: number;
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
 * Reads every `.npz` in a directory as one system each (named after the file), through `@execret/embedders`'
 * `importEmbeddingMatrices`: the query and document matrices are found by name or as the only 2-D float arrays
 * with as many rows as the pool has queries and snippets; their id arrays reorder rows to the pool's order,
 * otherwise rows are taken to be in the dataset files' order.
 */
export async function importMatrices(dir: string, pool: PoolView): Promise<ImportedMatrices[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.npz')).sort();
  if (names.length === 0) throw new Error(`execret: no .npz files in ${dir}`);
  const out: ImportedMatrices[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const { queries, documents } = await importEmbeddingMatrices(file, {
      rows: { queries: pool.queryIds.length, documents: pool.docIds.length },
    });
    if (queries === undefined || documents === undefined) {
      throw new Error(
        `execret: ${file}: expected a query matrix with ${pool.queryIds.length} rows and a document matrix with ${pool.docIds.length} rows`,
      );
    }
    out.push({
      model: basename(name, '.npz'),
      file,
      queries: inPoolOrder(queries, pool.queryIds, null, file),
      docs: inPoolOrder(documents, pool.docIds, pool.inputOrder, file),
      dims: queries.dims,
    });
  }
  return out;
}

/**
 * The rows of a matrix in the pool's order: by its stored ids when it has them, otherwise taken to be in the
 * dataset files' order (`fileOrder[i]` = row of pool entry i; `null` when that is the pool's order already).
 */
function inPoolOrder(
  matrix: ImportedMatrix,
  order: readonly string[],
  fileOrder: Int32Array | null,
  file: string,
): Float32Array {
  const { data, dims, ids } = matrix;
  if (ids === undefined && fileOrder === null) return data;
  const row = ids === undefined ? null : new Map(ids.map((id, i) => [id, i]));
  const out = new Float32Array(order.length * dims);
  order.forEach((id, i) => {
    const r = row === null ? fileOrder![i]! : row.get(id);
    if (r === undefined) throw new Error(`execret: ${file}: id ${JSON.stringify(id)} of the dataset has no row`);
    out.set(data.subarray(r * dims, (r + 1) * dims), i * dims);
  });
  return out;
}
