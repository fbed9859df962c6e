import type { ChatMessage } from './prompts.js';
import type { TokenLogprob } from './yes-probability.js';

/** What one chat call asks for. */
export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  /** Most tokens to generate. */
  readonly maxTokens: number;
  /** Ask for the first token's top log-probabilities. */
  readonly logprobs: boolean;
  /** A JSON schema for structured output (`response_format: json_schema`), or `undefined` for free text. */
  readonly jsonSchema?: { readonly name: string; readonly schema: Record<string, unknown> };
}

/** One chat answer. */
export interface ChatAnswer {
  readonly text: string;
  /** Top log-probabilities of the first generated token, or `null` when the endpoint gave none. */
  readonly topLogprobs: readonly TokenLogprob[] | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  /** Retries the call needed. */
  readonly retries: number;
}

/** A chat model as the LLM rankers see it (an OpenAI-compatible endpoint, or a stub in tests). */
export type ChatJudge = (request: ChatRequest, signal: AbortSignal) => Promise<ChatAnswer>;
