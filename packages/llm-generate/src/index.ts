export { DEFAULT_BATCH_POLL_INTERVAL_MS } from './batch.js';
export {
  createOpenAIClient,
  DEFAULT_ENDPOINT_MAX_RETRIES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type EndpointOptions,
  type OpenAICompatibleClient,
} from './client.js';
export { DEFAULT_BATCH_PRICE_FACTOR, type TokenPrice } from './cost.js';
export { LLM_GENERATE_ERROR_CODES, LlmGenerateError, type LlmGenerateErrorCode } from './errors.js';
export { type GenerateResult, generateDataset } from './generate.js';
export {
  type BatchModeOptions,
  DEFAULT_ENTRY_CONCURRENCY,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_PROGRESS_FILE,
  DEFAULT_RESPONSE_FORMAT,
  type GenerateOptions,
  type GenerateProgressEvent,
  REPORT_FILE,
  RESPONSE_FORMATS,
  type ResponseFormat,
} from './generate-options.js';
export {
  type ParsedRegistry,
  type ParseRegistryOptions,
  parseRegistry,
  type RegistryDuplicate,
  type RegistryEntry,
  type RegistryIssue,
  readRegistry,
} from './registry.js';
export type { RegistryEntryInput } from './registry-input.js';
export {
  type LlmDistractorMetadataRecord,
  type LlmQueryMetadata,
  type LlmQueryRecord,
  type ReleaseRecords,
  TASKS_FILE,
} from './release.js';
export {
  DEFAULT_FREE_FORM_REWRITES,
  DEFAULT_GENERATION_MODE,
  GENERATION_MODES,
  type GenerationMode,
} from './reply-schema.js';
export { type EntryOutcome, formatGenerateReport, type GenerateReport } from './report.js';
export { DEFAULT_MAX_EDIT_CHARS, DEFAULT_MAX_EDIT_LINES } from './single-edit.js';
export { FREE_FORM_BUG_TYPE } from './validate.js';
