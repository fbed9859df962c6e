/**
 * The per-test outcome vocabulary of the release and the suite status derived from it.
 *
 * One outcome per assert, as a string:
 * - `pass` — the snippet and the assert ran without raising.
 * - `FAIL` — the assert raised an `AssertionError` without a message (a bare `assert f(1) == 2`).
 * - `FAIL: <msg>` — the `AssertionError` had a message (`assert ok, "why"`), `<msg>` = `str(exc)`.
 * - `ERROR:<Type>: <msg>` — any other exception, raised by the snippet while it was executed or by the
 *   assert, with `<Type>` = the exception class's `__name__` and `<msg>` = `str(exc)`; `ERROR:<Type>`
 *   when `str(exc)` is empty. `SystemExit` and `KeyboardInterrupt` are outcomes like any other.
 * - `TIMEOUT` — the test had not finished when the suite's time budget ran out.
 *
 * Messages are cut to `maxMessageBytes` UTF-8 bytes (default 300), never in the middle of a character.
 *
 * Outcomes the oracle writes itself when the child gives no answer (all `ERROR:` outcomes):
 * - `ERROR:ChildKilled: killed by SIGSEGV before reporting` — the child died of a signal;
 * - `ERROR:ChildExited: exit status 3 before reporting` — `os._exit` or a similar exit;
 * - `ERROR:ReportTampered: <what>` — something wrote to the private result channel that the oracle did
 *   not expect; every outcome of such a suite is replaced by this one;
 * - `ERROR:OracleSetupError: …`, `ERROR:OracleServerLost: …`, `ERROR:OracleLimit: …` — infrastructure
 *   outcomes (see {@link isInfrastructureOutcome}); they are returned but never cached.
 */

/**
 * Status of one suite: `pass` when every test passed, otherwise the most severe outcome class present
 * in the order `timeout` > `error` > `fail`.
 */
export type OracleStatus = 'pass' | 'fail' | 'error' | 'timeout';

/** Every {@link OracleStatus}, in a stable order. */
export const ORACLE_STATUSES: readonly OracleStatus[] = ['pass', 'fail', 'error', 'timeout'];

/**
 * Whether `value` is an outcome string of the release vocabulary: exactly `pass`, `FAIL` or `TIMEOUT`,
 * or a string starting with `FAIL: ` or with `ERROR:` followed by at least one character.
 *
 * @param value - anything
 * @example
 * isOutcome('pass');                          // true
 * isOutcome('ERROR:ZeroDivisionError: division by zero'); // true
 * isOutcome('ERROR:');                        // false (no type)
 * isOutcome('passed');                        // false
 */
export function isOutcome(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value === 'pass' || value === 'FAIL' || value === 'TIMEOUT') return true;
  return value.startsWith('FAIL: ') || (value.startsWith('ERROR:') && value.length > 6);
}

/**
 * Whether an outcome was produced by the oracle's own machinery failing rather than by the snippet:
 * `ERROR:OracleSetupError` (the sandboxed child could not drop privileges or set limits),
 * `ERROR:OracleServerLost` (the fork server died or stopped answering mid-suite) and `ERROR:OracleLimit`
 * (the input exceeded `maxCodeBytes`). Such results are returned but not written to the cache, so a later
 * run tries again.
 *
 * @param outcome - one outcome string
 * @example
 * isInfrastructureOutcome('ERROR:OracleServerLost: fork server exited'); // true
 * isInfrastructureOutcome('ERROR:ChildKilled: killed by SIGSEGV before reporting'); // false
 */
export function isInfrastructureOutcome(outcome: string): boolean {
  return outcome.startsWith('ERROR:Oracle');
}

/**
 * The status of a suite from its outcomes: `pass` when there is at least one outcome and every one is
 * `pass`; otherwise `timeout` if any is `TIMEOUT`, else `error` if any starts with `ERROR:`, else `fail`
 * (some `FAIL`). An empty list is `fail`: a suite that checked nothing does not pass.
 *
 * @param outcomes - one outcome per test, release vocabulary (see {@link isOutcome})
 * @throws {TypeError} when an element is not an outcome string
 * @example
 * suiteStatus(['pass', 'pass']);                   // 'pass'
 * suiteStatus(['pass', 'FAIL']);                   // 'fail'
 * suiteStatus(['FAIL', 'ERROR:NameError: x']);     // 'error'
 * suiteStatus(['ERROR:KeyError: 1', 'TIMEOUT']);   // 'timeout'
 * suiteStatus([]);                                 // 'fail'
 */
export function suiteStatus(outcomes: readonly string[]): OracleStatus {
  let timeout = false;
  let error = false;
  let allPass = outcomes.length > 0;
  for (const outcome of outcomes) {
    if (!isOutcome(outcome)) {
      throw new TypeError(
        `@execret/oracle suiteStatus: expected outcomes of the release vocabulary (pass, FAIL, FAIL: <msg>, ERROR:<Type>: <msg>, TIMEOUT), received ${JSON.stringify(String(outcome)).slice(0, 80)}`,
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
