/**
 * Plain pass fraction: the share of the kept generated tests a candidate passes, `passed / tests`; 0 for every
 * candidate when no test was kept.
 *
 * @example
 * passFractionScores([[1, 1, 0, 0], [1, 1, 1, 1]]); // Float64Array [0.5, 1]
 */
export function passFractionScores(passed: readonly ArrayLike<number>[]): Float64Array {
  return Float64Array.from(passed, (row) => {
    if (row.length === 0) return 0;
    let s = 0;
    for (let i = 0; i < row.length; i++) s += row[i] ? 1 : 0;
    return s / row.length;
  });
}
