// Public API of @execret/metrics. Each concept lives in its own file; this file only re-exports.

export type { MetricsErrorCode } from './errors.js';
export { METRICS_ERROR_CODES, MetricsError } from './errors.js';
export { evaluate } from './evaluate.js';
export { evaluateColumns } from './evaluate-columns.js';
export type {
  EvaluateOptions,
  EvaluateSettings,
  GainMode,
  MissingQueryMode,
  Qrels,
  QueryColumns,
  Run,
  RunColumns,
  TieMode,
} from './evaluate-options.js';
export { DEFAULT_GAIN, DEFAULT_MISSING_QUERIES, DEFAULT_TIES, TIE_MODES } from './evaluate-options.js';
export type { EvaluateDiagnostics, EvaluateResult } from './evaluate-result.js';
export { execAtK } from './exec-at-k.js';
export { executionPrecisionAtK } from './execution-precision-at-k.js';
export {
  expectedExecAtK,
  expectedExecutionPrecisionAtK,
  expectedNdcgAtK,
  expectedReciprocalRank,
} from './expected-ties.js';
export { ndcgAtK } from './ndcg-at-k.js';
export type { Measure, MeasureName } from './parse-measure.js';
export { MEASURE_ALIASES, MEASURE_NAMES, parseMeasure } from './parse-measure.js';
export type { RankedRun, RankRunOptions } from './rank.js';
export { compareByTieRule, rankRun } from './rank.js';
export { reciprocalRank } from './reciprocal-rank.js';
