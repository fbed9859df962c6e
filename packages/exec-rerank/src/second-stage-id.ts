import { type ChatModelId, parseChatModelId } from './chat/chat-model-id.js';

/**
 * A second stage's id read once: a model reranker of `@execret/rerankers`' registry (`model`, not looked up here),
 * an execution reranker without a chat model (`consensus`, `random-clone`), or one with its chat model (`tests`,
 * `probe`: `exec/tests@<provider>/<model>` with provider `openai` or `openai-compatible`).
 */
export type SecondStageIdParts =
  | { readonly kind: 'model'; readonly id: string }
  | { readonly kind: 'consensus' | 'random-clone'; readonly id: string }
  | { readonly kind: 'tests' | 'probe'; readonly id: string; readonly chat: ChatModelId };

/**
 * The one reader of the second-stage id grammar: `exec/consensus`, `exec/random-clone`, `exec/tests@<chat model>`,
 * `exec/probe@<chat model>`, and any id outside `exec/` as a model reranker's. `null` for an `exec/…` id that names
 * no execution reranker (an unknown one, or a chat model outside `openai/…` and `openai-compatible/…`).
 *
 * @example
 * parseSecondStageId('exec/probe@openai/gpt-5-mini'); // { kind: 'probe', id, chat: { provider: 'openai', model: 'gpt-5-mini' } }
 * parseSecondStageId('cohere/rerank-v3.5');           // { kind: 'model', id: 'cohere/rerank-v3.5' }
 * parseSecondStageId('exec/tests@anthropic/claude');  // null
 */
export function parseSecondStageId(id: string): SecondStageIdParts | null {
  if (!id.startsWith('exec/')) return { kind: 'model', id };
  if (id === 'exec/consensus') return { kind: 'consensus', id };
  if (id === 'exec/random-clone') return { kind: 'random-clone', id };
  const m = /^exec\/(tests|probe)@(.+)$/.exec(id);
  const chat = m === null ? null : parseChatModelId(m[2] as string);
  if (m === null || chat === null) return null;
  return { kind: m[1] as 'tests' | 'probe', id, chat };
}
