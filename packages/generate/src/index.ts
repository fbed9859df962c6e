export type { BuildOptions, BuildPhase, BuildReport, BuildTaskOutcome, BuiltDataset } from './build.js';
export { buildBenchmark, DEFAULT_MIN_DISTRACTORS, DEFAULT_STACK_SIZE } from './build.js';
export { classifyResult, passesAllTests } from './classify.js';
export { applyEdits, editLines } from './edits.js';
export type { EnumerateOptions, TaskMutants } from './enumerate.js';
export { enumerateMutants } from './enumerate.js';
export type { GenerateErrorCode } from './errors.js';
export { GenerateError } from './errors.js';
export type { GateIssue, GateName, GateReport, TaskGateResult, ValidateOptions } from './gates.js';
export { DEFAULT_MAX_TESTS, DEFAULT_MIN_TESTS, formatGateReport, GATES, validateTasks } from './gates.js';
export type { Prng } from './prng.js';
export { createPrng, shuffled } from './prng.js';
export type { PythonOptions } from './python.js';
export { DEFAULT_PYTHON, MUTATION_SCRIPT_PATH } from './python.js';
export type {
  CorpusRecord,
  DistractorMetadataRecord,
  EditRecord,
  QueryMetadata,
  QueryRecord,
} from './records.js';
export type { DistractorExtras, ReleaseDistractor, ReleaseGroup, ReleaseRows } from './release-rows.js';
export { assembleReleaseRows } from './release-rows.js';
export type { SelectOptions } from './select.js';
export { DEFAULT_MAX_DISTRACTORS, DEFAULT_SEED, selectDistractors } from './select.js';
export type { StackedEdit, StackedMutant, StackOptions, StackResult } from './stack.js';
export { DEFAULT_STACK_ATTEMPTS, stackMutants } from './stack.js';
export type { ParsedTasksJsonl } from './tasks-jsonl.js';
export { parseTasksJsonl } from './tasks-jsonl.js';
export type {
  CandidateStatus,
  Edit,
  ExecutedMutant,
  ExecutionJob,
  ExecutionOracle,
  ExecutionResult,
  FailureKind,
  MutantCandidate,
  Task,
} from './types.js';
export type { VerifyOptions } from './verify.js';
export { verifyMutants } from './verify.js';
export { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';
export { serializeBuiltDataset, serializeReleaseRows, writeBuiltDataset } from './write.js';
export type { YieldCounts, YieldInput, YieldReport } from './yield.js';
export { formatYieldReport, mutantYield } from './yield.js';
