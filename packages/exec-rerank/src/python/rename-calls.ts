import { tokenizePython } from '@execret/formats';

/**
 * Replaces every identifier `from` in a Python test by `to` (not attributes such as `x.from`, not inside strings
 * or comments), so a test written for one function name calls a candidate's own function. A test that does not
 * tokenize is returned unchanged.
 *
 * @example
 * renamePythonCalls("assert slugify('slugify me') == slugify('a')", 'slugify', 'make_slug');
 * // "assert make_slug('slugify me') == make_slug('a')"
 */
export function renamePythonCalls(test: string, from: string, to: string): string {
  if (from === to) return test;
  const { tokens, error } = tokenizePython(test);
  if (error !== null) return test;
  let out = '';
  let at = 0;
  tokens.forEach((t, i) => {
    if (t.kind !== 'name' || t.text !== from || tokens[i - 1]?.text === '.') return;
    out += test.slice(at, t.start) + to;
    at = t.start + t.text.length;
  });
  return out + test.slice(at);
}
