/**
 * How many systems solve each query at rank 1, and the histogram of that count: the queries no system
 * solves, the ones only one system solves, and so on.
 *
 * @param execAt1 per system, exec@1 per query (aligned, values 0 or 1)
 * @throws RangeError when the vectors differ in length.
 * @returns `perQuery[q]` = systems solving q; `histogram[c]` = queries solved by exactly c systems
 *          (length = systems + 1)
 * @example
 * solvedBy({ a: [1, 0, 1], b: [1, 0, 0] }) // { perQuery: [2, 0, 1], histogram: [1, 1, 1], systems: 2 }
 */
export function solvedBy(execAt1: Record<string, ArrayLike<number>>): {
  perQuery: Int32Array;
  histogram: Int32Array;
  systems: number;
} {
  const columns = Object.values(execAt1);
  const n = columns[0]?.length ?? 0;
  const perQuery = new Int32Array(n);
  for (const column of columns) {
    if (column.length !== n) {
      throw new RangeError(
        `@execret/analyses solvedBy: expected aligned per-query vectors (${n} values), received ${column.length}`,
      );
    }
    for (let q = 0; q < n; q++) if (column[q] === 1) perQuery[q]!++;
  }
  const histogram = new Int32Array(columns.length + 1);
  for (const c of perQuery) histogram[c]!++;
  return { perQuery, histogram, systems: columns.length };
}
