import type { ExecutionCacheRecord } from '@execret/formats';
import type { ChatMessage } from '@execret/rerankers/llm';
import type { ProbeCall } from './probe-call.js';

/** A chat model's reply, as far as the rerankers use it. */
export interface ChatReply {
  readonly content: string | null;
  readonly refusal: string | null;
  readonly finishReason: string | null;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** `model` as the endpoint reported it. */
  readonly responseModel: string | null;
}

/** A chat request and its reply, keyed by model and prompt hash (see `chatArtifactKey`). */
export interface ChatArtifact {
  readonly kind: 'chat';
  readonly key: string;
  /** The model id sent to the endpoint. */
  readonly model: string;
  /** `sha256Hex(canonicalJson(messages))`. */
  readonly promptSha256: string;
  /** `tests` (exec/tests) or `probe` (exec/probe). */
  readonly purpose: 'tests' | 'probe';
  /** Everything the model was told (query and signatures only, never a benchmark test). */
  readonly messages: readonly ChatMessage[];
  readonly reply: ChatReply;
}

/** Generated inputs, keyed by generator version, seed, count and the code hashes of the group they probe. */
export interface InputsArtifact {
  readonly kind: 'inputs';
  readonly key: string;
  readonly generator: string;
  readonly seed: number;
  readonly count: number;
  /** `codeSha256` of the candidates whose signature and literals the inputs were generated from, in input order. */
  readonly snippets: readonly string[];
  readonly calls: readonly ProbeCall[];
}

/** One execution: a snippet, by hash, run against one list of tests, by hash. */
export interface ExecutionArtifact {
  readonly kind: 'execution';
  /** `<code_sha256>:<tests_sha256>`. */
  readonly key: string;
  readonly execution: ExecutionCacheRecord;
}

/** One line of the artifact cache. */
export type ArtifactRecord = ChatArtifact | InputsArtifact | ExecutionArtifact;
