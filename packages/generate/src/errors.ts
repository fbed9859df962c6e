import { defineExecretError } from '@execret/formats';

/** Error codes of `@execret/generate`. */
export type GenerateErrorCode =
  /** The Python mutation script could not be started, crashed or answered something unreadable. */
  | 'python-failed'
  /** A tasks file line is not valid JSON. */
  | 'invalid-jsonl'
  /** The validation gates rejected tasks and the build was asked to stop on invalid tasks. */
  | 'invalid-tasks'
  /** The oracle rejected (could not run at all) or returned a malformed result. */
  | 'oracle-failed'
  /** Edits overlap, do not match the code, or point outside it. */
  | 'invalid-edit'
  /** A task file cannot be read as a task set: bad gzip or UTF-8, too large, or no single format detected. */
  | 'invalid-task-file';

/**
 * The one error class of `@execret/generate`. `code` says what went wrong; `cause` keeps the
 * underlying error. Use `GenerateError.is(value)` rather than `instanceof` (it survives duplicated
 * package copies and ESM/CJS boundaries).
 *
 * @example
 * try { await buildBenchmark(tasks, { oracle }) } catch (e) {
 *   if (GenerateError.is(e) && e.code === 'invalid-tasks') console.error(e.message)
 * }
 */
export class GenerateError extends defineExecretError<GenerateErrorCode>('@execret/generate', 'GenerateError') {}
