/**
 * Prices of a chat model in US dollars per million tokens, the one spelling every package takes:
 * `costUsd = (prompt × inputUsdPerMillion + completion × outputUsdPerMillion) / 1e6`.
 */
export interface ChatPrice {
  /** USD per 1M prompt (input) tokens. */
  readonly inputUsdPerMillion: number;
  /** USD per 1M completion (output, reasoning included) tokens. */
  readonly outputUsdPerMillion: number;
}
