import {
  createOpenAIApiClient,
  DEFAULT_OPENAI_BASE_URL,
  type OpenAIApiClient,
  type RetryOptions,
  readChatCompletion,
} from '@execret/http';
import type { ChatJudge } from './chat-judge.js';

/** Where and how the OpenAI-compatible chat endpoint is reached. */
export interface OpenAIJudgeOptions extends RetryOptions {
  apiKey?: string;
  /** Base URL including the version segment, e.g. `http://localhost:8000/v1` (default OpenAI's). */
  baseUrl?: string;
  headers?: Record<string, string>;
}

/**
 * Default chat base URL (the CLI reads `EXECRET_OPENAI_COMPATIBLE_URL` for self-hosted chat models).
 *
 * @deprecated `@execret/http`'s `DEFAULT_OPENAI_BASE_URL`, the one constant; kept for one release.
 */
export const DEFAULT_CHAT_BASE_URL = DEFAULT_OPENAI_BASE_URL;

/**
 * A {@link ChatJudge} over an OpenAI-compatible `POST /chat/completions` through `@execret/http`'s
 * `createOpenAIApiClient` (the `openai` SDK, loaded here; its retries, time limit and redaction): `temperature`
 * from `params`, `max_tokens`, `logprobs` + `top_logprobs: 5` when asked, `response_format: { type: 'json_schema',
 * … }` for structured output. A self-hosted server without a key gets `none`.
 *
 * @throws {HttpError} `missing-dependency` without the `openai` package
 * @example
 * const judge = await createOpenAIJudge('gpt-4.1-mini', 0, { apiKey: key }, '@execret/rerankers openai-compatible');
 */
export async function createOpenAIJudge(
  model: string,
  temperature: number,
  options: OpenAIJudgeOptions,
  label: string,
): Promise<ChatJudge> {
  const { apiKey, baseUrl, headers, ...retry } = options;
  const client: OpenAIApiClient = await createOpenAIApiClient({
    ...retry,
    label,
    apiKey: apiKey ?? 'none',
    baseURL: baseUrl ?? DEFAULT_CHAT_BASE_URL,
    ...(headers === undefined ? {} : { headers }),
  });
  return async (request, signal) => {
    const { completion, retries } = await client.complete(
      {
        model,
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
        temperature,
        max_tokens: request.maxTokens,
        ...(request.logprobs ? { logprobs: true, top_logprobs: 5 } : {}),
        ...(request.jsonSchema === undefined
          ? {}
          : {
              response_format: {
                type: 'json_schema' as const,
                json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true },
              },
            }),
      },
      signal,
    );
    const read = readChatCompletion(completion);
    return {
      text: read.content ?? '',
      topLogprobs: read.firstTokenLogprobs,
      inputTokens: read.promptTokens,
      outputTokens: read.completionTokens,
      retries,
    };
  };
}
