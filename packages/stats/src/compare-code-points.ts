/**
 * Orders strings by Unicode code point, the order of Python's `str` comparison and of `sorted()`
 * (used for the "A vs B" keys of `pairwise_tests.json`). JavaScript's default `sort()` and `<`
 * compare UTF-16 code units instead, which disagrees for characters above U+FFFF versus
 * U+E000–U+FFFF; `localeCompare` is locale-dependent. A proper prefix sorts first.
 *
 * At the first differing code unit, surrogates (U+D800–U+DFFF, the halves of code points
 * ≥ U+10000) are moved above U+E000–U+FFFF, which turns code-unit order into code-point order.
 *
 * @returns a negative number when a < b, 0 when equal, a positive number when a > b.
 *
 * @example
 * ['b', 'a', 'B'].sort(compareCodePoints);          // ['B', 'a', 'b']
 * compareCodePoints('\u{1F600}', '\uFF21') > 0;     // true (U+1F600 > U+FF21), though '\u{1F600}' < '\uFF21' in JS
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
