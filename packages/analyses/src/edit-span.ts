/**
 * The character span of the edit that turns `before` into `after`: the length of the longer of the two
 * differing middles once the longest common prefix and then the longest common suffix (not overlapping
 * the prefix) are removed. 0 for identical strings. Counts UTF-16 code units.
 *
 * @example
 * editSpan('return a < b', 'return a <= b') // 1 ("=" was inserted: prefix "return a <", suffix " b")
 * editSpan('f(a, b)', 'f(b, a)')             // 4 ("a, b" became "b, a")
 */
export function editSpan(before: string, after: string): number {
  const limit = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < limit && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < limit - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  return Math.max(before.length, after.length) - prefix - suffix;
}
