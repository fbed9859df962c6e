// Entry point `@execret/pipeline`: the benchmark's stages as functions — load, verify, embed, rank, rerank, execute,
// score, compare, report — over one results folder, with progress as events and provider keys from an environment.

export { type BuiltScorers, buildScorers } from './build-scorers.js';
export { cacheLayout } from './cache-layout.js';
export { compareStage } from './compare-stage.js';
export {
  type EmbedModelOptions,
  type EmbedOutcome,
  embedderAccessProblem,
  embedModel,
  exportPoolMatrices,
} from './embed-model.js';
export { type LoadDatasetOptions, type LoadedDataset, loadDataset } from './load-dataset.js';
export { type MergedCaches, mergeCacheFolders } from './merge-cache-folders.js';
export {
  openRunSecondStages,
  type RunSecondStagesOptions,
  secondStageAccessProblem,
} from './open-run-second-stages.js';
export { type OpenedShard, openShard } from './open-shard.js';
export { PipelineError, type PipelineErrorCode } from './pipeline-error.js';
export { type ProviderEnvironment, type ProviderSettings, providerEnvironment } from './provider-environment.js';
export { providerVariables } from './provider-variables.js';
export { readScoredFolder } from './read-scored-folder.js';
export { reportStage } from './report-stage.js';
export {
  type BenchmarkRun,
  formatShardRunWork,
  type RunBenchmarkOptions,
  runBenchmark,
  type ShardRunWork,
} from './run-benchmark.js';
export { type RerankPlan, type ScoreStageOptions, scoreStage } from './score-stage.js';
export { SILENT_PROGRESS, type StageEvents, type StageProgress } from './stage-progress.js';
export { formatSystemsTable, runSystems } from './systems-table.js';
export { formatVerifyReport, verifyDataset } from './verify-dataset.js';
