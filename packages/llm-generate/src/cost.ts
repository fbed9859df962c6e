import type { ChatPrice } from '@execret/formats';
import type { TokenUsage } from './client.js';

/** Price of a model in US dollars per million tokens (formats' `ChatPrice`), and its Batch API discount. */
export interface TokenPrice extends ChatPrice {
  /** Multiplier for tokens spent through the Batch API (default {@link DEFAULT_BATCH_PRICE_FACTOR}). */
  batchFactor?: number;
}

/** The Batch API's usual discount: half the synchronous price. */
export const DEFAULT_BATCH_PRICE_FACTOR = 0.5;

/** Tokens split by how they were spent. */
export interface UsageBySource {
  chat: TokenUsage;
  batch: TokenUsage;
}

/**
 * Estimated cost in USD:
 * `(chat.prompt · in + chat.completion · out + batchFactor · (batch.prompt · in + batch.completion · out)) / 1e6`.
 * Cached-prompt discounts are not modelled (the estimate is an upper bound for them). Throws
 * `RangeError` for negative or non-finite prices.
 *
 * @example
 * estimateCostUsd(
 *   { chat: { promptTokens: 1_000_000, completionTokens: 100_000 }, batch: { promptTokens: 2_000_000, completionTokens: 0 } },
 *   { inputUsdPerMillion: 0.25, outputUsdPerMillion: 2 },
 * ) // 0.25 + 0.2 + 0.5 × 0.5 = 0.7
 */
export function estimateCostUsd(usage: UsageBySource, price: TokenPrice): number {
  const factor = price.batchFactor ?? DEFAULT_BATCH_PRICE_FACTOR;
  for (const [name, value] of [
    ['inputUsdPerMillion', price.inputUsdPerMillion],
    ['outputUsdPerMillion', price.outputUsdPerMillion],
    ['batchFactor', factor],
  ] as const) {
    if (!Number.isFinite(value) || value < 0)
      throw new RangeError(
        `@execret/llm-generate estimateCostUsd: ${name} must be a non-negative number, received ${value}`,
      );
  }
  const cost = (u: TokenUsage): number =>
    u.promptTokens * price.inputUsdPerMillion + u.completionTokens * price.outputUsdPerMillion;
  return (cost(usage.chat) + factor * cost(usage.batch)) / 1e6;
}
