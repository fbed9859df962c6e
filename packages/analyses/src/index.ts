export { type AblationPool, ablationPools } from './ablation-pools.js';
export {
  ANALYSES_ERROR_CODES,
  AnalysesError,
  type AnalysesErrorCode,
  type AnalysesErrorOptions,
} from './analyses-error.js';
export {
  type BoundaryRun,
  type BoundaryRunOptions,
  boundaryRun,
  MAX_BOUNDARY_TIES,
  RUN_DEPTH,
} from './boundary-run.js';
export { type DeceptionCell, deceptionByBugType } from './bug-type-deception.js';
export { type CanonicalGap, canonicalGap } from './canonical-gap.js';
export {
  type CanonicalBelowCell,
  type CompareLanguagesOptions,
  CROSS_LANGUAGE_MEASURES,
  type CrossLanguageComparison,
  type CrossLanguageMcNemar,
  type CrossLanguageMeasure,
  type CrossLanguageMeasureComparison,
  type CrossLanguageQuery,
  type CrossLanguageSide,
  type CrossLanguageSystem,
  type CrossLanguageSystemComparison,
  compareLanguages,
  crossLanguageQueries,
  type RunDeceptionCell,
} from './cross-language.js';
export {
  crossLanguageTaskKey,
  type LanguageTask,
  type PairTasksOptions,
  pairTasksAcrossLanguages,
  type TaskPair,
  type TaskPairing,
} from './cross-language-pairing.js';
export { editSpan } from './edit-span.js';
export { deceptionByEditSpan, type EditSpanDeception } from './edit-span-deception.js';
export type { GroupScores } from './group-scores.js';
export { type MissAttribution, rankOneMissAttribution } from './miss-attribution.js';
export { DEFAULT_MISS_EXAMPLES, type MissExample, rankOneMissExamples } from './miss-examples.js';
export { perDomainMean } from './per-domain-mean.js';
export { type PerQueryMeasuresOptions, perQueryMeasures } from './per-query-measures.js';
export { type PoolDensityPoint, poolDensity } from './pool-density.js';
export { createPoolView, type PoolInput, type PoolView, poolFromBenchmark } from './pool-view.js';
export { rankSystem, type SystemRanking } from './rank-system.js';
export { RELEASE_KS, RELEASE_MEASURES, type ReleaseMeasure } from './release-measures.js';
export { createRunScorer, type RunEntry, type RunScorerInfo } from './run-scorer.js';
export type { Scorer, ScorerRanking } from './scorer.js';
export { solvedBy } from './solved-by.js';
export {
  DEFAULT_LIFT_MEASURE,
  type MeasureLift,
  type TwoStageLift,
  type TwoStageLiftInput,
  type TwoStageLiftOptions,
  twoStageLift,
} from './two-stage-lift.js';
