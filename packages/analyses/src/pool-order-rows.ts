/**
 * The rows of a matrix (an imported `.npz` side: row-major `data`, `dims` columns, optional row `ids`) in the
 * pool's order: by its stored ids when it has them, otherwise taken to be in the dataset files' order
 * (`fileOrder[i]` = row of pool entry i, as `PoolView.inputOrder`; `null` when the rows are in pool order already,
 * as for queries).
 *
 * @throws {Error} naming `file` when an id of `order` has no row
 * @example
 * const docs = poolOrderRows(documents, pool.docIds, pool.inputOrder, 'model.npz');
 * const queries = poolOrderRows(queriesSide, pool.queryIds, null, 'model.npz');
 */
export function poolOrderRows(
  matrix: { readonly data: Float32Array; readonly dims: number; readonly ids?: readonly string[] | undefined },
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
