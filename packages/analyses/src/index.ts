export { type AblationPool, ablationPools } from './ablation-pools.js';
export {
  ANALYSES_ERROR_CODES,
  AnalysesError,
  type AnalysesErrorCode,
  type AnalysesErrorOptions,
} from './analyses-error.js';
export { BM25_SYSTEM, createBm25Scorer } from './bm25-scorer.js';
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
  type ComparedResults,
  type CompareResultsOptions,
  compareResults,
} from './compare-results.js';
export { comparisonFiles } from './comparison-files.js';
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
export { type CrossLanguageFolder, crossLanguageSides } from './cross-language-side.js';
export { crossLanguageSystems } from './cross-language-systems.js';
export { editSpan } from './edit-span.js';
export { deceptionByEditSpan, type EditSpanDeception } from './edit-span-deception.js';
export { type EmbeddedModel, embeddedScorer } from './embedded-scorer.js';
export { evaluateSystem } from './evaluate-system.js';
export { type ExecutePairsOptions, executePairs, type PairRunner } from './execute-pairs.js';
export { executeRetrieved } from './execute-retrieved.js';
export { folderMatrixScorers, readMatrixFolderScorers } from './folder-matrix-scorers.js';
export { formatCrossLanguageMarkdown } from './format-cross-language.js';
export type { GroupScores } from './group-scores.js';
export { languageCounts } from './language-counts.js';
export { createMatrixScorer, type MatrixScorerInfo } from './matrix-scorer.js';
export { type MissAttribution, rankOneMissAttribution } from './miss-attribution.js';
export { DEFAULT_MISS_EXAMPLES, type MissExample, rankOneMissExamples } from './miss-examples.js';
export { PairSet } from './pair-set.js';
export { pairsInShard } from './pairs-in-shard.js';
export { type PairOutcome, PassTable } from './pass-table.js';
export { perDomainMean } from './per-domain-mean.js';
export { type PerQueryMeasuresOptions, perQueryMeasures } from './per-query-measures.js';
export { placeShard } from './place-shard.js';
export { type PoolDensityPoint, poolDensity } from './pool-density.js';
export { poolOrderRows } from './pool-order-rows.js';
export { createPoolView, type PoolInput, type PoolView, poolFromBenchmark } from './pool-view.js';
export { QUERY_BLIND_BASELINE, type QueryBlindLift, queryBlindLifts } from './query-blind-lift.js';
export { rankSystem, type SystemRanking } from './rank-system.js';
export { type OrderedRun, type RankedSystem, rankDerivedSystem } from './ranked-system.js';
export { RELEASE_KS, RELEASE_MEASURES, type ReleaseMeasure } from './release-measures.js';
export { distractorRetentionOrders } from './retention-orders.js';
export { type RunFile, runFromFile } from './run-file.js';
export { readRunFileScorers, runFileScorer } from './run-file-scorer.js';
export { createRunScorer, type RunEntry, type RunScorerInfo } from './run-scorer.js';
export {
  type DerivedSystem,
  type FirstStage,
  type ScorePoolOptions,
  type ScorePoolProgress,
  type ScorePoolResult,
  type ScorePoolSecondStages,
  type ShardShare,
  scorePool,
} from './score-pool.js';
export type { Scorer, ScorerRanking } from './scorer.js';
export { executionShardKey, inShard, keyInShard, type Shard, shardOfKey } from './shard.js';
export { type RecordedFolder, type ShardCoverageProblem, shardCoverage } from './shard-coverage.js';
export { describeShardOrigin, shardSpecProblemMessage } from './shard-place-messages.js';
export {
  formatShardRecord,
  parseShardRecord,
  readShardRecord,
  recordShardCompleted,
  SHARD_RECORD_VERSION,
  type ShardOrigin,
  type ShardRecord,
  writeShardRecord,
} from './shard-record.js';
export {
  parseShardSpec,
  SHARD_SCHEDULER_VARIABLES,
  type ShardPlace,
  type ShardPlaceSource,
  type ShardScheduler,
  type ShardSpecProblem,
  type SlurmArrayLayout,
} from './shard-spec.js';
export { solvedBy } from './solved-by.js';
export type { SystemAnalyses } from './system-analyses.js';
export { trecFiles } from './trec-files.js';
export {
  DEFAULT_LIFT_MEASURE,
  type MeasureLift,
  type TwoStageLift,
  type TwoStageLiftInput,
  type TwoStageLiftOptions,
  twoStageLift,
} from './two-stage-lift.js';
export { type VerifyGroupsOptions, type VerifyReport, verifyGroups } from './verify-groups.js';
