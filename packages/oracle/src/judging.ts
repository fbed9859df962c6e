import type { Judged } from '@execret/formats';

/**
 * Where the verdict of a test is decided.
 *
 * - `split` (default): every assert of a splittable shape (see `Judged` of `@execret/formats`) is cut in two by the
 *   fork server: the sandboxed child only evaluates the untrusted side and reports its *value*; the
 *   expected side, the operator and the message never reach the child, and the comparison runs in the
 *   server, which never runs untrusted code. Other tests are judged in the child.
 *   Outcomes are exactly those of `child` judging. When a value is not plain data, or an assert that
 *   failed has a message that is an expression, the test (or the message) is run whole in a second
 *   child after the verdict: the expected value then does reach a sandboxed process.
 * - `split-strict`: as `split`, but an expected value never reaches any sandboxed process: a value that
 *   is not plain data gives `ERROR:Unjudgeable: …`, and a failed assert with an expression message gives
 *   `FAIL` without evaluating it. Outcomes differ from `child` judging only in those two cases.
 * - `child`: every test is executed and judged whole inside the sandboxed child (the release harness's
 *   semantics, with the reporting weaknesses described in the README's threat model).
 */
export type OracleJudging = 'split' | 'split-strict' | 'child';

/** The values of {@link OracleJudging}. */
export const ORACLE_JUDGINGS: readonly OracleJudging[] = ['split', 'split-strict', 'child'];

/**
 * Whether a result is a pass that the snippet could not have forged: every outcome is `pass` and every
 * test was judged `split`. (A pass with a `child` or `fallback` test may still be genuine; it is just not
 * proof against a snippet written to fool this oracle.)
 *
 * @example
 * passesSplitJudged({ tests: ['pass', 'pass'], judged: ['split', 'split'] });    // true
 * passesSplitJudged({ tests: ['pass', 'pass'], judged: ['split', 'fallback'] }); // false
 * passesSplitJudged({ tests: ['pass', 'FAIL'], judged: ['split', 'split'] });    // false
 */
export function passesSplitJudged(result: {
  readonly tests: readonly string[];
  readonly judged: readonly Judged[];
}): boolean {
  return (
    result.tests.length > 0 &&
    result.tests.length === result.judged.length &&
    result.tests.every((t) => t === 'pass') &&
    result.judged.every((j) => j === 'split')
  );
}
