import type { ChatEndpointOptions } from './chat-endpoint.js';

/**
 * The chat settings that change a reply, as they appear in an LLM reranker's `info.params` (hashed into its
 * `configHash`), with what is sent when they are not set: no temperature, no completion limit, no JSON mode.
 * The endpoint's address, key, headers and retries are not among them. @internal
 *
 * @example
 * chatParams({ temperature: 0 }); // { temperature: 0, maxCompletionTokens: null, jsonMode: false }
 */
export function chatParams(
  options: Pick<ChatEndpointOptions, 'temperature' | 'maxCompletionTokens' | 'jsonMode'>,
): Readonly<Record<string, unknown>> {
  return {
    temperature: options.temperature ?? null,
    maxCompletionTokens: options.maxCompletionTokens ?? null,
    jsonMode: options.jsonMode ?? false,
  };
}
