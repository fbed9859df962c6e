import { HttpError, importOptional, type RetryOptions, requestWithRetry } from '@execret/http';
import type { ChatMessage } from '@execret/rerankers/llm';
import type { ChatReply } from '../artifact-record.js';
import { ExecRerankError } from '../errors.js';
import type { ChatModelId } from './chat-model-id.js';

/** OpenAI's API root, used for `openai/<model>` when no `baseURL` is given. */
const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** What a chat function receives: the request body this package sends. */
export interface ChatCompletionBody {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly temperature?: number;
  readonly max_completion_tokens?: number;
  readonly response_format?: { readonly type: 'json_object' };
}

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

interface SdkCompletion {
  model?: string;
  choices?: { message?: { content?: string | null; refusal?: string | null } | null; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

function readReply(c: SdkCompletion): ChatReply {
  const choice = c.choices?.[0];
  const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);
  return {
    content: typeof choice?.message?.content === 'string' ? choice.message.content : null,
    refusal: typeof choice?.message?.refusal === 'string' ? choice.message.refusal : null,
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
    promptTokens: count(c.usage?.prompt_tokens),
    completionTokens: count(c.usage?.completion_tokens),
    responseModel: typeof c.model === 'string' ? c.model : null,
  };
}

/**
 * A {@link ChatEndpoint} over `POST <baseURL>/chat/completions` through the official `openai` SDK (an optional
 * peer dependency, loaded on the first request; its own retries off) with `@execret/http`'s retries, or over
 * `options.chat`. The body holds `model`, `messages`, and `temperature`, `max_completion_tokens`,
 * `response_format` only when set. Rejects with `ExecRerankError`: `chat-unavailable` (no `apiKey`, or no
 * `baseURL` for `openai-compatible`), `sdk-missing`, `chat-request` (after the retries; `status` set when the
 * endpoint answered; the message never holds the key), `aborted`.
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
      let OpenAI: new (
        o: Record<string, unknown>,
      ) => {
        chat: { completions: { create(b: unknown, o: { signal: AbortSignal }): Promise<SdkCompletion> } };
      };
      try {
        ({ default: OpenAI } = (await importOptional('openai', label, () => import('openai'))) as never);
      } catch (cause) {
        throw new ExecRerankError('sdk-missing', (cause as Error).message, { cause });
      }
      try {
        const { value, retries } = await requestWithRetry(
          async ({ fetch, signal: attemptSignal }) => {
            const client = new OpenAI({
              apiKey,
              baseURL,
              organization: null,
              project: null,
              maxRetries: 0,
              timeout: (options.timeoutMs ?? 60_000) * 2,
              fetch,
              ...(options.headers === undefined ? {} : { defaultHeaders: options.headers }),
            });
            return client.chat.completions.create(body(messages), { signal: attemptSignal });
          },
          {
            ...options,
            label,
            secrets: [apiKey, ...Object.values(options.headers ?? {})],
            ...(signal ? { signal } : {}),
          },
        );
        return { reply: readReply(value), requests: retries + 1 };
      } catch (cause) {
        if (signal?.aborted || (HttpError.is(cause) && cause.code === 'aborted')) throw aborted(cause, signal);
        const status = HttpError.is(cause) ? cause.status : undefined;
        const code = HttpError.is(cause) ? ` (${cause.code})` : '';
        throw new ExecRerankError('chat-request', `${(cause as Error).message}${code}`, {
          cause,
          ...(status === undefined ? {} : { status }),
        });
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
