import { describe, expect, it } from 'vitest';
import { padBatch, specialTokenLayout, truncateIds } from './token-batch.js';

describe('truncateIds', () => {
  it.each([
    [[101, 7, 8, 9, 102], 4, 1, [101, 7, 8, 102]],
    [[101, 7, 102], 4, 1, [101, 7, 102]],
    [[7, 8, 9, 151643], 3, 1, [7, 8, 151643]],
    [[7, 8, 9], 2, 0, [7, 8]],
    [[1, 2, 3], 1, 2, [3]],
  ])('cuts %j to %d tokens keeping %d trailing special tokens', (ids, max, suffix, expected) => {
    expect(truncateIds(ids, max, suffix)).toEqual(expected);
  });
});

describe('padBatch', () => {
  it.each([
    [false, [5, 6, 4, 7, 0, 0], [1, 1, 1, 1, 0, 0]],
    [true, [5, 6, 4, 0, 0, 7], [1, 1, 1, 0, 0, 1]],
  ])('pads to the longest sequence (left: %s)', (left, ids, mask) => {
    const out = padBatch([[5, 6, 4], [7]], 0, left);
    expect(out.length).toBe(3);
    expect(Array.from(out.ids, Number)).toEqual(ids);
    expect(Array.from(out.mask, Number)).toEqual(mask);
  });

  it('uses the pad id for padding', () => {
    expect(Array.from(padBatch([[1], [2, 3]], 9, false).ids, Number)).toEqual([1, 9, 2, 3]);
  });
});

describe('specialTokenLayout', () => {
  it.each([
    [(t: string, special: boolean) => (special ? [101, t.length, 102] : [t.length]), { prefix: 1, suffix: 1 }],
    [(t: string, special: boolean) => (special ? [t.length, 151643] : [t.length]), { prefix: 0, suffix: 1 }],
    [(t: string) => [t.length], { prefix: 0, suffix: 0 }],
  ])('finds how many special tokens surround the text (case %#)', (encode, expected) => {
    const tokenizer = {
      encode: (text: string, o?: { add_special_tokens?: boolean }) => encode(text, o?.add_special_tokens ?? true),
    };
    expect(specialTokenLayout(tokenizer)).toEqual(expected);
  });
});
