export { assertValidBenchmark } from './assert-valid-benchmark.js';
export {
  type Benchmark,
  type BenchmarkDerivation,
  type BenchmarkInput,
  type BenchmarkSource,
  createBenchmark,
  DOCUMENTED_DOMAINS,
  domainFromEntryId,
  getQuery,
  getSnippet,
  type HubLoadInfo,
  type LoadedFileInfo,
  type LoadReport,
  queryCorrect,
  queryDistractors,
  type ReleaseFormat,
} from './benchmark.js';
export type { ValidationCheck } from './checks/check.js';
export { VALIDATION_CHECKS } from './checks/registry.js';
export { createRunManifest, type RunManifestParts } from './create-run-manifest.js';
export type { DistractorMetadata, DistractorMetadataRow } from './distractor-metadata.js';
export {
  DATASET_ERROR_CODES,
  DatasetError,
  type DatasetErrorCode,
  type DatasetIssue,
  DEFAULT_MAX_PRINTED_ISSUES,
  formatIssue,
  formatIssues,
  type IssueSeverity,
} from './errors.js';
export {
  lookupExecution,
  type ReleaseExecutionCache,
  type ReleaseExecutionEntry,
} from './execution-cache.js';
export { formatValidationReport } from './format-validation-report.js';
export type { HubCommitResolution } from './hub/commit.js';
export type { HubIntegrity } from './hub/commit-record.js';
export { downloadHubDataset } from './hub/download.js';
export { DEFAULT_PROGRESS_INTERVAL_BYTES, type DownloadProgressEvent } from './hub/download-file.js';
export { HUB_PARTS, type HubPart } from './hub/parts.js';
export {
  DEFAULT_HUB_REVISION,
  type HubReference,
  parseHubReference,
  RELEASE_HUB_REPOSITORY,
} from './hub/reference.js';
export type { RefusedPathReason, RefusedRemoteFile } from './hub/safe-path.js';
export type { HubDownloadOptions, HubDownloadResult, HubFileResult } from './hub/types.js';
export { DEFAULT_HUB_ENDPOINT } from './hub/urls.js';
export { DEFAULT_MAX_ISSUES, DEFAULT_MAX_LINE_BYTES } from './jsonl.js';
export { type LoadExecRetrievalOptions, loadExecRetrieval } from './load.js';
export { manifestDataset } from './manifest-dataset.js';
export { BUNDLED_DATASETS, type BundledDataset, bundledDatasetDirectory, miniDatasetDirectory } from './mini.js';
export {
  DEFAULT_POOL_SEED,
  type FilterByBugTypeOptions,
  filterByBugType,
  filterByDomain,
  type RetainDistractorsOptions,
  retainDistractors,
  retentionOrder,
} from './pool.js';
export type {
  CopyVerificationRecord,
  CorpusRecord,
  DistractorMetadataRecord,
  EditRecord,
  QueryRecord,
} from './release-records.js';
export {
  assembleReleaseRows,
  type DistractorExtras,
  type ReleaseDistractor,
  type ReleaseGroup,
  type ReleaseRows,
  type ReleaseRun,
} from './release-rows.js';
export {
  type ParsedResultFile,
  type ParseResultOptions,
  parseConfidenceIntervals,
  parsePairwiseTests,
  parseResultsFile,
  readConfidenceIntervals,
  readPairwiseTests,
  readResultsFile,
} from './results.js';
export {
  metricValue,
  type ResultExtras,
  resultExtras,
  type TwoStageExtras,
  type TwoStageRecord,
  type WrittenResultsFile,
} from './results-extras.js';
export {
  type ResultsFolder,
  readAnalysesFiles,
  readComparisonFiles,
  readFolderManifest,
  readResultFiles,
  readResultsFolder,
  readSolvedByFile,
  type SolvedByFile,
} from './results-folder.js';
export { formatResultsJson, writeResultsFiles } from './results-folder-writer.js';
export { RESULTS_LAYOUT, rerankFolderFiles, resultFileName } from './results-layout.js';
export type { CheckResult } from './run-checks.js';
export {
  type ManifestContradiction,
  type ManifestEmbedding,
  type ManifestEmbedUsage,
  type ManifestExecutionCost,
  type ManifestHub,
  type ManifestJavascriptRunner,
  type ManifestOracleStats,
  type ManifestRerankUsage,
  type ManifestSecondStage,
  type ManifestSkippedSystem,
  type ManifestSystem,
  type ManifestTwoStageSystem,
  type ManifestVerify,
  manifestEmbedding,
  manifestHub,
  manifestJavascriptRunner,
  parseRunManifest,
  RUN_MANIFEST_FIELDS,
  type RunManifest,
  readRunManifest,
  runManifestSchema,
} from './run-manifest.js';
export {
  compareResultsFolders,
  type ResultsFolderComparison,
  RUN_RECORD_FIELDS,
  withoutRunRecord,
} from './run-record-fields.js';
export {
  type ConfidenceInterval,
  type ConfidenceIntervals,
  type CorpusRow,
  confidenceIntervalsSchema,
  corpusRowSchema,
  type ExecComparison,
  type IntervalComparison,
  LABELS,
  type Label,
  normalizeBugType,
  type PairwiseTests,
  type PerQueryResult,
  pairwiseTestsSchema,
  type QueryRow,
  queryRowSchema,
  type ResultsFile,
  resultsFileSchema,
  rowLanguage,
  type TopResult,
} from './schemas.js';
export { validateBenchmark } from './validate.js';
export {
  DEFAULT_DISTRACTOR_COUNT,
  DEFAULT_MAX_VALIDATION_ISSUES,
  DEFAULT_TEST_SUITE_SIZE,
  type PythonParseCheck,
  type ValidateBenchmarkOptions,
} from './validate-options.js';
export { type ValidationReport, validationReport } from './validation-report.js';
export type { ValidationSummary } from './validation-summary.js';
export {
  canonicalLayout,
  serializeJsonl,
  type WriteExecRetrievalOptions,
  type WriteExecRetrievalResult,
  type WrittenFile,
  writeExecRetrieval,
} from './write.js';
export { serializeReleaseRows, writeReleaseFiles } from './write-release-rows.js';
