import type { ModelWeights, RerankUsage } from '@execret/formats';
import type { ProviderAccess } from '@execret/http';

export type { RerankUsage } from '@execret/formats';

/** Who computes the scores. */
export type RerankerProvider =
  | 'transformers'
  | 'cohere'
  | 'voyage'
  | 'jina'
  | 'mixedbread'
  | 'tei'
  | 'vllm'
  | 'openai-compatible'
  | 'fusion';

/**
 * How a score is computed:
 * - `cross-encoder` — a sequence-classification head over the (query, document) pair; rawScore = its logit.
 * - `yes-no` — a causal LM asked whether the document answers the query; score = P("yes") from the "yes" and
 *   "no" logits (or log-probabilities), rawScore = logit("yes") − logit("no").
 * - `rerank-api` — a hosted or self-hosted rerank endpoint; rawScore = its relevance score.
 * - `llm-pointwise` — a chat model judges each pair on its own (yes/no).
 * - `llm-listwise` — a chat model orders a window of candidates (RankGPT sliding window).
 * - `llm-pairwise` — a chat model compares two candidates, in both orders.
 * - `reciprocal-rank-fusion`, `interpolation`, `cascade` — combinations of other rankings.
 */
export type RerankMethod =
  | 'cross-encoder'
  | 'yes-no'
  | 'rerank-api'
  | 'llm-pointwise'
  | 'llm-listwise'
  | 'llm-pairwise'
  | 'reciprocal-rank-fusion'
  | 'interpolation'
  | 'cascade';

/** Numeric precision the model runs at (`provider` when the API does not say). */
export type RerankerDtype = 'fp32' | 'fp16' | 'bf16' | 'q8' | 'provider';

/**
 * How over-long inputs are handled:
 * - `end` — this library cuts the document's tokens at the end (the query is kept whole) to fit `maxLength`;
 * - `provider` — the provider truncates, by its documented rule (see the entry's notes and sources);
 * - `none` — nothing is truncated (an over-long input is the provider's error).
 */
export type RerankerTruncation = 'end' | 'provider' | 'none';

/** Published list price. */
export interface RerankerPrice {
  /** Dollars per million input tokens (Voyage, Jina, Mixedbread), or `null`. */
  readonly usdPerMillionTokens: number | null;
  /** Dollars per search unit (Cohere: one query with up to 100 documents), or `null`. */
  readonly usdPerSearchUnit: number | null;
  /** Month the price was read (`YYYY-MM`). */
  readonly asOf: string;
}

/**
 * One registry entry: everything that determines the scores, plus request caps, price and the source of every
 * setting. Settings that change scores enter `configHash` (see `HASHED_SETTINGS`).
 */
export interface RerankerConfig {
  /** Registry id, `<provider>/<name>`, e.g. `cohere/rerank-v3.5`. */
  readonly id: string;
  readonly provider: RerankerProvider;
  /**
   * What the provider needs before use: a key (`api-key`, with the variable the CLI reads it from), a server's base
   * URL (`server`), or nothing (`local`). Every registry entry has it; it is not part of `info` (nor of result files).
   */
  readonly access?: ProviderAccess;
  readonly method: RerankMethod;
  /** Model name as the provider knows it (API model name, or Hugging Face repository id for local models). */
  readonly model: string;
  /** Hugging Face revision (commit or branch) for local models; `null` = the provider's current model. */
  readonly revision: string | null;
  /** Instruction or prompt text the model receives besides query and document; `null` when there is none. */
  readonly instruction: string | null;
  readonly truncation: RerankerTruncation;
  /** Longest (query, document) input in tokens, or `null` when the provider publishes none. */
  readonly maxLength: number | null;
  readonly dtype: RerankerDtype;
  /** Most documents in one request (documented limit), or `null` for no limit. */
  readonly maxDocumentsPerRequest: number | null;
  /** Most estimated tokens in one request (documented limit), or `null`. */
  readonly maxTokensPerRequest: number | null;
  /** `true` when a candidate's score does not depend on the other candidates (so scores can be cached per pair). */
  readonly pointwise: boolean;
  /** Method-specific settings that change scores (window size, fusion k, component hashes, ...). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly price: RerankerPrice | null;
  /** Setting name → URL of the model card or API page it was read from (`model` at least). */
  readonly sources: Readonly<Record<string, string>>;
  /** Anything a user should know (how to serve it, what the provider does on its side). */
  readonly notes?: string;
}

/** A configuration with its hash: what `reranker.info` holds (no keys, no URLs). */
export interface RerankerInfo extends Omit<RerankerConfig, 'access'> {
  /** SHA-256 of the canonical JSON of the hashed settings; enters score-cache keys and result files. */
  readonly configHash: string;
  /**
   * Which weights a local cross-encoder loaded (`@execret/formats`' `ModelWeights`: every file's size and SHA-256,
   * one digest, the folder's `weights.json` source when it has one), hashed once when it is created; `null` for
   * rerankers that run elsewhere, combinations, and a description made without loading (`describeReranker`).
   */
  readonly weights: ModelWeights | null;
}

/** One reranked candidate. */
export interface RerankHit {
  /** Position of the candidate in the input array (0-based; the input order is the first stage's order). */
  readonly index: number;
  /** The number the ranking sorts by, higher is better (see each method for its scale). */
  readonly score: number;
  /** The backend's own number before any transformation (logit, API relevance score, list position, ...). */
  readonly rawScore: number;
}

/** Options of `rerank()`. */
export interface RerankOptions {
  /** Return only the best `topN` hits (default: all candidates). Every candidate is scored either way. */
  topN?: number;
  signal?: AbortSignal;
  /**
   * The first stage's scores, aligned with the candidates (higher is better). Only score interpolation needs
   * them; other methods ignore them.
   */
  firstStageScores?: readonly number[];
}

/** A second-stage ranker. */
export interface Reranker {
  /** Configuration and hash, readable without IO. */
  readonly info: RerankerInfo;
  /**
   * Scores every candidate against `query` and returns hits best first (ties keep first-stage order, that is
   * the lower input index first), at most `topN` of them.
   */
  rerank(query: string, candidates: readonly string[], options?: RerankOptions): Promise<RerankHit[]>;
  /** Usage summed over every call so far. */
  usage(): RerankUsage;
  /** Releases models and connections; later `rerank()` calls throw `TypeError`. */
  close(): Promise<void>;
}
