// Every default of the oracle's options is public (defaults.ts holds nothing else).
export * from './defaults.js';
export { describeJsRunner, describeOracle } from './describe-oracle.js';
export { ORACLE_ERROR_CODES, OracleError, type OracleErrorCode } from './errors.js';
export {
  type ExecutionCache,
  type ExecutionCacheEntry,
  type ExecutionCacheIssue,
  mergeExecutionCache,
  type OpenExecutionCacheOptions,
  openExecutionCache,
  type ParsedExecutionCache,
  parseExecutionCache,
} from './execution-cache.js';
export { ISOLATION_REQUESTS, type IsolationRequest, isolationRisks } from './isolation-requests.js';
export * from './js/index.js';
export { ORACLE_JUDGINGS, type OracleJudging, passesSplitJudged } from './judging.js';
export { createOracle } from './oracle.js';
export { isInfrastructureOutcome } from './outcomes.js';
export { DEFAULT_PYTHON, type PythonInfo, resolvePython } from './python.js';
export { SANDBOX_MASKED_PATHS, SANDBOX_SYSTEM_PATHS } from './sandbox-view.js';
export { type CgroupInfo, SERVER_MEMORY_ALLOWANCE_BYTES, SERVER_PROCESS_ALLOWANCE } from './server-cgroup.js';
export type {
  Oracle,
  OracleInfo,
  OracleIsolation,
  OracleJob,
  OracleOptions,
  OraclePhases,
  OracleProgress,
  OracleResult,
  OracleRunOptions,
  OracleStats,
  RunManyOptions,
} from './types.js';
