/** Token ids of one (query, document) pair as the model receives them. */
export interface PairEncoding {
  readonly inputIds: number[];
  readonly tokenTypeIds: number[];
}

/**
 * Cuts a pair encoding to `maxLength` tokens the way Hugging Face's `only_second` truncation does: tokens are
 * removed from the end of the document segment (located as the last occurrence of `documentIds`, the document
 * encoded without special tokens), so the query and every special token ([SEP], `</s>`) are kept. When the
 * document cannot absorb the cut (the query alone is too long), or it cannot be located, the sequence is cut
 * before its last `suffix` tokens instead (so the final special tokens stay).
 *
 * @example
 * truncatePair({ inputIds: [2, 7, 3, 8, 9, 10, 3], tokenTypeIds: [0, 0, 0, 1, 1, 1, 1] }, [8, 9, 10], 5, 1);
 * // { inputIds: [2, 7, 3, 8, 3], tokenTypeIds: [0, 0, 0, 1, 1] }
 */
export function truncatePair(
  encoding: PairEncoding,
  documentIds: readonly number[],
  maxLength: number,
  suffix: number,
): PairEncoding {
  const { inputIds, tokenTypeIds } = encoding;
  const excess = inputIds.length - maxLength;
  if (excess <= 0) return { inputIds: [...inputIds], tokenTypeIds: [...tokenTypeIds] };
  const n = documentIds.length;
  let at = -1;
  for (let p = inputIds.length - n; p >= 0 && n > 0; p--) {
    if (documentIds.every((id, k) => inputIds[p + k] === id)) {
      at = p;
      break;
    }
  }
  if (at >= 0 && excess < n) {
    const cutFrom = at + n - excess;
    const keep = (_: number, i: number) => i < cutFrom || i >= at + n;
    return { inputIds: inputIds.filter(keep), tokenTypeIds: tokenTypeIds.filter(keep) };
  }
  const tail = Math.min(suffix, maxLength);
  const keep = (_: number, i: number) => i < maxLength - tail || i >= inputIds.length - tail;
  return { inputIds: inputIds.filter(keep), tokenTypeIds: tokenTypeIds.filter(keep) };
}
