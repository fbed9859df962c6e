import {
  type ChatCompletionLike,
  createOpenAIApiClient,
  DEFAULT_MAX_RETRIES,
  HttpError,
  httpFailure,
  type OpenAICompatibleClient,
  readChatCompletion,
  resolveRetryPolicy,
} from '@execret/http';
import { LlmGenerateError } from './errors.js';

/**
 * Retries of a request after connection errors, timeouts, 408, 429 and 5xx (honouring `Retry-After`):
 * `@execret/http`'s `DEFAULT_MAX_RETRIES`.
 */
export const DEFAULT_ENDPOINT_MAX_RETRIES = DEFAULT_MAX_RETRIES;
/** Time limit of one request in milliseconds (reasoning models can think for minutes). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;

/** Token counts of one or more completions. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * What the pipeline needs from a client: `chat.completions.create`, and for the Batch API option
 * `files.create`/`files.content` and `batches.create`/`batches.retrieve`.
 *
 * @deprecated `@execret/http`'s `OpenAICompatibleClient`, re-exported for one release.
 */
export type { OpenAICompatibleClient } from '@execret/http';

/** How to reach an OpenAI-compatible endpoint with the official SDK ({@link createOpenAIClient}). */
export interface EndpointOptions {
  /** Base URL including the version path, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8000/v1`. */
  baseURL: string;
  /** The API key, sent as `Authorization: Bearer …`. Never read from the environment, never logged or written. */
  apiKey: string;
  /** Default {@link DEFAULT_ENDPOINT_MAX_RETRIES}. */
  maxRetries?: number;
  /** Default {@link DEFAULT_REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** A `fetch` implementation (proxies, tests). Default: the global one. */
  fetch?: typeof fetch;
  /** Extra headers sent with every request (e.g. an OpenRouter `HTTP-Referer`). */
  headers?: Record<string, string>;
}

/** The label of this package's messages about the SDK and its requests. */
const CLIENT_LABEL = '@execret/llm-generate client';

/**
 * `@execret/http`'s OpenAI-style client for any OpenAI-compatible endpoint: OpenAI, Azure's `/openai/v1`,
 * OpenRouter, Together, vLLM, llama.cpp, Ollama's `/v1`. Every call (chat, and the Batch API's files and batches)
 * goes through the official `openai` SDK (the optional peer dependency) with `@execret/http`'s retries: connection
 * errors, timeouts, 408, 429 and 5xx are retried `maxRetries` times with exponential backoff and `Retry-After`; a
 * call ends after `timeoutMs`. Every setting is passed explicitly, so the SDK picks no credentials from `OPENAI_*`
 * environment variables. Throws `TypeError` for a missing `baseURL`/`apiKey`, `RangeError` for a `maxRetries` that
 * is not an integer >= 0 or a `timeoutMs` that is not > 0 (`@execret/http`'s `resolveRetryPolicy`), and
 * `LlmGenerateError('sdk-missing')` when `openai` is not installed. `importSdk` is a test's seam.
 *
 * @example
 * const client = await createOpenAIClient({ baseURL: 'https://api.openai.com/v1', apiKey: key })
 * await generateDataset(entries, { client, model: 'gpt-5-mini', outDir: 'out/llm' })
 */
