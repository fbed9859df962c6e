import { type FolderMatrices, importMatrixFolder } from '@execret/search';
import { createMatrixScorer } from './matrix-scorer.js';
import { poolOrderRows } from './pool-order-rows.js';
import type { PoolView } from './pool-view.js';
import type { Scorer } from './scorer.js';

/**
 * One system per imported `.npz` file (`@execret/search`' `importMatrixFolder`), named after the file without
 * `.npz`, config hash the SHA-256 of its bytes: rows put in the pool's order by {@link poolOrderRows} (by their id
 * arrays, else taken to be in the dataset files' order) and scored by {@link createMatrixScorer}.
 *
 * @throws Error naming the file when its query or document matrix was not found
 * @example
 * const scorers = folderMatrixScorers(pool, await importMatrixFolder(dir, { rows }), 'cosine');
 */
export function folderMatrixScorers(
  pool: PoolView,
  files: readonly FolderMatrices[],
  similarity: 'cosine' | 'dot',
): Scorer[] {
  return files.map(({ name, file, sha256, queries, documents }) => {
    if (queries === undefined || documents === undefined) {
      throw new Error(
        `execret: ${file}: expected a query matrix with ${pool.queryIds.length} rows and a document matrix with ${pool.docIds.length} rows`,
      );
    }
    const info = { id: name.replace(/\.npz$/u, ''), provider: 'npz', configHash: sha256, similarity } as const;
    const queryRows = poolOrderRows(queries, pool.queryIds, null, file);
    const docRows = poolOrderRows(documents, pool.docIds, pool.inputOrder, file);
    return createMatrixScorer(pool, info, queryRows, docRows, queries.dims);
  });
}

/**
 * Systems from embedding matrices made elsewhere (`execret score --embeddings`): every `.npz` of a folder
 * (`@execret/search`' `importMatrixFolder`, bounded by the pool's row counts), one system each
 * ({@link folderMatrixScorers}).
 *
 * @throws Error when the folder holds no `.npz` file; what `importMatrixFolder` and {@link folderMatrixScorers} throw
 * @example
 * const scorers = await readMatrixFolderScorers('release/embeddings', pool, 'cosine');
 */
export async function readMatrixFolderScorers(
  dir: string,
  pool: PoolView,
  similarity: 'cosine' | 'dot',
): Promise<Scorer[]> {
  const imported = await importMatrixFolder(dir, {
    rows: { queries: pool.queryIds.length, documents: pool.docIds.length },
  });
  if (imported.length === 0) throw new Error(`execret: no .npz files in ${dir}`);
  return folderMatrixScorers(pool, imported, similarity);
}
