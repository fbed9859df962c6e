/**
 * What a second stage's work cost so far (`@execret/rerankers`' `usage()`): the `usage` of a run manifest's
 * `two_stage_systems[]` entry (docs/formats.md).
 */
export interface RerankUsage {
  /** `rerank()` calls answered. */
  readonly calls: number;
  /** HTTP requests or forward passes made (retries excluded). */
  readonly requests: number;
  readonly retries: number;
  /** (query, document) pairs scored (cached pairs excluded). */
  readonly documents: number;
  /** Input tokens: the provider's counts when it reports them, else estimates. */
  readonly inputTokens: number;
  readonly tokensEstimated: boolean;
  /** Output tokens of chat models (0 for other methods). */
  readonly outputTokens: number;
  /** Cohere search units billed. */
  readonly searchUnits: number;
  /** Dollars at the list price, or `null` for an unpriced model. */
  readonly costUsd: number | null;
  /** Wall-clock seconds spent inside `rerank()`. */
  readonly seconds: number;
}
