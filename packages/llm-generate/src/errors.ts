import { defineExecretError } from '@execret/formats';

/** Every error code of `@execret/llm-generate`. */
export const LLM_GENERATE_ERROR_CODES = [
  /** The registry file is unreadable, not JSON/JSONL, or holds invalid or duplicate entries. */
  'invalid-registry',
  /** The optional peer dependency `openai` is not installed (only needed without an injected client). */
  'sdk-missing',
  /** The chat endpoint rejected a request in a way that retrying cannot fix (400/401/403/404/422). */
  'request-failed',
  /** The Batch API failed: upload, creation, a terminal status other than `completed`, or an unreadable output file. */
  'batch-failed',
  /** The progress file could not be read or appended to, or belongs to another run. */
  'progress-io',
  /** Writing the dataset or the report failed. */
  'write-failed',
  /** The oracle or the validation gates could not run at all (interpreter missing, oracle closed). */
  'validation-failed',
  /** The run was cancelled through `options.signal`. */
  'aborted',
] as const;

/** One of {@link LLM_GENERATE_ERROR_CODES}. */
export type LlmGenerateErrorCode = (typeof LLM_GENERATE_ERROR_CODES)[number];

/**
 * The one error class of `@execret/llm-generate`. `code` says what went wrong (see
 * {@link LLM_GENERATE_ERROR_CODES}); `cause` keeps the underlying error (an SDK `APIError`, a
 * `GenerateError`, an `OracleError`, a file-system error). Messages name the package and component,
 * what was expected and what was received. They never contain an API key. Use
 * `LlmGenerateError.is(value)` rather than `instanceof`: it checks a brand property and so works
 * across duplicated package copies and the ESM/CJS boundary.
 *
 * @example
 * try {
 *   await generateDataset(entries, { endpoint: { baseURL, apiKey }, model: 'gpt-5-mini', outDir: 'out' })
 * } catch (error) {
 *   if (LlmGenerateError.is(error) && error.code === 'request-failed') console.error(error.message)
 *   // '@execret/llm-generate chat: the endpoint answered HTTP 401 …; expected 200. Check the API key …'
 * }
 */
export class LlmGenerateError extends defineExecretError<LlmGenerateErrorCode>(
  '@execret/llm-generate',
  'LlmGenerateError',
) {}
