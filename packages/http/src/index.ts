export { DEFAULT_BYTES_PER_TOKEN, estimateTokens, planBatches } from './batching.js';
export { HTTP_ERROR_CODES, HttpError, type HttpErrorCode, type HttpErrorDetails } from './errors.js';
export { httpFailure, wrapHttpError } from './http-failure.js';
export { importOptional } from './import-optional.js';
export { joinUrl } from './join-url.js';
export { modelWeightsSha256 } from './model-weights-sha256.js';
export {
  type BatchCreateRequest,
  type BatchLike,
  type ChatCompletionInput,
  type ChatCompletionLike,
  type ChatCompletionRequest,
  createOpenAIApiClient,
  DEFAULT_OPENAI_BASE_URL,
  type OpenAIApiClient,
  type OpenAIApiClientOptions,
  type OpenAICompatibleClient,
} from './openai-client.js';
export { postJson } from './post-json.js';
export { accessKeyVariables, accessProblem, type ProviderAccess } from './provider-access.js';
export { type ChatCompletionResult, readChatCompletion } from './read-chat-completion.js';
export { type OpenedModelFile, readModelWeights } from './read-model-weights.js';
export { redactSecrets } from './redact-secrets.js';
export { redactUrl } from './redact-url.js';
export type { RemoteProviderOptions } from './remote-provider-options.js';
export {
  type AttemptContext,
  type RequestWithRetryOptions,
  type RequestWithRetryResult,
  type RetryOptions,
  requestWithRetry,
  resolveRetryPolicy,
} from './request-with-retry.js';
export { requireApiKey } from './require-api-key.js';
export {
  backoffDelayMs,
  DEFAULT_ATTEMPT_TIMEOUT_MS,
  DEFAULT_BASE_DELAY_MS,
  DEFAULT_MAX_DELAY_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  type RetryPolicy,
  sleep,
} from './retry.js';
export { settingsHash } from './settings-hash.js';
export {
  type LoadedLocalModel,
  type LocalModelLike,
  type LocalModelOptions,
  type LocalModelSpec,
  loadTransformersModel,
  type TransformersModuleLike,
} from './transformers-model.js';
export type { FetchLike } from './types.js';
export { parseWeightsRecord, WEIGHTS_RECORD_FILE, type WeightsRecord } from './weights-record.js';
