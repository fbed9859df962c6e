import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sha256Hex } from '@execret/formats';
import { type CacheSpace, createEmbeddingCache } from './embedding-cache.js';
import {
  type ExportMatricesOptions,
  exportEmbeddingMatrices,
  type ImportedMatrix,
  type ImportMatricesOptions,
  importEmbeddingMatrices,
  type MatrixSide,
} from './matrices.js';

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

/** One `.npz` file of a folder, read by {@link importMatrixFolder}. */
export interface FolderMatrices {
  /** The file's name (`bge-large.npz`). */
  readonly name: string;
  readonly file: string;
  /** SHA-256 of the file's bytes (lowercase hex). */
  readonly sha256: string;
  /** The query matrix, when found (see {@link importEmbeddingMatrices}). */
  readonly queries?: ImportedMatrix;
  /** The document matrix, when found. */
  readonly documents?: ImportedMatrix;
}

/**
 * Every `.npz` file of a folder (such as the release's `embeddings/`), in name order, read by
 * {@link importEmbeddingMatrices} with `options`, with the SHA-256 of its bytes (a configuration hash for matrices
 * made elsewhere).
 *
 * @example
 * const files = await importMatrixFolder('release/embeddings', { rows: { queries: 939, documents: 4694 } });
 * files.map((f) => f.name); // ['bge-large-en-v1.5.npz', 'gemini-embedding-2.npz', …]
 */
export async function importMatrixFolder(dir: string, options: ImportMatricesOptions = {}): Promise<FolderMatrices[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.npz')).sort();
  const out: FolderMatrices[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const { queries, documents } = await importEmbeddingMatrices(file, options);
    out.push({
      name,
      file,
      sha256: sha256Hex(await readFile(file)),
      ...(queries ? { queries } : {}),
      ...(documents ? { documents } : {}),
    });
  }
  return out;
}
