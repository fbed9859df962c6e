/**
 * Token and request accounting of one `embed()` call (or, summed, of an embedder's life; `@execret/embedders`): a
 * run manifest's `embedding[<model>].usage.query` and `.document`.
 */
export interface EmbedUsage {
  /** Texts embedded (rows returned, or rows served by the model for a cached wrapper). */
  readonly texts: number;
  /** Requests that returned vectors (hosted) or forward passes (local). */
  readonly requests: number;
  /** Attempts that failed and were retried. */
  readonly retries: number;
  /** Input tokens as counted by the provider, or estimated where it reports none. */
  readonly inputTokens: number;
  /** Whether any part of `inputTokens` is a client-side estimate. */
  readonly tokensEstimated: boolean;
  /** `inputTokens` times the registry price, or `null` when the model has no published price. */
  readonly costUsd: number | null;
}
