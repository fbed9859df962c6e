import { type RetryOptions, requestWithRetry } from '@execret/http';
import { importRerankerDependency } from '../providers/common.js';
import type { ChatJudge } from './chat-judge.js';
import type { TokenLogprob } from './yes-probability.js';

/** Where and how the OpenAI-compatible chat endpoint is reached. */
export interface OpenAIJudgeOptions extends RetryOptions {
  apiKey?: string;
  /** Base URL including the version segment, e.g. `http://localhost:8000/v1` (default OpenAI's). */
  baseUrl?: string;
  headers?: Record<string, string>;
}

/** Default chat base URL (the CLI reads `EXECRET_OPENAI_COMPATIBLE_URL` for self-hosted chat models). */
export const DEFAULT_CHAT_BASE_URL = 'https://api.openai.com/v1';

/**
 * A {@link ChatJudge} over an OpenAI-compatible `POST /chat/completions`, through the `openai` SDK (loaded lazily;
 * SDK retries off, `@execret/http` retries): `temperature` from `params`, `max_tokens`, `logprobs` +
 * `top_logprobs: 5` when asked, `response_format: { type: 'json_schema', … }` for structured output.
 *
 * @example
 * const judge = await createOpenAIJudge('gpt-4.1-mini', 0, { apiKey: key }, '@execret/rerankers openai-compatible');
 */
export async function createOpenAIJudge(
  model: string,
  temperature: number,
  options: OpenAIJudgeOptions,
  label: string,
): Promise<ChatJudge> {
  const { default: OpenAI } = await importRerankerDependency('openai', 'openai-compatible', () => import('openai'));
  const secrets = [options.apiKey, ...Object.values(options.headers ?? {})];
  return async (request, signal) => {
    const { value, retries } = await requestWithRetry(
      async ({ fetch, signal: attemptSignal }) => {
        const client = new OpenAI({
          apiKey: options.apiKey ?? 'none',
          baseURL: options.baseUrl ?? DEFAULT_CHAT_BASE_URL,
          maxRetries: 0,
          timeout: (options.timeoutMs ?? 60_000) * 2,
          fetch: fetch as never,
          ...(options.headers === undefined ? {} : { defaultHeaders: options.headers }),
        });
        return client.chat.completions.create(
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
          { signal: attemptSignal },
        );
      },
      { ...options, label, secrets, signal },
    );
    const choice = value.choices?.[0];
    const text = typeof choice?.message?.content === 'string' ? choice.message.content : '';
    const first = choice?.logprobs?.content?.[0];
    const top: TokenLogprob[] | null =
      first === undefined
        ? null
        : [
            { token: first.token, logprob: first.logprob },
            ...(first.top_logprobs ?? []).map((t) => ({ token: t.token, logprob: t.logprob })),
          ];
    return {
      text,
      topLogprobs: top,
      inputTokens: value.usage?.prompt_tokens ?? null,
      outputTokens: value.usage?.completion_tokens ?? null,
      retries,
    };
  };
}
