/**
 * Inputs and options of `evaluate`, their defaults, and their validation at the public boundary.
 */

import { describeValue, MetricsError } from './errors.js';
import { isPlainRecord } from './plain-record.js';

/**
 * How tied scores are ordered: `'trec'` breaks them by document id descending (trec_eval's rule, the
 * numbers trec_eval, pytrec_eval and ir_measures report); `'expected'` reports the expected value of every
 * measure over all orderings of the tied documents (McSherry & Najork, ECIR 2008).
 */
export type TieMode = 'trec' | 'expected';

/**
 * Where nDCG gains come from: `'binary'` (gain 1 for a qrels value > 0, else 0; the benchmark's definition)
 * or `'graded'` (gain = the qrels value when > 0, else 0; trec_eval's `ndcg_cut`).
 */
export type GainMode = 'binary' | 'graded';

/**
 * What happens to a query of the qrels that has no entry in the run: `'zero'` scores every measure 0 and
 * keeps the query in the mean (trec_eval `-c`; a system cannot improve its mean by skipping queries),
 * `'skip'` leaves it out of `perQuery` and of the mean (trec_eval's default), `'error'` throws.
 */
export type MissingQueryMode = 'zero' | 'skip' | 'error';

/** Default of {@link EvaluateOptions.ties}. */
export const DEFAULT_TIES: TieMode = 'trec';
/** Default of {@link EvaluateOptions.gain}. */
export const DEFAULT_GAIN: GainMode = 'binary';
/** Default of {@link EvaluateOptions.missingQueries}. */
export const DEFAULT_MISSING_QUERIES: MissingQueryMode = 'zero';

/** Relevance judgements: query id → document id → judgement (a finite number; > 0 means relevant). */
export type Qrels = Readonly<Record<string, Readonly<Record<string, number>>>>;
/** Retrieval scores: query id → document id → score (higher ranks first; any number but `NaN`). */
export type Run = Readonly<Record<string, Readonly<Record<string, number>>>>;

/**
 * One query of a run given as columns: its documents and their scores, aligned (`scores[i]` is `docIds[i]`'s; any
 * number but `NaN`), in any order, no document twice. A `TrecRunColumns` of `@execret/formats` is one.
 */
export interface QueryColumns {
  readonly docIds: readonly string[];
  readonly scores: ArrayLike<number>;
}

/**
 * Retrieval scores as columns: query id → {@link QueryColumns}. The `queries` of `parseTrecRunColumns`
 * (`@execret/formats`) is one; `evaluateColumns` takes it without building a `Record` per query.
 */
export type RunColumns = ReadonlyMap<string, QueryColumns>;

/** Options of `evaluate` and `evaluateColumns`. */
export interface EvaluateOptions {
  /**
   * The snippets that pass every test of each query: query id → document ids (an array or a `Set`). Used by
   * `exec@k`, `execution_precision@k` and `mrr`. Absent: the documents with a qrels value > 0 pass. When
   * given, a query absent from it has no passing snippet (listed in `diagnostics.missingFromPassing`), and a
   * snippet never executed against a query should simply not be listed (it counts as not passing).
   */
  passing?: Readonly<Record<string, Iterable<string>>>;
  /** Tie handling; default {@link DEFAULT_TIES} (`'trec'`). */
  ties?: TieMode;
  /** nDCG gains; default {@link DEFAULT_GAIN} (`'binary'`). */
  gain?: GainMode;
  /** Queries of the qrels missing from the run; default {@link DEFAULT_MISSING_QUERIES} (`'zero'`). */
  missingQueries?: MissingQueryMode;
}

/** The settings an evaluation ran with, for reports. */
export interface EvaluateSettings {
  ties: TieMode;
  gain: GainMode;
  missingQueries: MissingQueryMode;
  /** Where pass flags came from: `options.passing`, or qrels values > 0. */
  passing: 'given' | 'qrels';
}

/** Every tie mode, in the order of the `ties` option's documentation (for option parsers and help texts). */
export const TIE_MODES: readonly TieMode[] = ['trec', 'expected'];
const GAIN_MODES: readonly GainMode[] = ['binary', 'graded'];
const MISSING_MODES: readonly MissingQueryMode[] = ['zero', 'skip', 'error'];

/**
 * Checks `options` and `qrels` at the top level (per-query values are checked as each query is read) and fills
 * in the defaults. Each entry checks its run right after (its shape is the entry's own).
 *
 * @example
 * resolveEvaluateOptions({}, { q1: { c_0001: 1 } }).settings;
 * // { ties: 'trec', gain: 'binary', missingQueries: 'zero', passing: 'qrels' }
 */
export function resolveEvaluateOptions(
  options: EvaluateOptions,
  qrels: Qrels,
): { settings: EvaluateSettings; passing: EvaluateOptions['passing'] } {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(
      `@execret/metrics evaluate: expected options to be an object, received ${describeValue(options)}`,
    );
  }
  const ties = pickOption(options.ties, DEFAULT_TIES, TIE_MODES, 'ties');
  const gain = pickOption(options.gain, DEFAULT_GAIN, GAIN_MODES, 'gain');
  const missingQueries = pickOption(options.missingQueries, DEFAULT_MISSING_QUERIES, MISSING_MODES, 'missingQueries');
  const passing = options.passing;
  if (passing !== undefined && !isPlainRecord(passing)) {
    throw new MetricsError(
      'invalid-passing',
      `@execret/metrics evaluate: expected options.passing to be an object mapping query id to document ids, received ${describeValue(passing)}`,
    );
  }
  if (!isPlainRecord(qrels)) {
    throw new MetricsError(
      'invalid-qrels',
      `@execret/metrics evaluate: expected qrels to be an object mapping query id to { docId: judgement }, received ${describeValue(qrels)}`,
    );
  }
  return {
    settings: { ties, gain, missingQueries, passing: passing === undefined ? 'qrels' : 'given' },
    passing,
  };
}

function pickOption<T extends string>(value: T | undefined, fallback: T, allowed: readonly T[], name: string): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) {
    throw new RangeError(
      `@execret/metrics evaluate: expected options.${name} to be one of ${allowed.map((a) => `'${a}'`).join(', ')}, received ${describeValue(value)}`,
    );
  }
  return value;
}
