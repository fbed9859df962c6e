export interface ChatCompletionOptions {
  /** The model the answer names. */
  model: string;
  /** Token counts the answer reports (`total_tokens` is their sum). */
  usage: { promptTokens: number; completionTokens: number };
  /** Default `'chatcmpl-1'`. */
  id?: string;
  /** Unix seconds; default 1,700,000,000. */
  created?: number;
  /** Default `'stop'` (`'length'` for a truncated answer). */
  finishReason?: string;
  /** The model's refusal text; default `null`. */
  refusal?: string | null;
  /** The choice's `logprobs` (`{ content: [{ token, logprob, top_logprobs }] }`); default `null`. */
  logprobs?: unknown;
}

/**
 * The body of an OpenAI-compatible `chat.completion` answer with one choice whose message is `content` (`null` for
 * a refusal).
 *
 * @example
 * chatCompletionResponse('yes', { model: 'm', usage: { promptTokens: 50, completionTokens: 1 } });
 * // { id: 'chatcmpl-1', object: 'chat.completion', created: 1700000000, model: 'm',
 * //   choices: [{ index: 0, message: { role: 'assistant', content: 'yes', refusal: null }, finish_reason: 'stop', logprobs: null }],
 * //   usage: { prompt_tokens: 50, completion_tokens: 1, total_tokens: 51 } }
 */
export function chatCompletionResponse(
  content: string | null,
  options: ChatCompletionOptions,
): Record<string, unknown> {
  const { promptTokens, completionTokens } = options.usage;
  return {
    id: options.id ?? 'chatcmpl-1',
    object: 'chat.completion',
    created: options.created ?? 1_700_000_000,
    model: options.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: options.refusal ?? null },
        finish_reason: options.finishReason ?? 'stop',
        logprobs: options.logprobs ?? null,
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}
