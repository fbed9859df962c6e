export type { BatchRequest, BatchResult, ParsedBatchOutput, WaitForBatchOptions } from './batch.js';
export {
  batchInputJsonl,
  collectBatchResults,
  DEFAULT_BATCH_POLL_INTERVAL_MS,
  parseBatchOutput,
  submitBatch,
  TERMINAL_BATCH_STATUSES,
  waitForBatch,
} from './batch.js';
export type {
  BatchLike,
  ChatCompletionLike,
  ChatCompletionRequest,
  ClientCallOptions,
  CompletionResult,
  EndpointOptions,
  OpenAICompatibleClient,
  RequestFailure,
  TokenUsage,
} from './client.js';
export {
  createOpenAIClient,
  DEFAULT_MAX_RETRIES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  describeRequestError,
  FATAL_HTTP_STATUSES,
  isAbortError,
  loadOpenAISdk,
  readCompletion,
  redactUrl,
} from './client.js';
export type { TokenPrice, UsageBySource } from './cost.js';
export { DEFAULT_BATCH_PRICE_FACTOR, estimateCostUsd } from './cost.js';
export type { LlmGenerateErrorCode } from './errors.js';
export { LLM_GENERATE_ERROR_CODES, LlmGenerateError } from './errors.js';
export type {
  BatchModeOptions,
  GenerateOptions,
  GenerateProgressEvent,
  GenerateResult,
  RegistryEntryInput,
} from './generate.js';
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_PROGRESS_FILE,
  generateDataset,
  REPORT_FILE,
} from './generate.js';
export type {
  ParsedProgress,
  ProgressAttempt,
  ProgressBatch,
  ProgressBatchDone,
  ProgressEntry,
  ProgressHeader,
  ProgressRecord,
  ProgressStore,
  StoredUsage,
} from './progress.js';
export { openProgressStore, PROGRESS_FORMAT, PROGRESS_VERSION, parseProgress, progressKey } from './progress.js';
export type { ChatMessage, PreviousAttempt, PromptOptions, RejectionReason } from './prompt.js';
export {
  buildMessages,
  FEEDBACK_PROMPT_TEMPLATE,
  FREE_FORM_SYSTEM_PROMPT,
  feedbackMessage,
  LOCKED_SYSTEM_PROMPT,
  PROMPT_VERSION,
  promptHash,
  USER_PROMPT_TEMPLATE,
} from './prompt.js';
export type {
  ParsedRegistry,
  ParseRegistryOptions,
  RegistryDuplicate,
  RegistryEntry,
  RegistryIssue,
} from './registry.js';
export {
  normalizeFunctionName,
  normalizeQuery,
  parseRegistry,
  readRegistry,
  registryEntryHash,
  registryRecordSchema,
} from './registry.js';
export type {
  AcceptedEntry,
  LlmDistractorMetadataRecord,
  LlmQueryMetadata,
  LlmQueryRecord,
  ReleaseOptions,
  ReleaseRecords,
} from './release.js';
export { assembleRelease, serializeRelease, TASKS_FILE, writeRelease } from './release.js';
export type { ParseReplyOptions, ParseReplyResult, ReplyMeta } from './reply.js';
export { parseReply } from './reply.js';
export type { FreeFormReply, GeneratedReply, GenerationMode, LockedReply } from './reply-schema.js';
export {
  DEFAULT_FREE_FORM_REWRITES,
  freeFormReplySchema,
  LOCKED_DISTRACTORS,
  lockedReplySchema,
  MAX_TESTS,
  MIN_TESTS,
  MODES,
  replyJsonSchema,
} from './reply-schema.js';
export type { EntryOutcome, GenerateReport } from './report.js';
export { formatGenerateReport } from './report.js';
export type { EditMeasure, SingleEditCheck, SingleEditOptions } from './single-edit.js';
export {
  checkSingleEdit,
  DEFAULT_MAX_EDIT_CHARS,
  DEFAULT_MAX_EDIT_LINES,
  editBetween,
  measureEdit,
} from './single-edit.js';
export type {
  DistractorStatus,
  DistractorVerdict,
  ReplyToValidate,
  ReplyValidation,
  ValidateRepliesOptions,
} from './validate.js';
export { DEFAULT_MAX_DISTRACTORS, DEFAULT_MIN_DISTRACTORS, FREE_FORM_BUG_TYPE, validateReplies } from './validate.js';
export { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';
