import type { ChatCompletionLike } from './openai-client.js';

/** A token and its log-probability. */
interface TokenLogprob {
  readonly token: string;
  readonly logprob: number;
}

/** A chat completion reduced to what execret uses ({@link readChatCompletion}). */
export interface ChatCompletionResult {
  /** The first choice's text, or `null`. */
  readonly content: string | null;
  /** The first choice's refusal, or `null`. */
  readonly refusal: string | null;
  readonly finishReason: string | null;
  /** Prompt tokens the endpoint reported, or `null` when it reported none (or not a count). */
  readonly promptTokens: number | null;
  /** Completion tokens the endpoint reported, or `null`. */
  readonly completionTokens: number | null;
  /** `model` and `id` as the endpoint reported them. */
  readonly responseModel: string | null;
  readonly responseId: string | null;
  /** The first generated token and its top alternatives (when `logprobs` was asked), or `null`. */
  readonly firstTokenLogprobs: readonly TokenLogprob[] | null;
}

/**
 * Reduces a chat completion (from the SDK, a batch output line or any compatible server) to
 * {@link ChatCompletionResult}: the first choice's content, refusal and finish reason, the token counts (`null`
 * unless a finite count ≥ 0), the reported model and id, and the first token's log-probability followed by its top
 * alternatives. Tolerant: anything missing or of the wrong type reads as `null`.
 *
 * @example
 * readChatCompletion({ choices: [{ message: { content: '{}' }, finish_reason: 'stop' }], usage: { prompt_tokens: 9 } });
 * // { content: '{}', refusal: null, finishReason: 'stop', promptTokens: 9, completionTokens: null,
 * //   responseModel: null, responseId: null, firstTokenLogprobs: null }
 */
export function readChatCompletion(completion: ChatCompletionLike): ChatCompletionResult {
  const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
  const count = (n: unknown): number | null => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null);
  const text = (s: unknown): string | null => (typeof s === 'string' ? s : null);
  const first = choice?.logprobs?.content?.[0];
  return {
    content: text(choice?.message?.content),
    refusal: text(choice?.message?.refusal),
    finishReason: text(choice?.finish_reason),
    promptTokens: count(completion?.usage?.prompt_tokens),
    completionTokens: count(completion?.usage?.completion_tokens),
    responseModel: text(completion?.model),
    responseId: text(completion?.id),
    firstTokenLogprobs:
      first === undefined
        ? null
        : [
            { token: first.token, logprob: first.logprob },
            ...(first.top_logprobs ?? []).map((t) => ({ token: t.token, logprob: t.logprob })),
          ],
  };
}
