/**
 * The one error class of `@execret/metrics`.
 *
 * Programmer misuse of the single-query functions (a `k` that is not a positive integer, a flag that is not
 * 0 or 1, arrays of different lengths) throws a plain `TypeError` or `RangeError` at once. A
 * {@link MetricsError} is thrown for problems in the *data* handed to `evaluate` and `rankRun` (qrels, runs,
 * passing sets, measure strings), which typically come from files or command lines.
 */

import { defineExecretError } from '@execret/formats';

/** The codes a {@link MetricsError} can carry. */
export type MetricsErrorCode =
  /** A measure string does not follow any accepted form (`exec@10`, `ndcg@5`, `mrr`, ...). */
  | 'invalid-measure'
  /** Two measure strings of one `evaluate` call name the same measure (`precision@5`, `execution_precision@5`). */
  | 'duplicate-measure'
  /** A score is not a number, or is `NaN`. */
  | 'invalid-score'
  /**
   * `run` or one of its per-query values is malformed: not a plain object (`evaluate`); not a `Map`, columns that
   * are not `{ docIds, scores }` of one length, an id that is not a string, a document listed twice
   * (`evaluateColumns`).
   */
  | 'invalid-run'
  /** `qrels` or one of its values is malformed (not an object, a judgement that is not a finite number). */
  | 'invalid-qrels'
  /** `options.passing` or one of its values is malformed (not iterable, a document id that is not a string). */
  | 'invalid-passing'
  /** A query of the qrels has no entry in the run and `options.missingQueries` is `'error'`. */
  | 'missing-query'
  /** No query was left to evaluate, so no mean exists. */
  | 'no-queries';

/** Every {@link MetricsErrorCode}, in a stable order (for messages and tests). */
export const METRICS_ERROR_CODES: readonly MetricsErrorCode[] = [
  'invalid-measure',
  'duplicate-measure',
  'invalid-score',
  'invalid-run',
  'invalid-qrels',
  'invalid-passing',
  'missing-query',
  'no-queries',
];

/** Where a {@link MetricsError} was raised, for programmatic handling. All fields are optional. */
interface MetricsErrorDetails {
  /** The query the problem concerns. */
  queryId?: string;
  /** The document the problem concerns. */
  docId?: string;
  /** The measure string the problem concerns, exactly as received. */
  measure?: string;
}

/** Options of the {@link MetricsError} constructor. */
export interface MetricsErrorOptions extends MetricsErrorDetails {
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * A problem with the data given to `@execret/metrics`.
 *
 * `message` starts with `@execret/metrics ` followed by the component (`evaluate`, `parseMeasure`,
 * `rankRun`), and says what was expected, what was received and which values are allowed. Use
 * {@link MetricsError.is} rather than `instanceof`, which fails across duplicated installs and between the
 * ESM and CommonJS builds.
 *
 * @example
 * try {
 *   parseMeasure('recall@10');
 * } catch (error) {
 *   if (MetricsError.is(error) && error.code === 'invalid-measure') console.error(error.message);
 *   else throw error;
 * }
 */
export class MetricsError extends defineExecretError<MetricsErrorCode>('@execret/metrics', 'MetricsError') {
  /** The query the problem concerns, when there is one. */
  readonly queryId: string | undefined;
  /** The document the problem concerns, when there is one. */
  readonly docId: string | undefined;
  /** The measure string the problem concerns, when there is one. */
  readonly measure: string | undefined;

  /**
   * @param code - what kind of problem this is
   * @param message - the full message, starting with `@execret/metrics <component>:`
   * @param options - `cause` and the query, document or measure concerned
   */
  constructor(code: MetricsErrorCode, message: string, options: MetricsErrorOptions = {}) {
    super(code, message, { cause: options.cause });
    this.queryId = options.queryId;
    this.docId = options.docId;
    this.measure = options.measure;
  }
}

/**
 * Renders a value for an error message: strings quoted, numbers as written (`NaN`, `-0`), other values by
 * their type. Never throws.
 *
 * @internal
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'bigint') return `${value}n (a bigint)`;
  return `${String(value)} (${typeof value})`;
}
