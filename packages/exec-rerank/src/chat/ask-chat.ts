import { canonicalJson, sha256Hex } from '@execret/formats';
import type { ChatMessage } from '@execret/rerankers/llm';
import type { ArtifactCache } from '../artifact-cache.js';
import { chatArtifactKey } from '../artifact-cache.js';
import type { ChatReply } from '../artifact-record.js';
import type { CostMeter } from '../cost-meter.js';
import type { ChatAudit } from '../types.js';
import type { ChatEndpoint } from './chat-endpoint.js';

/**
 * Sends `messages` to the chat model, or answers from the artifact cache (keyed by model and
 * `sha256Hex(canonicalJson(messages))`); a new reply is cached. Counts calls, requests and tokens. @internal
 */
export async function askChat(
  purpose: 'tests' | 'probe',
  model: string,
  messages: readonly ChatMessage[],
  endpoint: () => ChatEndpoint,
  cache: ArtifactCache | undefined,
  meter: CostMeter,
  signal: AbortSignal | undefined,
): Promise<{ reply: ChatReply; audit: ChatAudit }> {
  const promptSha256 = sha256Hex(canonicalJson(messages));
  const key = chatArtifactKey(model, promptSha256);
  const hit = cache?.chat(key);
  let reply: ChatReply;
  if (hit !== undefined) {
    reply = hit.reply;
    meter.chatCacheHits += 1;
  } else {
    const outcome = await endpoint().complete(messages, signal);
    reply = outcome.reply;
    meter.chatCalls += 1;
    meter.chatRequests += outcome.requests;
    meter.promptTokens += reply.promptTokens;
    meter.completionTokens += reply.completionTokens;
    cache?.put({ kind: 'chat', key, model, promptSha256, purpose, messages, reply });
  }
  return {
    reply,
    audit: {
      model,
      promptSha256,
      cached: hit !== undefined,
      refusal: reply.refusal,
      finishReason: reply.finishReason,
    },
  };
}
