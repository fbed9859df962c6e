import { mkdir, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type PoolView, poolOrderRows } from '@execret/analyses';
import {
  type CacheSpace,
  createEmbeddingCache,
  exportEmbeddingMatrices,
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
 * with as many rows as the pool has queries and snippets; rows are put in the pool's order by `@execret/analyses`'
 * `poolOrderRows` (by their id arrays, else taken to be in the dataset files' order).
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
      queries: poolOrderRows(queries, pool.queryIds, null, file),
      docs: poolOrderRows(documents, pool.docIds, pool.inputOrder, file),
      dims: queries.dims,
    });
  }
  return out;
}
