import { describe, expect, it } from 'vitest';
import { compareSystems } from './compare-systems.js';
import { pairKey } from './pair-key.js';
import { parsePairKey } from './parse-pair-key.js';

describe('parsePairKey', () => {
  it.each([
    ['bm25 vs dense', { a: 'bm25', b: 'dense' }],
    ['bm25 vs bm25>>exec/consensus', { a: 'bm25', b: 'bm25>>exec/consensus' }],
    ['bm25>>exec/consensus vs my_model #2 & 50%', { a: 'bm25>>exec/consensus', b: 'my_model #2 & 50%' }],
    // The first ordered split: 'a vs b' < 'c' but 'a' < 'b vs c' comes first.
    ['a vs b vs c', { a: 'a', b: 'b vs c' }],
    // 'x vs a' is not ordered, 'x vs a' < 'z' is.
    ['x vs a vs z', { a: 'x vs a', b: 'z' }],
  ])('reads %s as its two systems when it is a key', (key, parsed) => {
    expect(parsePairKey(key)).toEqual(parsed);
  });

  it.each([['bm25'], ['dense vs bm25'], ['a vs a'], ['']])('returns undefined when %j is not a pair key', (key) => {
    expect(parsePairKey(key)).toBeUndefined();
  });

  it('inverts pairKey when the names hold no " vs ", for every key compareSystems writes', () => {
    const scores = { zeta: { 'exec@1': [1, 0] }, alpha: { 'exec@1': [0, 1] }, 'bm25>>x': { 'exec@1': [1, 1] } };
    const { pairwise } = compareSystems(scores, { resamples: 10 });
    for (const key of Object.keys(pairwise)) {
      const parsed = parsePairKey(key)!;
      expect(pairKey(parsed.a, parsed.b)).toEqual({ key, swapped: false });
    }
  });
});
