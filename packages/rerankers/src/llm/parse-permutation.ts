/**
 * Reads a listwise answer strictly: after trimming it must be identifiers `[n]` separated by `>` (spaces allowed)
 * and nothing else — or, from structured output, an array of integers. Identifiers are 1-based; ones outside
 * `1..count` are dropped, repeats after the first are dropped, and identifiers never named are appended in their
 * original (first-stage) order. Returns 0-based positions, a permutation of `0..count-1`.
 *
 * @returns the permutation, or `null` when the answer is not in the format (the caller fails with `response`)
 * @example
 * parsePermutation('[3] > [1]', 4); // [2, 0, 1, 3]
 * parsePermutation('[2] > [9] > [2]', 3); // [1, 0, 2]
 * parsePermutation('The best is [2]', 3); // null
 */
export function parsePermutation(answer: string | readonly number[], count: number): number[] | null {
  let ids: number[];
  if (typeof answer === 'string') {
    const text = answer.trim();
    if (!/^\[\d+\](\s*>\s*\[\d+\])*$/.test(text)) return null;
    ids = Array.from(text.matchAll(/\[(\d+)\]/g), (m) => Number(m[1]));
  } else {
    if (!answer.every((n) => Number.isInteger(n))) return null;
    ids = [...answer];
  }
  const seen = new Set<number>();
  const order: number[] = [];
  for (const id of ids) {
    const position = id - 1;
    if (position < 0 || position >= count || seen.has(position)) continue;
    seen.add(position);
    order.push(position);
  }
  for (let i = 0; i < count; i++) if (!seen.has(i)) order.push(i);
  return order;
}
