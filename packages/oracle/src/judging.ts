import type { Judged } from '@execret/formats';

/**
 * Where the verdict of a test is decided.
 *
 * - `split` (default): every assert of a splittable shape (see `Judged` of `@execret/formats`) is cut in two by the
 *   fork server: the sandboxed child only evaluates the untrusted side and reports its *value*; the
 *   expected side, the operator and the message never reach the child, and the comparison runs in the
 *   server, which never runs untrusted code: it rebuilds the value out of its own types (a class of the
 *   snippet becomes a stand-in with the same name and base, with a trap in place of each comparison,
 *   hashing, truth or membership method the class defines itself). Other tests are judged in the child.
 *   Outcomes are exactly those of `child` judging, except that a test whose verdict would need a method of
 *   the value's own class (a trap) is `ERROR:Unjudgeable: …`: no code of the snippet takes part in a split
 *   verdict, so none can forge it. An assert that failed and has a message that is an expression gets the
 *   message evaluated in a second child after the verdict (the message may contain the literal).
 * - `split-strict`: as `split`, but nothing of a split test except its probe reaches any sandboxed process:
 *   a failed assert with an expression message gives `FAIL` without evaluating it.
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
