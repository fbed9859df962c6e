export {
  type BuildOptions,
  type BuildPhase,
  type BuildReport,
  type BuildTaskOutcome,
  type BuiltDataset,
  buildBenchmark,
  DEFAULT_MIN_DISTRACTORS,
  DEFAULT_STACK_SIZE,
} from './build.js';
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
export type { CorpusRecord, DistractorMetadataRecord, EditRecord, QueryMetadata, QueryRecord } from './records.js';
export { DEFAULT_BUILD_SEED, DEFAULT_MAX_DISTRACTORS } from './select.js';
export { type ParsedTasksJsonl, parseTasksJsonl } from './tasks-jsonl.js';
export type { Edit, ExecutionJob, ExecutionOracle, ExecutionResult, Task } from './types.js';
export { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';
export { serializeBuiltDataset, writeBuiltDataset } from './write.js';
export { formatYieldReport, type YieldCounts, type YieldReport } from './yield.js';
