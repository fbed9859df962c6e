import {
  createOpenAIApiClient,
  DEFAULT_OPENAI_BASE_URL,
  HttpError,
  type OpenAIApiClient,
  type RetryOptions,
  readChatCompletion,
} from '@execret/http';
import type { ChatMessage } from '@execret/rerankers/llm';
import type { ChatReply } from '../artifact-record.js';
import { ExecRerankError } from '../errors.js';
import type { ChatModelId } from './chat-model-id.js';

/** What a chat function receives: the request body this package sends (`@execret/http`'s chat request shape). */
export type ChatCompletionBody = {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly temperature?: number;
  readonly max_completion_tokens?: number;
  readonly response_format?: { readonly type: 'json_object' };
};

/** A chat transport other than the `openai` SDK (tests, other SDKs): one completion per call, no retries expected. */
export type ChatFunction = (body: ChatCompletionBody, signal: AbortSignal | undefined) => Promise<ChatReply>;

/**
 * How to reach the chat model. Every field is optional; nothing is read from the environment. Retries
 * (`maxRetries`, `timeoutMs`, backoff, `Retry-After`) follow `@execret/http`'s `requestWithRetry`: 429, 408, 5xx,
 * timeouts and network errors are retried; other 4xx are not.
 */
export interface ChatEndpointOptions extends RetryOptions {
  /** A transport to use instead of the `openai` SDK; `baseURL`, `apiKey` and retries are then not used. */
  chat?: ChatFunction;
  /** Base URL including `/v1`; default `DEFAULT_OPENAI_BASE_URL` for `openai/…`, required for `openai-compatible/…`. */
  baseURL?: string;
  /** API key (sent as `Authorization: Bearer …`, never logged); required unless `chat` is given (local servers accept any, e.g. `"none"`). */
  apiKey?: string;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** Sampling temperature; not sent when undefined (some models accept only their default). */
  temperature?: number;
  /** `max_completion_tokens`; not sent when undefined. */
  maxCompletionTokens?: number;
  /** Ask for `response_format: { type: 'json_object' }` (default false: not every endpoint supports it). */
  jsonMode?: boolean;
}

/** One answered chat request. */
interface ChatCompletionOutcome {
  readonly reply: ChatReply;
  /** HTTP requests it took, retries included (1 through a `chat` function). */
  readonly requests: number;
}

/** A chat model that answers one conversation at a time. */
export interface ChatEndpoint {
  complete(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<ChatCompletionOutcome>;
}

/**
 * A {@link ChatEndpoint} over `POST <baseURL>/chat/completions` through `@execret/http`'s OpenAI-style client (the
 * official `openai` SDK, an optional peer dependency loaded on the first request, with `@execret/http`'s retries),
 * or over `options.chat`. The body holds `model`, `messages`, and `temperature`, `max_completion_tokens`,
 * `response_format` only when set. Rejects with `ExecRerankError`: `chat-unavailable` (no `apiKey`, or no
 * `baseURL` for `openai-compatible`), `sdk-missing`, `chat-request` (after the retries; its `HttpError` cause has the
 * status when the endpoint answered; the message never holds the key), `aborted`.
 *
 * @example
 * const chat = createChatEndpoint({ provider: 'openai', model: 'gpt-5-mini' }, { apiKey: key });
 * const { reply, requests } = await chat.complete([{ role: 'user', content: 'Write one assert for add(a, b).' }]);
 */
export function createChatEndpoint(id: ChatModelId, options: ChatEndpointOptions = {}): ChatEndpoint {
  const label = `@execret/exec-rerank chat ${id.provider}/${id.model}`;
  const body = (messages: readonly ChatMessage[]): ChatCompletionBody => ({
    model: id.model,
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.maxCompletionTokens === undefined ? {} : { max_completion_tokens: options.maxCompletionTokens }),
    ...(options.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
  });
  const aborted = (cause: unknown, signal: AbortSignal | undefined) =>
    new ExecRerankError('aborted', `${label}: aborted by the caller's AbortSignal`, { cause: signal?.reason ?? cause });
  const custom = options.chat;
  if (custom !== undefined)
    return {
      async complete(messages, signal) {
        try {
          return { reply: await custom(body(messages), signal), requests: 1 };
        } catch (cause) {
          if (signal?.aborted) throw aborted(cause, signal);
          throw new ExecRerankError('chat-request', `${label}: ${(cause as Error).message}`, { cause });
        }
      },
    };
  let sdkClient: Promise<OpenAIApiClient> | undefined;
  return {
    async complete(messages, signal) {
      const baseURL = options.baseURL ?? (id.provider === 'openai' ? DEFAULT_OPENAI_BASE_URL : undefined);
      if (baseURL === undefined)
        throw new ExecRerankError(
          'chat-unavailable',
          `${label}: openai-compatible models need options.baseURL (or options.chat)`,
        );
      if (options.apiKey === undefined || options.apiKey === '')
        throw new ExecRerankError(
          'chat-unavailable',
          `${label}: no options.apiKey (or options.chat); the library never reads environment variables, and local servers accept any value, e.g. "none"`,
        );
      const apiKey = options.apiKey;
      let client: OpenAIApiClient;
      try {
        sdkClient ??= createOpenAIApiClient({ ...options, label, apiKey, baseURL });
        client = await sdkClient;
      } catch (cause) {
        sdkClient = undefined;
        throw new ExecRerankError('sdk-missing', (cause as Error).message, { cause });
      }
      try {
        const { completion, retries } = await client.complete(body(messages), signal);
        const read = readChatCompletion(completion);
        const reply: ChatReply = {
          content: read.content,
          refusal: read.refusal,
          finishReason: read.finishReason,
          promptTokens: read.promptTokens ?? 0,
          completionTokens: read.completionTokens ?? 0,
          responseModel: read.responseModel,
        };
        return { reply, requests: retries + 1 };
      } catch (cause) {
        if (signal?.aborted || (HttpError.is(cause) && cause.code === 'aborted')) throw aborted(cause, signal);
        const code = HttpError.is(cause) ? ` (${cause.code})` : '';
        throw new ExecRerankError('chat-request', `${(cause as Error).message}${code}`, { cause });
      }
    },
  };
}

/**
 * A getter that creates the chat endpoint on first use (so a reranker whose replies all come from the artifact
 * cache never loads the SDK or needs a key) and returns the same one afterwards. @internal
 *
 * @example
 * const endpoint = lazyChatEndpoint({ provider: 'openai', model: 'gpt-5-mini' }, { apiKey: key });
 * await askChat('tests', 'gpt-5-mini', messages, endpoint, cache, meter, signal);
 */
export function lazyChatEndpoint(id: ChatModelId, options: ChatEndpointOptions = {}): () => ChatEndpoint {
  let endpoint: ChatEndpoint | null = null;
  return () => {
    endpoint ??= createChatEndpoint(id, options);
    return endpoint;
  };
}
