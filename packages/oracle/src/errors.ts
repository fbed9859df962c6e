/**
 * The one error class of `@execret/oracle`.
 *
 * An {@link OracleError} means the oracle *could not run at all*: no interpreter, a sandbox backend that
 * was asked for and is unusable, a cache file that cannot be read or written, a closed oracle, an
 * aborted call. Everything untrusted code does (failing, crashing, hanging, killing its server, forging
 * output) is an outcome inside a result, never an error. Programmer misuse (a `timeoutMs` that is not a
 * positive integer, a job without tests) throws a plain `TypeError` or `RangeError` at once.
 */

import { defineExecretError } from '@execret/formats';

/** The codes an {@link OracleError} can carry. */
export type OracleErrorCode =
  /** The interpreter could not be started or did not answer its version probe. */
  | 'python-not-found'
  /** The interpreter runs but is older than Python 3.9 or lacks `os.fork`. */
  | 'python-unsupported'
  /** `isolation: 'bwrap'` was requested and bubblewrap is missing or failed its self-test. */
  | 'bwrap-unavailable'
  /**
   * A fork server could not be started, or did not pass the canary job, in either isolation mode; or (as
   * root) no sandbox uids were free for it.
   */
  | 'server-start-failed'
  /** The execution cache file could not be read, parsed as a whole, or appended to. */
  | 'cache-io'
  /** The oracle was closed before or while the call was waiting. */
  | 'closed'
  /** The caller's `AbortSignal` fired; `cause` is the signal's reason. */
  | 'aborted';

/** Every {@link OracleErrorCode}, in a stable order (for messages and tests). */
export const ORACLE_ERROR_CODES: readonly OracleErrorCode[] = [
  'python-not-found',
  'python-unsupported',
  'bwrap-unavailable',
  'server-start-failed',
  'cache-io',
  'closed',
  'aborted',
];

/**
 * The oracle could not do what was asked (see {@link OracleErrorCode}).
 *
 * `message` starts with `@execret/oracle <component>:` and says what was expected, what was received
 * and, where there is a choice, the allowed values. Use {@link OracleError.is} rather than `instanceof`,
 * which fails between the ESM and CommonJS builds loaded side by side.
 *
 * @example
 * try {
 *   await createOracle({ isolation: 'bwrap' });
 * } catch (error) {
 *   if (OracleError.is(error) && error.code === 'bwrap-unavailable') console.error(error.message);
 *   else throw error;
 * }
 */
export class OracleError extends defineExecretError<OracleErrorCode>('@execret/oracle', 'OracleError') {}

/** The `OracleError('aborted')` for a fired signal, with the signal's reason as `cause`. @internal */
export function abortError(component: string, signal: AbortSignal): OracleError {
  return new OracleError('aborted', `@execret/oracle ${component}: aborted by the caller's AbortSignal`, {
    cause: signal.reason,
  });
}
