/** Default bytes of UTF-8 per token used to estimate token counts client-side. */
export const DEFAULT_BYTES_PER_TOKEN = 3;

/**
 * Estimated token count of `text`: `ceil(utf8Bytes / bytesPerToken)`, at least 1. Used only to keep
 * requests under token caps and to report usage where the provider reports none.
 *
 * @example
 * estimateTokens('def add(a, b): return a + b'); // 9 (27 bytes / 3)
 */
export function estimateTokens(text: string, bytesPerToken = DEFAULT_BYTES_PER_TOKEN): number {
  if (!(bytesPerToken > 0)) throw new RangeError(`bytesPerToken must be > 0, received ${bytesPerToken}`);
  return Math.max(1, Math.ceil(Buffer.byteLength(text, 'utf8') / bytesPerToken));
}

/**
 * Splits `tokens.length` consecutive texts into batches, greedily in order: a batch closes when it holds
 * `maxBatch` texts or when the next text would push its estimated tokens over `maxTokensPerRequest`.
 * A text above the token cap on its own gets a batch of its own. Returns `[start, end)` index pairs.
 *
 * @example
 * planBatches([5, 5, 5, 5, 5], 2, null); // [[0, 2], [2, 4], [4, 5]]
 * planBatches([4, 4, 4, 9], 10, 10); // [[0, 2], [2, 3], [3, 4]]
 */
export function planBatches(
  tokens: readonly number[],
  maxBatch: number,
  maxTokensPerRequest: number | null,
): Array<[number, number]> {
  if (!Number.isInteger(maxBatch) || maxBatch < 1)
    throw new RangeError(`maxBatch must be an integer >= 1, received ${maxBatch}`);
  const batches: Array<[number, number]> = [];
  let start = 0;
  let sum = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as number;
    const full = i - start >= maxBatch || (maxTokensPerRequest !== null && i > start && sum + t > maxTokensPerRequest);
    if (full) {
      batches.push([start, i]);
      start = i;
      sum = 0;
    }
    sum += t;
  }
  if (start < tokens.length) batches.push([start, tokens.length]);
  return batches;
}
