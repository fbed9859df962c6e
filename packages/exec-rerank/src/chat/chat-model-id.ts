/** A chat model as `execret generate` and the embedders name providers: `openai/<model>` or `openai-compatible/<model>`. */
export interface ChatModelId {
  readonly provider: 'openai' | 'openai-compatible';
  /** The model id sent to the endpoint (may contain `/`, e.g. `Qwen/Qwen3-32B`). */
  readonly model: string;
}

/**
 * Reads `openai/<model>` or `openai-compatible/<model>`; `null` for anything else.
 *
 * @example
 * parseChatModelId('openai/gpt-5-mini');                  // { provider: 'openai', model: 'gpt-5-mini' }
 * parseChatModelId('openai-compatible/Qwen/Qwen3-32B');   // { provider: 'openai-compatible', model: 'Qwen/Qwen3-32B' }
 * parseChatModelId('cohere/command-r');                   // null
 */
export function parseChatModelId(id: string): ChatModelId | null {
  const m = /^(openai|openai-compatible)\/(\S.*)$/.exec(id);
  if (m === null) return null;
  return { provider: m[1] as ChatModelId['provider'], model: (m[2] as string).trim() };
}
