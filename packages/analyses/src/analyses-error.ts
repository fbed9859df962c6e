import { defineExecretError } from '@execret/formats';

/**
 * Why an analysis could not be computed from the data it was given.
 *
 * - `duplicate-corpus-id`: two snippets of the pool share an id.
 * - `unknown-corpus-id`: a query lists a canonical or distractor id that is not in the pool.
 * - `missing-queries`: a results file lacks queries that the comparison needs.
 * - `invalid-run`: a precomputed run names a query or document the pool does not have, repeats a pair, or has a
 *   non-finite score.
 * - `invalid-shard-record`: a shard record (`shard.json` of a shard's folder) is not one.
 */
export type AnalysesErrorCode =
  | 'duplicate-corpus-id'
  | 'unknown-corpus-id'
  | 'missing-queries'
  | 'invalid-run'
  | 'invalid-shard-record';

/** Every {@link AnalysesErrorCode}, for reports and exhaustive checks. */
export const ANALYSES_ERROR_CODES: readonly AnalysesErrorCode[] = [
  'duplicate-corpus-id',
  'unknown-corpus-id',
  'missing-queries',
  'invalid-run',
  'invalid-shard-record',
];

/** Options of the {@link AnalysesError} constructor. */
export interface AnalysesErrorOptions {
  /** The underlying error, if any. */
  cause?: unknown;
  /** Where the problem was found, e.g. `{ queryId: 'q_0001', corpusId: 'c_0404' }`. */
  details?: Readonly<Record<string, string | number>>;
}

/**
 * The one error class of `@execret/analyses`: the pool or results given to an analysis cannot produce an
 * outcome. Argument misuse (a vector with the wrong length) throws a plain `RangeError` instead. Use
 * {@link AnalysesError.is} rather than `instanceof`: it also recognises errors thrown by another copy of the
 * package.
 *
 * @example
 * try {
 *   createPoolView({ queries: [], corpus: [doc('c_1'), doc('c_1')] });
 * } catch (error) {
 *   if (AnalysesError.is(error)) console.log(error.code); // 'duplicate-corpus-id'
 * }
 */
export class AnalysesError extends defineExecretError<AnalysesErrorCode>('@execret/analyses', 'AnalysesError') {
  /** Where it went wrong, when known. */
  readonly details: Readonly<Record<string, string | number>>;

  constructor(code: AnalysesErrorCode, message: string, options: AnalysesErrorOptions = {}) {
    super(code, message, { cause: options.cause });
    this.details = options.details ?? {};
  }
}
