export {
  type BugCopiesReport,
  type CopyDropReason,
  formatBugCopiesReport,
} from './bug-copies/copies-report.js';
export {
  type BuildOptions,
  type BuildPhase,
  DEFAULT_MIN_DISTRACTORS,
  DEFAULT_STACK_SIZE,
} from './build/build-options.js';
export type { BuildExecutionReport, BuildReport, BuildTaskOutcome, BuiltDataset } from './build/build-result.js';
export { buildBenchmark } from './build.js';
export { formatBuildReport } from './build-report-text.js';
export { type CandidateBudget, DEFAULT_CANDIDATE_BUDGET } from './candidate-budget.js';
export { classifyResult, passesAllTests } from './classify.js';
export { applyEdits } from './edits.js';
export { GenerateError, type GenerateErrorCode } from './errors.js';
export {
  formatGateReport,
  GATES,
  type GateIssue,
  type GateName,
  type GateReport,
  type TaskGateResult,
  type ValidateOptions,
  validateTasks,
} from './gates.js';
export type {
  CopyVerificationRecord,
  CorpusRecord,
  DistractorMetadataRecord,
  EditRecord,
  QueryMetadata,
  QueryRecord,
} from './records.js';
export { DEFAULT_BUILD_SEED, DEFAULT_MAX_DISTRACTORS } from './select.js';
export { DEFAULT_MAX_TASK_FILE_BYTES } from './task-formats/decode.js';
export {
  type DroppedTest,
  type ReadTaskSetOptions,
  type ReadTaskSetResult,
  readTaskFile,
  readTaskSet,
  type SkippedTaskRow,
  type TaskSetCounts,
} from './task-formats/read-task-set.js';
export { TASK_SKIP_REASONS, type TaskSkipReason } from './task-formats/reasons.js';
export { formatTaskSetReport } from './task-formats/report.js';
export { serializeTasksJsonl } from './task-formats/serialize-tasks.js';
export {
  type DetectTaskFormatOptions,
  detectTaskFormat,
  TASK_FORMATS,
  type TaskFormat,
} from './task-formats/task-format.js';
export { type ParsedTasksJsonl, parseTasksJsonl } from './tasks-jsonl.js';
export type { Edit, ExecutionJob, ExecutionOracle, ExecutionResult, Task } from './types.js';
export { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';
export { serializeBuiltDataset, writeBuiltDataset } from './write.js';
export { formatYieldReport, type YieldCounts, type YieldReport } from './yield.js';
