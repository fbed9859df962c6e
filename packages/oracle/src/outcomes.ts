/**
 * The outcomes the oracle writes itself. The vocabulary and the suite status are defined in
 * `@execret/formats` (`isOutcome`, `suiteStatus`); this module adds the oracle's own outcomes.
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
 * - `ERROR:Unjudgeable: <why>` — split judging: deciding the test would need the tested value's own
 *   method (its class defines `__eq__`, `__bool__`…), or the value is beyond the limits and its type and
 *   length do not decide; the server does not run the snippet's code to decide a verdict;
 * - `ERROR:OracleSetupError: …`, `ERROR:OracleServerLost: …`, `ERROR:OracleLimit: …` — infrastructure
 *   outcomes; a result holding them says `infrastructure: true` and is returned but never cached.
 */

/**
 * Whether an outcome string has the name of one of the oracle's own failures: `ERROR:OracleSetupError` (the
 * sandboxed child failed before its setup was done), `ERROR:OracleServerLost` (the fork server died or stopped
 * answering mid-suite) and `ERROR:OracleLimit` (the job exceeded `maxCodeBytes`, `maxTests` or
 * `maxSuiteBytes`). A name only: a snippet can raise an exception class (or throw an error) named
 * `OracleServerLost`, whose outcome then reads the same and is the snippet's. What the oracle itself wrote is
 * told by `OracleResult.infrastructure` (set from what the oracle saw), which is what decides that a result is
 * not cached; use that, not this, to tell the machinery's failures from the job's.
 *
 * @param outcome - one outcome string
 * @example
 * isInfrastructureOutcome('ERROR:OracleServerLost: fork server exited'); // true
 * isInfrastructureOutcome('ERROR:ChildKilled: killed by SIGSEGV before reporting'); // false
 */
export function isInfrastructureOutcome(outcome: string): boolean {
  return outcome.startsWith('ERROR:Oracle');
}
