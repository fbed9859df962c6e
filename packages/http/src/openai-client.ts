import { importOptional } from './import-optional.js';
import { type RetryOptions, requestWithRetry } from './request-with-retry.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from './retry.js';

/** OpenAI's API root: where `openai/<model>` goes when no base URL is given. */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * The body of a chat-completions request as {@link OpenAICompatibleClient} takes it: `model`, `messages` and any
 * other parameter of the API (the official SDK's own request type accepts it).
 */
export interface ChatCompletionRequest {
  model: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  response_format?:
    | {
        type: 'json_schema';
        json_schema: { name: string; strict?: boolean; schema: Record<string, unknown>; description?: string };
      }
    | { type: 'json_object' };
  [parameter: string]: unknown;
}

/** The parts of a chat completion execret reads (the SDK's `ChatCompletion` has this shape). */
export interface ChatCompletionLike {
  id?: string;
  model?: string;
  choices: {
    message?: { content?: string | null; refusal?: string | null } | null;
    finish_reason?: string | null;
    logprobs?: {
      content?: { token: string; logprob: number; top_logprobs?: { token: string; logprob: number }[] | null }[] | null;
    } | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** A Batch API batch as far as execret reads it (the SDK's `Batch` has this shape). */
export interface BatchLike {
  id: string;
  status: string;
  output_file_id?: string | null;
  error_file_id?: string | null;
  request_counts?: { total?: number; completed?: number; failed?: number } | null;
  errors?: { data?: { code?: string | null; message?: string | null; line?: number | null }[] | null } | null;
}

/** Options of one call (the SDK accepts `signal`). */
interface CallOptions {
  signal?: AbortSignal;
}

/** The body of `batches.create`. */
export interface BatchCreateRequest {
  input_file_id: string;
  endpoint: '/v1/chat/completions';
  completion_window: '24h';
  metadata?: Record<string, string>;
}

/**
 * An OpenAI-style API client as execret uses one: `chat.completions.create`, and for the Batch API
 * `files.create`/`files.content` and `batches.create`/`batches.retrieve`. An `OpenAI` instance of the official SDK
 * (v6) satisfies it, and so does {@link createOpenAIApiClient}'s client, a test double, or an adapter around
 * another SDK.
 */
export interface OpenAICompatibleClient {
  chat: {
    completions: { create(body: ChatCompletionRequest, options?: CallOptions): PromiseLike<ChatCompletionLike> };
  };
  files?: {
    create(body: { file: File; purpose: 'batch' }, options?: CallOptions): PromiseLike<{ id: string }>;
    content(fileId: string, options?: CallOptions): PromiseLike<{ text(): Promise<string> }>;
  };
  batches?: {
    create(body: BatchCreateRequest, options?: CallOptions): PromiseLike<BatchLike>;
    retrieve(batchId: string, options?: CallOptions): PromiseLike<BatchLike>;
  };
}

/** A chat request as {@link OpenAIApiClient.complete} takes it: any body with `model` and `messages`, read-only. */
export type ChatCompletionInput = {
  readonly model: string;
  readonly messages: readonly { readonly role: string; readonly content: string }[];
  readonly [parameter: string]: unknown;
};

/** The client of {@link createOpenAIApiClient}: every call of the SDK shape, plus `complete` with its retry count. */
export interface OpenAIApiClient extends Required<OpenAICompatibleClient> {
  /** One chat completion and the retries it took (0 when the first attempt answered). */
  complete(
    body: ChatCompletionInput,
    signal?: AbortSignal,
  ): Promise<{ completion: ChatCompletionLike; retries: number }>;
}

/** Options of {@link createOpenAIApiClient}. */
export interface OpenAIApiClientOptions extends RetryOptions {
  /** Who is asking, the start of every error message, e.g. `@execret/exec-rerank chat openai/gpt-5-mini`. */
  label: string;
  /** Sent as `Authorization: Bearer …`; never read from the environment, redacted from every message. */
  apiKey: string;
  /** Base URL including the version path (default {@link DEFAULT_OPENAI_BASE_URL}). */
  baseURL?: string;
  /** Extra headers sent with every request (redacted from messages too). */
  headers?: Record<string, string>;
  /** How to import the `openai` SDK (default `import('openai')`; a test's seam). */
  importSdk?: () => Promise<unknown>;
}

interface SdkClient {
  chat: { completions: { create(body: unknown, options: CallOptions): Promise<ChatCompletionLike> } };
  files: {
    create(body: unknown, options: CallOptions): Promise<{ id: string }>;
    content(fileId: string, options: CallOptions): Promise<{ text(): Promise<string> }>;
  };
  batches: {
    create(body: unknown, options: CallOptions): Promise<BatchLike>;
    retrieve(batchId: string, options: CallOptions): Promise<BatchLike>;
  };
}

type SdkConstructor = new (options: Record<string, unknown>) => SdkClient;

/**
 * The one OpenAI-style API client of execret (chat for `exec/tests@…`, `exec/probe@…` and the LLM rankers; chat
 * and the Batch API for `@execret/llm-generate`), for OpenAI and any compatible server (Azure's `/openai/v1`,
 * OpenRouter, vLLM, llama.cpp, Ollama's `/v1`). Every call goes through the official `openai` SDK (an optional peer
 * dependency, imported here, so a missing SDK is `HttpError('missing-dependency')` at creation) with the SDK's own
 * retries off, inside {@link requestWithRetry}: a time limit per attempt, 429/408/5xx/timeouts/network errors
 * retried with backoff and `Retry-After`, failures as `HttpError` whose message starts with `label` and never holds
 * the key. Every setting is passed to the SDK explicitly (`organization`, `project`, `webhookSecret` and the admin
 * key set to null), so it picks no credentials from `OPENAI_*` environment variables.
 *
 * @throws {HttpError} `missing-dependency` when the `openai` package is not installed
 * @throws {RangeError} for a `maxRetries` or `timeoutMs` out of range
 * @example
 * const client = await createOpenAIApiClient({ label: '@execret/example chat', apiKey: key });
 * const { completion, retries } = await client.complete({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'hi' }] });
 * readChatCompletion(completion).content; // 'Hello!'
 */
export async function createOpenAIApiClient(options: OpenAIApiClientOptions): Promise<OpenAIApiClient> {
  const { label, apiKey, headers } = options;
  const sdk = (await importOptional('openai', label, options.importSdk ?? (() => import('openai')))) as {
    default?: unknown;
    OpenAI?: unknown;
  };
  const OpenAI = (sdk.default ?? sdk.OpenAI) as SdkConstructor;
  if (typeof OpenAI !== 'function') throw new TypeError(`${label}: the "openai" module has no default export`);
  const baseURL = options.baseURL ?? DEFAULT_OPENAI_BASE_URL;
  const attemptTimeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const secrets = [apiKey, ...Object.values(headers ?? {})];
  const call = async <T>(run: (client: SdkClient, signal: AbortSignal) => Promise<T>, signal?: AbortSignal) =>
    requestWithRetry(
      ({ fetch, signal: attemptSignal }) => {
        const client = new OpenAI({
          apiKey,
          baseURL,
          adminAPIKey: null,
          organization: null,
          project: null,
          webhookSecret: null,
          maxRetries: 0,
          // the attempt's own limit ends it first
          timeout: attemptTimeoutMs * 2,
          fetch,
          ...(headers === undefined ? {} : { defaultHeaders: headers }),
        });
        return run(client, attemptSignal);
      },
      { ...options, label, secrets, ...(signal === undefined ? {} : { signal }) },
    );
  const value = async <T>(run: (client: SdkClient, signal: AbortSignal) => Promise<T>, signal?: AbortSignal) =>
    (await call(run, signal)).value;
  const complete = async (body: ChatCompletionInput, signal?: AbortSignal) => {
    const { value: completion, retries } = await call((c, s) => c.chat.completions.create(body, { signal: s }), signal);
    return { completion, retries };
  };
  return {
    complete,
    chat: { completions: { create: async (body, o) => (await complete(body, o?.signal)).completion } },
    files: {
      create: (body, o) => value((c, s) => c.files.create(body, { signal: s }), o?.signal),
      content: async (fileId, o) => {
        // read inside the attempt, so the body is covered by the time limit and the retries
        const text = await value(async (c, s) => (await c.files.content(fileId, { signal: s })).text(), o?.signal);
        return { text: async () => text };
      },
    },
    batches: {
      create: (body, o) => value((c, s) => c.batches.create(body, { signal: s }), o?.signal),
      retrieve: (batchId, o) => value((c, s) => c.batches.retrieve(batchId, { signal: s }), o?.signal),
    },
  };
}