export async function createOpenAIClient(
  options: EndpointOptions,
  importSdk: () => Promise<unknown> = () => import('openai'),
): Promise<OpenAICompatibleClient> {
  if (typeof options?.baseURL !== 'string' || options.baseURL === '')
    throw new TypeError('@execret/llm-generate createOpenAIClient: options.baseURL must be a non-empty URL string');
  if (typeof options.apiKey !== 'string' || options.apiKey === '') {
    throw new TypeError(
      '@execret/llm-generate createOpenAIClient: options.apiKey must be a non-empty string (local servers accept any value, e.g. "none")',
    );
  }
  const { maxRetries, timeoutMs } = resolveRetryPolicy(
    {
      maxRetries: options.maxRetries ?? DEFAULT_ENDPOINT_MAX_RETRIES,
      timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    },
    '@execret/llm-generate createOpenAIClient',
  );
  try {
    return await createOpenAIApiClient({
      label: CLIENT_LABEL,
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      maxRetries,
      timeoutMs,
      importSdk,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  } catch (error) {
    if (!HttpError.is(error) || error.code !== 'missing-dependency') throw error;
    const cause = error.cause;
    throw new LlmGenerateError(
      'sdk-missing',
      `${CLIENT_LABEL}: could not load the optional peer dependency "openai" (${(cause as Error).message}); install it with \`pnpm add openai@6\` or pass options.client`,
      { cause },
    );
  }
}

/** HTTP statuses after which a retry cannot help: the run stops with `request-failed`. */
const FATAL_HTTP_STATUSES: readonly number[] = [400, 401, 403, 404, 422];

/** One completion, reduced to what the pipeline uses. */
export interface CompletionResult {
  content: string | null;
  refusal: string | null;
  finishReason: string | null;
  usage: TokenUsage;
  /** `model` and `id` as the endpoint reported them. */
  responseModel: string | null;
  responseId: string | null;
}

/**
 * Reduces a chat completion (from the SDK or a batch output line) to {@link CompletionResult} through
 * `@execret/http`'s `readChatCompletion`: the first choice's content, refusal and finish reason, and the token
 * counts (0 when absent).
 *
 * @example
 * readCompletion({ choices: [{ message: { content: '{}' }, finish_reason: 'stop' }], usage: { prompt_tokens: 9, completion_tokens: 2 } })
 * // { content: '{}', refusal: null, finishReason: 'stop', usage: { promptTokens: 9, completionTokens: 2 }, responseModel: null, responseId: null }
 */
export function readCompletion(completion: ChatCompletionLike): CompletionResult {
  const read = readChatCompletion(completion);
  return {
    content: read.content,
    refusal: read.refusal,
    finishReason: read.finishReason,
    usage: { promptTokens: read.promptTokens ?? 0, completionTokens: read.completionTokens ?? 0 },
    responseModel: read.responseModel,
    responseId: read.responseId,
  };
}

/** How a failed request is handled: the run stops (`fatal`), or only this entry waits for the next run. */
export interface RequestFailure {
  fatal: boolean;
  status: number | null;
  message: string;
}

/**
 * Classifies an error thrown by a client call. Statuses in {@link FATAL_HTTP_STATUSES} are fatal
 * (bad request, authentication, unknown model: every entry would fail); everything else (429 or 5xx
 * after the retries, connection errors, timeouts) only postpones the entry. The message is an `HttpError`'s own
 * (it names the status), or `HTTP <status>: <message>` for another client's error; never a credential.
 *
 * @example
 * describeRequestError(Object.assign(new Error('Incorrect API key'), { status: 401 }))
 * // { fatal: true, status: 401, message: 'HTTP 401: Incorrect API key' }
 */
export function describeRequestError(error: unknown): RequestFailure {
  const http = httpFailure(error);
  if (http !== undefined) {
    const status = http.status ?? null;
    return { fatal: status !== null && FATAL_HTTP_STATUSES.includes(status), status, message: http.message };
  }
  const status =
    typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : null;
  const text = error instanceof Error ? error.message : String(error);
  return {
    fatal: status !== null && FATAL_HTTP_STATUSES.includes(status),
    status,
    message: status === null ? text : `HTTP ${status}: ${text.replace(/^\d{3}\s+/u, '')}`,
  };
}

/**
 * True when an error means the call was cancelled: `signal` has fired, or the error is an `HttpError` with code
 * `aborted`, an `AbortError` (fetch) or the SDK's `APIUserAbortError`.
 *
 * @example
 * isAbortError(new DOMException('stopped', 'AbortError')) // true
 * isAbortError(new Error('HTTP 500'))                     // false
 */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  if (HttpError.is(error) && error.code === 'aborted') return true;
  const name = (error as { name?: unknown })?.name;
  return name === 'AbortError' || name === 'APIUserAbortError';
}
