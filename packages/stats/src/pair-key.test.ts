import { describe, expect, it } from 'vitest';
import { compareSystems } from './compare-systems.js';
import { pairKey } from './pair-key.js';

describe('pairKey', () => {
  it.each([
    ['bm25', 'dense', 'bm25 vs dense', false],
    ['dense', 'bm25', 'bm25 vs dense', true],
    ['bm25>>exec/consensus', 'bm25', 'bm25 vs bm25>>exec/consensus', true],
    // Code-point order, not UTF-16 order: U+FF5E sorts before U+1F600 although its code unit is larger.
    ['\u{1F600}', '\uFF5E', '\uFF5E vs \u{1F600}', true],
  ])('orders %s and %s as %s when given in that order', (a, b, key, swapped) => {
    expect(pairKey(a, b)).toEqual({ key, swapped });
  });

  it('names exactly the keys compareSystems writes when every pair is looked up', () => {
    const scores = { zeta: { 'exec@1': [1, 0] }, alpha: { 'exec@1': [0, 1] }, mid: { 'exec@1': [1, 1] } };
    const { pairwise } = compareSystems(scores, { resamples: 10 });
    const names = Object.keys(scores);
    const looked = names.flatMap((a, i) => names.slice(i + 1).map((b) => pairKey(b, a).key)).sort();
    expect(looked).toEqual(Object.keys(pairwise).sort());
  });
});
