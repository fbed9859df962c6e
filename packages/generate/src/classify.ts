import type { ExecutionResult, FailureKind } from './types.js';

/**
 * Classifies a mutant's execution result:
 * - `survived` when the suite status is `pass` and every outcome is `pass`;
 * - `output` when at least one outcome starts with `FAIL` (the mutant returns a wrong answer);
 * - `crash` otherwise (only `ERROR:…`/`TIMEOUT` outcomes, or a non-pass status without any `FAIL`).
 *
 * @example
 * classifyResult({ status: 'fail', tests: ['pass', 'FAIL', 'ERROR:IndexError: list index out of range'] }) // 'output'
 * classifyResult({ status: 'error', tests: ['ERROR:TypeError: bad operand', 'pass'] })                     // 'crash'
 * classifyResult({ status: 'pass', tests: ['pass', 'pass'] })                                               // 'survived'
 */
export function classifyResult(result: ExecutionResult): FailureKind {
  const allPass = result.tests.every((t) => t === 'pass');
  if (result.status === 'pass' && allPass) return 'survived';
  if (result.tests.some((t) => t.startsWith('FAIL'))) return 'output';
  return 'crash';
}

/**
 * True when a result passes every test: status `pass` and every outcome `pass`.
 *
 * @example
 * passesAllTests({ status: 'pass', tests: ['pass', 'pass'] }) // true
 */
export function passesAllTests(result: ExecutionResult): boolean {
  return result.status === 'pass' && result.tests.every((t) => t === 'pass');
}
