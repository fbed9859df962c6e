import { defineExecretError } from '@execret/formats';

/**
 * Why a statistic could not be computed from the data it was given.
 *
 * - `non-finite-value`: a per-query value or sample is `NaN` or `±Infinity`.
 * - `not-binary`: a vector that must hold outcomes 0/1 holds something else.
 * - `invalid-p-value`: a p-value is `NaN` or outside `[0, 1]`.
 * - `missing-measure`: the systems passed to `compareSystems` do not all report the same measures.
 */
export type StatsErrorCode = 'non-finite-value' | 'not-binary' | 'invalid-p-value' | 'missing-measure';

/** Every {@link StatsErrorCode}, for reports and exhaustive checks. */
export const STATS_ERROR_CODES: readonly StatsErrorCode[] = [
  'non-finite-value',
  'not-binary',
  'invalid-p-value',
  'missing-measure',
];

/** Options of the {@link StatsError} constructor. */
export interface StatsErrorOptions {
  /** The underlying error, if any. */
  cause?: unknown;
  /** Where the problem was found, e.g. `{ system: 'bm25', measure: 'exec@1', index: 17 }`. */
  details?: Readonly<Record<string, string | number>>;
}

/**
 * The one error class of `@execret/stats`: the data given to a statistic cannot produce an outcome.
 *
 * Argument misuse (mismatched lengths, a negative count, `confidence` outside `(0, 1)`) throws a
 * plain `TypeError` or `RangeError` instead; `StatsError` is about the content of data vectors.
 * Use {@link StatsError.is} rather than `instanceof`: it also recognises errors thrown by another
 * copy of the package (the ESM and CJS builds of the same version, or two versions side by side).
 *
 * @example
 * try {
 *   bootstrapCi([0.5, Number.NaN]);
 * } catch (error) {
 *   if (StatsError.is(error)) console.log(error.code); // 'non-finite-value'
 * }
 */
export class StatsError extends defineExecretError<StatsErrorCode>('@execret/stats', 'StatsError') {
  /** Where it went wrong (system, measure, index, ...), when known. */
  readonly details: Readonly<Record<string, string | number>>;

  constructor(code: StatsErrorCode, message: string, options: StatsErrorOptions = {}) {
    super(code, message, { cause: options.cause });
    this.details = options.details ?? {};
  }
}
