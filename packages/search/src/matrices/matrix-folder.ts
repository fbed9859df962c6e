import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '@execret/formats';
import { type ImportedMatrix, type ImportMatricesOptions, importEmbeddingMatrices } from './import-matrices.js';

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
