/** The constants found in a candidate's source, the raw material of type-probing inputs. */
export interface CodeLiterals {
  /** Integer literals (unary minus applied), unique, ascending. */
  readonly ints: readonly number[];
  /** Float literals, unique, ascending. */
  readonly floats: readonly number[];
  /** String literals (not bytes, not f-strings), unique, in code-point order. */
  readonly strings: readonly string[];
}

function uniqueSorted(values: Iterable<number>): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * The union of several candidates' literals, sorted, so the result does not depend on the candidates' order.
 *
 * @example
 * mergeCodeLiterals([{ ints: [3, 1], floats: [], strings: ['b'] }, { ints: [1, 2], floats: [0.5], strings: ['a'] }]);
 * // { ints: [1, 2, 3], floats: [0.5], strings: ['a', 'b'] }
 */
export function mergeCodeLiterals(all: readonly CodeLiterals[]): CodeLiterals {
  const strings = new Set<string>();
  for (const l of all) for (const s of l.strings) strings.add(s);
  return {
    ints: uniqueSorted(all.flatMap((l) => l.ints)),
    floats: uniqueSorted(all.flatMap((l) => l.floats)),
    strings: [...strings].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}
