import { describe, expect, it } from 'vitest';
import { orientedComparison } from './oriented-comparison.js';

const PAIRWISE = {
  'bm25 vs bm25>>x/y': {
    'exec@1': {
      a_only: 1,
      b_only: 3,
      both: 1,
      neither: 0,
      a_rate: 0.4,
      b_rate: 0.8,
      delta: -0.4,
      mcnemar_exact_p: 0.625,
      mcnemar_exact_p_holm: 1,
      bootstrap_ci_95: [-0.8, 0.2],
    },
    'ndcg@1': { bootstrap_ci_95: [-0.1, 0.1] },
  },
};

describe('orientedComparison', () => {
  it('turns the pairwise delta and interval round when the system sorts after the other', () => {
    expect(orientedComparison(PAIRWISE, 'bm25>>x/y', 'bm25', 'exec@1')).toEqual({
      delta: 0.4,
      ci95: [-0.2, 0.8],
      mcnemarP: 0.625,
      mcnemarPHolm: 1,
    });
  });

  it('keeps the pairwise delta when the system sorts first, and is undefined for a missing or non-binary cell', () => {
    expect(orientedComparison(PAIRWISE, 'bm25', 'bm25>>x/y', 'exec@1')).toEqual({
      delta: -0.4,
      ci95: [-0.8, 0.2],
      mcnemarP: 0.625,
      mcnemarPHolm: 1,
    });
    expect(orientedComparison(PAIRWISE, 'bm25>>x/y', 'bm25', 'exec@3')).toBeUndefined();
    expect(orientedComparison(PAIRWISE, 'bm25>>x/y', 'bm25', 'ndcg@1')).toBeUndefined();
    expect(orientedComparison(PAIRWISE, 'bm25', 'dense', 'exec@1')).toBeUndefined();
  });
});
