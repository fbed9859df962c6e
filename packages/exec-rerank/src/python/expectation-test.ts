import type { Expectation } from '../expectation.js';

/**
 * A Python test that checks one call against an expected behaviour (the LLM probe's answers):
 * - `{ returns }`: `assert <call> == <returns>` (judged `split` by the oracle: the child never sees the value);
 * - `{ raises }`: the call must raise an exception whose class, or one of its bases, is named `raises`.
 *
 * `call` and `returns` are Python source (checked by the caller: see `readPythonExpectedValue`).
 *
 * @example
 * pythonExpectationTest('add(1, 2)', { returns: '3' });        // 'assert add(1, 2) == 3'
 * pythonExpectationTest('parse("x")', { raises: 'ValueError' }); // 'def __execret_expect():\n    try: …'
 */
export function pythonExpectationTest(call: string, expected: Expectation): string {
  if ('returns' in expected) return `assert ${call} == ${expected.returns}`;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(expected.raises))
    throw new TypeError(
      `@execret/exec-rerank pythonExpectationTest: raises must be an exception class name, received ${JSON.stringify(expected.raises)}`,
    );
  return [
    'def __execret_expect():',
    '    try:',
    `        ${call}`,
    '    except Exception as _e:',
    `        if not any(k.__name__ == ${JSON.stringify(expected.raises)} for k in type(_e).__mro__):`,
    "            raise AssertionError('raised ' + type(_e).__name__)",
    '        return',
    "    raise AssertionError('returned')",
    '__execret_expect()',
    '',
  ].join('\n');
}
