/**
 * Token-id preparation for local models (`local/*`): where a tokenizer puts its special tokens, truncation
 * that keeps the trailing ones, and padding of a batch on either side. Internal to the transformers provider.
 */

/** The part of a transformers.js tokenizer these helpers use. */
export interface TokenizerLike {
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  readonly pad_token_id?: number;
  readonly model_max_length?: number;
}

/**
 * How many special tokens the tokenizer puts before and after a text, found by encoding a probe with
 * and without them (BERT: 1 and 1, Qwen3: 0 and 1 when its post-processor appends `<|endoftext|>`).
 * A tokenizer whose output does not contain the plain encoding gets `{ prefix: 0, suffix: 0 }`.
 *
 * @example
 * specialTokenLayout({ encode: (t, o) => (o?.add_special_tokens === false ? [7] : [101, 7, 102]) });
 * // { prefix: 1, suffix: 1 }
 */
export function specialTokenLayout(tokenizer: TokenizerLike): { prefix: number; suffix: number } {
  const probe = 'a';
  const withSpecial = tokenizer.encode(probe);
  const plain = tokenizer.encode(probe, { add_special_tokens: false });
  for (let at = 0; at + plain.length <= withSpecial.length; at++) {
    if (plain.every((id, k) => withSpecial[at + k] === id)) {
      return { prefix: at, suffix: withSpecial.length - at - plain.length };
    }
  }
  return { prefix: 0, suffix: 0 };
}

/**
 * Truncates token ids the way Hugging Face tokenizers do for a single sequence: the text is cut, the
 * trailing special tokens (`suffix` of them) are kept. transformers.js alone would cut them off.
 *
 * @example
 * truncateIds([101, 7, 8, 9, 102], 4, 1); // [101, 7, 8, 102]
 */
export function truncateIds(ids: readonly number[], maxTokens: number, suffix: number): number[] {
  if (ids.length <= maxTokens) return [...ids];
  const keepTail = Math.min(suffix, maxTokens);
  return [...ids.slice(0, maxTokens - keepTail), ...ids.slice(ids.length - keepTail)];
}

/**
 * Pads sequences to the longest one, on the left or the right, with `padId`; returns row-major int64 ids,
 * the attention mask (1 for real tokens) and the padded length.
 *
 * @example
 * padBatch([[5, 6], [7]], 0, true); // ids [5, 6, 0, 7], mask [1, 1, 0, 1], length 2
 */
export function padBatch(
  sequences: readonly (readonly number[])[],
  padId: number,
  padLeft: boolean,
): { ids: BigInt64Array; mask: BigInt64Array; length: number } {
  const length = Math.max(0, ...sequences.map((s) => s.length));
  const ids = new BigInt64Array(sequences.length * length).fill(BigInt(padId));
  const mask = new BigInt64Array(sequences.length * length);
  sequences.forEach((seq, r) => {
    const offset = r * length + (padLeft ? length - seq.length : 0);
    seq.forEach((id, k) => {
      ids[offset + k] = BigInt(id);
      mask[offset + k] = 1n;
    });
  });
  return { ids, mask, length };
}
