/**
 * The per-test outcome vocabulary of the release and the suite status derived from it. This module is the one
 * definition of both; every package imports it from here.
 *
 * One outcome per assert, as a string:
 * - `pass` — the snippet and the assert ran without raising.
 * - `FAIL` — the assert raised an `AssertionError` without a message (a bare `assert f(1) == 2`).
 * - `FAIL: <msg>` — the `AssertionError` had a message (`assert ok, "why"`), `<msg>` = `str(exc)`.
 * - `ERROR:<Type>: <msg>` — any other exception, raised by the snippet or by the assert, with `<Type>` the
 *   exception class's `__name__`; `ERROR:<Type>` when the message is empty.
 * - `TIMEOUT` — the test had not finished when the suite's time budget ran out.
 *
 * Anything else (`ERROR` or `ERROR:` without a type, `FAIL:x` without the space, `passed`) is not an outcome.
 * Readers of foreign files may recognise such variants for what they are, but they never reach a writer.
 */

/**
 * Status of one suite: `pass` when every test passed, otherwise the most severe outcome class present in the
 * order `timeout` > `error` > `fail`.
 */
export type SuiteStatus = 'pass' | 'fail' | 'error' | 'timeout';

/** Every {@link SuiteStatus}, in a stable order. */
export const SUITE_STATUSES: readonly SuiteStatus[] = Object.freeze(['pass', 'fail', 'error', 'timeout'] as const);

/**
 * Whether `value` is one of the {@link SUITE_STATUSES}.
 *
 * @example
 * isSuiteStatus('timeout'); // true
 * isSuiteStatus('PASS');    // false
 */
export function isSuiteStatus(value: unknown): value is SuiteStatus {
  return value === 'pass' || value === 'fail' || value === 'error' || value === 'timeout';
}

/**
 * Whether `value` is an outcome string of the release vocabulary: exactly `pass`, `FAIL` or `TIMEOUT`, or a
 * string starting with `FAIL: ` or with `ERROR:` followed by at least one character.
 *
 * @param value - anything
 * @example
 * isOutcome('pass');                                      // true
 * isOutcome('ERROR:ZeroDivisionError: division by zero'); // true
 * isOutcome('ERROR:');                                    // false (no type)
 * isOutcome('FAIL:x');                                    // false (no space after the colon)
 * isOutcome('passed');                                    // false
 */
export function isOutcome(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value === 'pass' || value === 'FAIL' || value === 'TIMEOUT') return true;
  return value.startsWith('FAIL: ') || (value.startsWith('ERROR:') && value.length > 6);
}

/**
 * The status of a suite from its outcomes: `pass` when there is at least one outcome and every one is `pass`;
 * otherwise `timeout` if any is `TIMEOUT`, else `error` if any starts with `ERROR:`, else `fail`. An empty list
 * is `fail`: a suite that checked nothing does not pass.
 *
 * @param outcomes - one outcome per test (see {@link isOutcome})
 * @throws {TypeError} when an element is not an outcome string
 * @example
 * suiteStatus(['pass', 'pass']);                 // 'pass'
 * suiteStatus(['pass', 'FAIL']);                 // 'fail'
 * suiteStatus(['FAIL', 'ERROR:NameError: x']);   // 'error'
 * suiteStatus(['ERROR:KeyError: 1', 'TIMEOUT']); // 'timeout'
 * suiteStatus([]);                               // 'fail'
 */
export function suiteStatus(outcomes: readonly string[]): SuiteStatus {
  let timeout = false;
  let error = false;
  let allPass = outcomes.length > 0;
  for (const outcome of outcomes) {
    if (!isOutcome(outcome)) {
      throw new TypeError(
        `@execret/formats suiteStatus: expected outcomes of the release vocabulary (pass, FAIL, FAIL: <msg>, ERROR:<Type>: <msg>, TIMEOUT), received ${JSON.stringify(String(outcome)).slice(0, 80)}`,
      );
    }
    if (outcome !== 'pass') allPass = false;
    if (outcome === 'TIMEOUT') timeout = true;
    else if (outcome.startsWith('ERROR:')) error = true;
  }
  if (allPass) return 'pass';
  if (timeout) return 'timeout';
  return error ? 'error' : 'fail';
}
