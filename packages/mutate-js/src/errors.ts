import { defineExecretError } from '@execret/formats';

/** Error codes of `@execret/mutate-js`. */
export type MutateJsErrorCode =
  /** The canonical source does not parse. */
  | 'parse'
  /** The canonical does not define the task's function at the top level (or defines it more than once). */
  | 'not-found'
  /** esbuild could not strip or minify the canonical (or could not be loaded). */
  | 'minify';

/**
 * The one error class of `@execret/mutate-js`. `code` says what went wrong; `cause` keeps the underlying error
 * (Babel's or esbuild's). Use `MutateJsError.is(value)` rather than `instanceof` (it survives duplicated package
 * copies and ESM/CJS boundaries).
 *
 * @example
 * try { enumerateJsMutants('function f( {', { functionName: 'f', language: 'javascript' }) } catch (e) {
 *   if (MutateJsError.is(e) && e.code === 'parse') console.error(e.message)
 * }
 */
export class MutateJsError extends defineExecretError<MutateJsErrorCode>('@execret/mutate-js', 'MutateJsError') {}
