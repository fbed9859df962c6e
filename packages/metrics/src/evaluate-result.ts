/**
 * What `evaluate` returns.
 */

import type { EvaluateSettings } from './evaluate-options.js';
import type { Measure } from './parse-measure.js';

/** What `evaluate` noticed besides the scores. Every list follows the order of the qrels. */
export interface EvaluateDiagnostics<M extends string> {
  /**
   * Per measure, the number of evaluated queries whose value depends on how tied scores are ordered (it is
   * not the same under every ordering of the tie groups), whichever tie mode was used. For
   * `exec_ndcg_gap@k` a query counts when exec@k or nDCG@k depends on the order (the difference itself may
   * happen not to).
   */
  tiesDecided: Record<M, number>;
  /** The queries counted in `tiesDecided`, per measure. */
  tieDecidedQueries: Record<M, string[]>;
  /** Queries of the qrels with no entry in the run (scored 0, skipped or rejected per `missingQueries`). */
  missingFromRun: string[];
  /** Queries of the run that are not in the qrels; they are ignored (not read, not validated). */
  notInQrels: string[];
  /** Evaluated queries whose qrels hold no value > 0 (their nDCG is 0). */
  withoutRelevant: string[];
  /** Only with `options.passing`: queries of the qrels that have no entry in it (nothing passes for them). */
  missingFromPassing: string[];
}

/** The result of `evaluate`. Keys of `perQuery` rows and of `mean` are the measure strings as given. */
export interface EvaluateResult<M extends string> {
  /** Query id → measure → value, for every evaluated query, in qrels order. */
  perQuery: Record<string, Record<M, number>>;
  /** Measure → unweighted mean over the evaluated queries. */
  mean: Record<M, number>;
  /** The evaluated query ids, in qrels order (the rows of `perQuery`). */
  queryIds: string[];
  /** Measure string → its parsed form. */
  measures: Record<M, Measure>;
  /** The settings used, defaults filled in. */
  settings: EvaluateSettings;
  /** Counts and lists that reports should state. */
  diagnostics: EvaluateDiagnostics<M>;
}
