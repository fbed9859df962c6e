import { DEFAULT_MAX_RETRIES, HttpError, importOptional, resolveRetryPolicy } from '@execret/http';
import { LlmGenerateError } from './errors.js';
import type { ChatMessage } from './prompt.js';

/**
 * Retries the SDK makes on connection errors, 408, 409, 429 and 5xx (honouring `Retry-After`): `@execret/http`'s
 * `DEFAULT_MAX_RETRIES`.
 */
export const DEFAULT_ENDPOINT_MAX_RETRIES = DEFAULT_MAX_RETRIES;
/** Per-request timeout of the SDK client in milliseconds (reasoning models can think for minutes). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;

/** Token counts of one or more completions. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** The body of a chat-completions request as this package sends it. */
export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  response_format?:
    | {
        type: 'json_schema';
        json_schema: { name: string; strict?: boolean; schema: Record<string, unknown>; description?: string };
      }
    | { type: 'json_object' };
  [parameter: string]: unknown;
}

/** The parts of a chat completion this package reads (the SDK's `ChatCompletion` has this shape). */
export interface ChatCompletionLike {
  id?: string;
  model?: string;
  choices: { message?: { content?: string | null; refusal?: string | null } | null; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** A batch object as far as this package reads it (the SDK's `Batch` has this shape). */
export interface BatchLike {
  id: string;
  status: string;
  output_file_id?: string | null;
  error_file_id?: string | null;
  request_counts?: { total?: number; completed?: number; failed?: number } | null;
  errors?: { data?: { code?: string | null; message?: string | null; line?: number | null }[] | null } | null;
}

/** Request options passed through to the client (the SDK accepts `signal`). */
interface ClientCallOptions {
  signal?: AbortSignal;
}

/**
 * What the pipeline needs from a client: `chat.completions.create`, and for the Batch API option
 * `files.create`/`files.content` and `batches.create`/`batches.retrieve`. An `OpenAI` instance of the
 * official SDK (v6) satisfies it; so does a test double or an adapter around another SDK.
 */
export interface OpenAICompatibleClient {
  chat: {
    completions: { create(body: ChatCompletionRequest, options?: ClientCallOptions): PromiseLike<ChatCompletionLike> };
  };
  files?: {
    create(body: { file: File; purpose: 'batch' }, options?: ClientCallOptions): PromiseLike<{ id: string }>;
    content(fileId: string, options?: ClientCallOptions): PromiseLike<{ text(): Promise<string> }>;
  };
  batches?: {
    create(
      body: {
        input_file_id: string;
        endpoint: '/v1/chat/completions';
        completion_window: '24h';
        metadata?: Record<string, string>;
      },
      options?: ClientCallOptions,
    ): PromiseLike<BatchLike>;
    retrieve(batchId: string, options?: ClientCallOptions): PromiseLike<BatchLike>;
  };
}

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

/** The label of this package's messages about the SDK. */
const CLIENT_LABEL = '@execret/llm-generate client';

/**
 * Loads the optional peer dependency `openai` through `@execret/http`'s `importOptional`. Rejects with
 * `LlmGenerateError('sdk-missing')`, naming the package to install, when it cannot be loaded (its `cause` is the
 * import's own error). `importer` is for tests.
 *
 * @example
 * const { default: OpenAI } = await loadOpenAISdk()
 */
export async function loadOpenAISdk(
  importer: () => Promise<unknown> = () => import('openai'),
): Promise<{ default: new (options: Record<string, unknown>) => unknown }> {
  try {
    const sdk = (await importOptional('openai', CLIENT_LABEL, importer)) as { default?: unknown; OpenAI?: unknown };
    const ctor = sdk.default ?? sdk.OpenAI;
    if (typeof ctor !== 'function') throw new TypeError('the module has no default export');
    return { default: ctor as new (options: Record<string, unknown>) => unknown };
  } catch (error) {
    const cause = HttpError.is(error) && error.code === 'missing-dependency' ? error.cause : error;
    throw new LlmGenerateError(
      'sdk-missing',
      `${CLIENT_LABEL}: could not load the optional peer dependency "openai" (${(cause as Error).message}); install it with \`pnpm add openai@6\` or pass options.client`,
      { cause },
    );
  }
}

/**
 * Creates an `OpenAI` client of the official SDK (imported lazily) for any OpenAI-compatible endpoint:
 * OpenAI, Azure's `/openai/v1`, OpenRouter, Together, vLLM, llama.cpp, Ollama's `/v1`. Every setting
 * is passed explicitly (`baseURL`, `apiKey`, and `organization`/`project`/`webhookSecret`/admin key
 * set to null) so the SDK does not pick credentials from `OPENAI_*` environment variables; the SDK
 * still honours `OPENAI_LOG` and `OPENAI_CUSTOM_HEADERS` by itself. The SDK retries connection
 * errors, 408, 409, 429 and 5xx `maxRetries` times with exponential backoff and `Retry-After`.
 * Throws `TypeError` for a missing `baseURL`/`apiKey`, `RangeError` for a `maxRetries` that is not an
 * integer >= 0 or a `timeoutMs` that is not > 0 (`@execret/http`'s `resolveRetryPolicy`), and
 * `LlmGenerateError('sdk-missing')` when `openai` is not installed.
 *
 * @example
 * const client = await createOpenAIClient({ baseURL: 'https://api.openai.com/v1', apiKey: key })
 * await generateDataset(entries, { client, model: 'gpt-5-mini', outDir: 'out/llm' })
 */
export async function createOpenAIClient(options: EndpointOptions): Promise<OpenAICompatibleClient> {
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
  const { default: OpenAI } = await loadOpenAISdk();
  return new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries,
    timeout: timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { defaultHeaders: options.headers } : {}),
  }) as OpenAICompatibleClient;
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
 * Reduces a chat completion (from the SDK or a batch output line) to {@link CompletionResult}: the
 * first choice's content, refusal and finish reason, and the token counts (0 when absent).
 *
 * @example
 * readCompletion({ choices: [{ message: { content: '{}' }, finish_reason: 'stop' }], usage: { prompt_tokens: 9, completion_tokens: 2 } })
 * // { content: '{}', refusal: null, finishReason: 'stop', usage: { promptTokens: 9, completionTokens: 2 }, responseModel: null, responseId: null }
 */
export function readCompletion(completion: ChatCompletionLike): CompletionResult {
  const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
  const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);
  return {
    content: typeof choice?.message?.content === 'string' ? choice.message.content : null,
    refusal: typeof choice?.message?.refusal === 'string' ? choice.message.refusal : null,
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
    usage: {
      promptTokens: count(completion?.usage?.prompt_tokens),
      completionTokens: count(completion?.usage?.completion_tokens),
    },
    responseModel: typeof completion?.model === 'string' ? completion.model : null,
    responseId: typeof completion?.id === 'string' ? completion.id : null,
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
 * after the SDK's retries, connection errors, timeouts) only postpones the entry. The message holds
 * the status and the error's own message, never a credential.
 *
 * @example
 * describeRequestError(Object.assign(new Error('Incorrect API key'), { status: 401 }))
 * // { fatal: true, status: 401, message: 'HTTP 401: Incorrect API key' }
 */
export function describeRequestError(error: unknown): RequestFailure {
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
 * True when an error means the call was cancelled: `signal` has fired, or the error is an
 * `AbortError` (fetch) or the SDK's `APIUserAbortError`.
 *
 * @example
 * isAbortError(new DOMException('stopped', 'AbortError')) // true
 * isAbortError(new Error('HTTP 500'))                     // false
 */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const name = (error as { name?: unknown })?.name;
  return name === 'AbortError' || name === 'APIUserAbortError';
}
