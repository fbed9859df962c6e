/**
 * CodeT's dual agreement (Chen et al., 2022, arXiv:2207.10397, §2.2). `passed[c][t]` is 1 when candidate c passes
 * generated test t. Candidates are grouped by the exact set of tests they pass; a group's score is
 * `(number of candidates in it) × (number of tests each passes)`, and every member gets its group's score. A
 * candidate that passes no test scores 0. (CodeT ranks consensus sets; here every candidate keeps a score so a
 * full ranking results, ties broken by the caller.)
 *
 * @example
 * dualAgreementScores([[1, 1, 0], [1, 1, 0], [1, 1, 1], [0, 0, 0]]);
 * // Float64Array [4, 4, 3, 0]: {t0, t1} × 2 candidates = 4; {t0, t1, t2} × 1 = 3
 */
export function dualAgreementScores(passed: readonly ArrayLike<number>[]): Float64Array {
  const keys = passed.map((row) => Array.from(row, (x) => (x ? '1' : '0')).join(''));
  const sizes = new Map<string, number>();
  for (const k of keys) sizes.set(k, (sizes.get(k) ?? 0) + 1);
  return Float64Array.from(keys, (k) => (sizes.get(k) as number) * [...k].filter((x) => x === '1').length);
}
