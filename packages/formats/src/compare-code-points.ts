/**
 * Orders strings by Unicode code point: the order of Python's `str` comparison and `sorted()`, of trec_eval's
 * document-id tie rule on ASCII ids, and of the "A vs B" keys of `pairwise_tests.json`. JavaScript's default
 * `sort()` and `<` compare UTF-16 code units instead, which disagrees for characters above U+FFFF against
 * U+E000–U+FFFF (`'\u{1F600}' < '\uFFFD'` is `true` in JavaScript although U+1F600 > U+FFFD); `localeCompare`
 * depends on the locale. A proper prefix sorts first. Lone surrogates, which cannot be written in UTF-8, sort as
 * if they were characters above U+FFFF.
 *
 * At the first differing code unit, surrogates (U+D800–U+DFFF) are moved above U+E000–U+FFFF, which turns
 * code-unit order into code-point order.
 *
 * @returns a negative number when `a` sorts before `b`, 0 when they are equal, a positive number otherwise
 * @example
 * ['b', 'a', 'B'].sort(compareCodePoints);   // ['B', 'a', 'b']
 * compareCodePoints('c_0002', 'c_0010');     // < 0
 * compareCodePoints('c_9', 'c_10');          // > 0 ('9' > '1'; not numeric order)
 * compareCodePoints('\u{1F600}', '\uFFFD');  // > 0
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Only code units at or above U+D800 can disagree with code-point order.
      if (x >= 0xd800 && y >= 0xd800) return codePointRank(x) - codePointRank(y);
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Surrogates (D800–DFFF) to F800–FFFF, U+E000–U+FFFF to D800–F7FF: called only for units ≥ U+D800. */
function codePointRank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}
