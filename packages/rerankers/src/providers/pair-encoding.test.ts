import { describe, expect, it } from 'vitest';
import { truncatePair } from './pair-encoding.js';

describe('truncatePair', () => {
  const pair = { inputIds: [2, 7, 3, 8, 9, 10, 3], tokenTypeIds: [0, 0, 0, 1, 1, 1, 1] };

  it('returns the pair unchanged when it fits', () => {
    expect(truncatePair(pair, [8, 9, 10], 7, 1)).toEqual(pair);
  });

  it('cuts the end of the document and keeps the final separator when the pair is too long', () => {
    expect(truncatePair(pair, [8, 9, 10], 5, 1)).toEqual({ inputIds: [2, 7, 3, 8, 3], tokenTypeIds: [0, 0, 0, 1, 1] });
  });

  it('cuts before the trailing special tokens when the document cannot absorb the cut', () => {
    expect(truncatePair(pair, [8, 9, 10], 3, 1)).toEqual({ inputIds: [2, 7, 3], tokenTypeIds: [0, 0, 1] });
  });

  it('locates the document as the last occurrence when the query repeats its tokens', () => {
    const repeated = { inputIds: [2, 8, 9, 3, 8, 9, 3], tokenTypeIds: [0, 0, 0, 0, 1, 1, 1] };
    expect(truncatePair(repeated, [8, 9], 6, 1).inputIds).toEqual([2, 8, 9, 3, 8, 3]);
  });
});
