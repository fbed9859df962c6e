import type { NpyInput } from '../npy/npz.js';
import { writeNpzFile } from '../npy/npz-file.js';
import { DEFAULT_MATRIX_KEYS } from './matrix-keys.js';

/** One side's matrix to write: row-major float32 `rows × dims`, with optional ids (one per row). */
export interface MatrixToWrite {
  readonly data: Float32Array;
  readonly rows: number;
  readonly dims: number;
  readonly ids?: readonly string[];
}

/** Options of {@link writeEmbeddingMatrices}. */
export interface WriteMatricesOptions {
  /** Array names (defaults: `queries`, `documents`, `query_ids`, `corpus_ids`, `config_hash`). */
  keys?: Partial<Record<keyof typeof DEFAULT_MATRIX_KEYS, string>>;
  /** Deflate the arrays like `np.savez_compressed` (default `false`). */
  compress?: boolean;
}

/**
 * Writes query and document matrices to an `.npz` file (atomically) that numpy reads with `np.load(path)` and
 * {@link importEmbeddingMatrices} reads back, in this order: `queries` (`float32`, `[nQueries, dims]`), `documents`
 * (`float32`, `[nDocs, dims]`), `query_ids` / `corpus_ids` (unicode) for the sides that have ids, and `config_hash`
 * (a one-element unicode array).
 *
 * @example
 * await writeEmbeddingMatrices('out/model.npz', {
 *   documents: { data, rows: 4694, dims: 1024, ids: corpusIds },
 *   configHash: embedder.info.configHash,
 * });
 * // python: np.load('out/model.npz')['documents'].shape == (4694, 1024)
 */
export async function writeEmbeddingMatrices(
  path: string,
  matrices: { queries?: MatrixToWrite; documents?: MatrixToWrite; configHash: string },
  options: WriteMatricesOptions = {},
): Promise<void> {
  const keys = { ...DEFAULT_MATRIX_KEYS, ...options.keys };
  const entries = new Map<string, NpyInput>();
  const layout = [
    ['queries', keys.queries, keys.queryIds],
    ['documents', keys.documents, keys.documentIds],
  ] as const;
  // matrices first, then ids, then the configuration hash
  for (const [side, matrixKey] of layout) {
    const matrix = matrices[side];
    if (matrix !== undefined) entries.set(matrixKey, { data: matrix.data, shape: [matrix.rows, matrix.dims] });
  }
  for (const [side, , idKey] of layout) {
    const ids = matrices[side]?.ids;
    if (ids !== undefined) entries.set(idKey, { data: [...ids], shape: [ids.length] });
  }
  entries.set(keys.configHash, { data: [matrices.configHash], shape: [1] });
  await writeNpzFile(path, entries, options.compress === undefined ? {} : { compress: options.compress });
}
