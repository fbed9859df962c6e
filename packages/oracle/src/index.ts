export { createOracle } from './oracle.js';
export type {
  Oracle,
  OracleInfo,
  OracleIsolation,
  OracleJob,
  OracleOptions,
  OracleProgress,
  OracleResult,
  OracleRunOptions,
  OracleStats,
  RunManyOptions,
} from './types.js';
export { OracleError, ORACLE_ERROR_CODES, type OracleErrorCode } from './errors.js';
export { codeSha256, testsSha256 } from './hashes.js';
export { isJudged, ORACLE_JUDGED, ORACLE_JUDGINGS, passesSplitJudged, type OracleJudged, type OracleJudging } from './judging.js';
export { isInfrastructureOutcome, isOutcome, ORACLE_STATUSES, suiteStatus, type OracleStatus } from './outcomes.js';
export {
  formatExecutionCacheLine,
  openExecutionCache,
  parseExecutionCache,
  type ExecutionCache,
  type ExecutionCacheEntry,
  type ExecutionCacheIssue,
  type OpenExecutionCacheOptions,
  type ParsedExecutionCache,
} from './execution-cache.js';
export { DEFAULT_PYTHON, resolvePython, type PythonInfo } from './python.js';
export { SERVER_ROLE } from './fork-server.js';
export { SANDBOX_MASKED_PATHS, SANDBOX_SYSTEM_PATHS } from './sandbox-view.js';
export {
  DEFAULT_ISOLATION,
  DEFAULT_JUDGING,
  DEFAULT_MAX_CODE_BYTES,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_OPEN_FILES,
  DEFAULT_MAX_PROCESSES,
  DEFAULT_MAX_TESTS,
  DEFAULT_MEMORY_MB,
  DEFAULT_PRELOAD_MODULES,
  DEFAULT_SANDBOX_UID,
  DEFAULT_START_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TMPFS_BYTES,
  DEFAULT_WATCHDOG_GRACE_MS,
  PIPELINE_DEPTH,
} from './defaults.js';
