import { tokenizePython } from '@execret/formats';
import type { GeneratedTestIssue } from '../generated-test-issue.js';

/**
 * Static checks of one generated Python test for `functionName` (lexical, nothing is run): `empty`,
 * `not-an-assert` (it must be exactly one logical line starting with `assert`, with an expression after it, and
 * no top-level `;`) or `no-call` (no `functionName(` call that is not an attribute, `x.functionName(`); `null`
 * when it passes.
 *
 * @example
 * checkPythonTest('assert add(1, 2) == 3', 'add');   // null
 * checkPythonTest('print(add(1, 2))', 'add');        // 'not-an-assert'
 * checkPythonTest('assert 1 + 1 == 2', 'add');       // 'no-call'
 * checkPythonTest('  # nothing', 'add');             // 'empty'
 */
export function checkPythonTest(
  test: string,
  functionName: string,
): Exclude<GeneratedTestIssue, 'duplicate' | 'crashes'> | null {
  const { tokens, error } = tokenizePython(test);
  const real = tokens.filter((t) => t.kind !== 'indent' && t.kind !== 'newline');
  if (error === null && real.length === 0) return 'empty';
  if (error !== null) return 'not-an-assert';
  const newlines = tokens.filter((t) => t.kind === 'newline').length;
  const first = real[0];
  if (first?.text !== 'assert' || real.length < 2 || newlines > 1 || tokens[0]?.text !== '') return 'not-an-assert';
  if (real.some((t) => t.kind === 'op' && t.text === ';' && t.depth === 0)) return 'not-an-assert';
  for (let i = 1; i + 1 < real.length; i++) {
    const t = real[i];
    if (t?.kind === 'name' && t.text === functionName && real[i + 1]?.text === '(' && real[i - 1]?.text !== '.')
      return null;
  }
  return 'no-call';
}
