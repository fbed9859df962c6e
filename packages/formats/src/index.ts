export { BUG_TYPES, type BugType, isBugType } from './bug-types.js';
export { canonicalJson } from './canonical-json.js';
export { compareCodePoints } from './compare-code-points.js';
export {
  defineExecretError,
  type ExecretErrorClass,
  type ExecretErrorOptions,
  withPackagePrefix,
} from './define-execret-error.js';
export { ExecretError } from './execret-error.js';
export {
  EXECUTION_CACHE_FIELDS,
  type ExecutionCacheRecord,
  executionCacheRecord,
  formatExecutionCacheLine,
} from './execution-cache-line.js';
export { fnv1a32 } from './fnv1a32.js';
export { codeSha256, sha256Hex, testsSha256 } from './hashes.js';
export {
  type JsonlAppender,
  type JsonlLineContext,
  type JsonlLogIssue,
  type JsonlLogIssueKind,
  type JsonlRecordParser,
  openJsonlAppender,
  type ParsedJsonlLog,
  parseJsonlLog,
  type ReadJsonlLogOptions,
  readJsonlLog,
} from './jsonl-log.js';
export { isJudged, JUDGED_VALUES, type Judged } from './judged.js';
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './language.js';
export { mulberry32 } from './mulberry32.js';
export { isOutcome, isSuiteStatus, SUITE_STATUSES, type SuiteStatus, suiteStatus } from './outcomes.js';
export {
  type PythonLexError,
  type PythonToken,
  type PythonTokenKind,
  type PythonTokens,
  tokenizePython,
} from './python-tokens.js';
export type { BinaryComparison, ReleaseBinaryComparison } from './records/binary-comparison.js';
export type { ChatMessage } from './records/chat-message.js';
export type { ChatPrice } from './records/chat-price.js';
export type { EmbedUsage } from './records/embed-usage.js';
export type { ExecRerankCost } from './records/exec-rerank-cost.js';
export type { ModelWeights, WeightsFile, WeightsSource } from './records/model-weights.js';
export type { OraclePhases, OracleStats } from './records/oracle-stats.js';
export type { RerankUsage } from './records/rerank-usage.js';
export type { SecondStageInfo } from './records/second-stage-info.js';
export type { TwoStageRecord } from './records/two-stage-record.js';
export type { TwoStageSummary } from './records/two-stage-summary.js';
export type { VerifyContradiction, VerifyReport } from './records/verify-report.js';
export { RELEASE_DATA_FILES, SHA256SUMS_FILE } from './release-files.js';
export { runConcurrently } from './run-concurrently.js';
export {
  formatTrecQrels,
  formatTrecRun,
  type ParsedTrecQrels,
  type ParsedTrecRun,
  parseTrecQrels,
  parseTrecRun,
  type TrecQrelsRow,
  type TrecRunRow,
} from './trec.js';
export { DEFAULT_MAX_TREC_LINE_LENGTH, type TrecIssue, type TrecReadOptions } from './trec-lines.js';
export { type ParsedTrecRunColumns, parseTrecRunColumns, type TrecRunColumns } from './trec-run-columns.js';
