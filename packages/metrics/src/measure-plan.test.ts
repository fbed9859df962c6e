import { describe, expect, it } from 'vitest';
import { MetricsError } from './errors.js';
import { EXEC, GAP, MRR, NDCG, planMeasures } from './measure-plan.js';

describe('planMeasures', () => {
  it('resolves kinds and cutoffs, and takes maxK from every measure but mrr, when given a mixed list', () => {
    const plan = planMeasures(['exec@3', 'ndcg@10', 'exec_ndcg_gap@5', 'mrr@100', 'mrr']);
    expect(plan.keys).toEqual(['exec@3', 'ndcg@10', 'exec_ndcg_gap@5', 'mrr@100', 'mrr']);
    expect([...plan.kinds]).toEqual([EXEC, NDCG, GAP, MRR, MRR]);
    expect([...plan.cutoffs]).toEqual([3, 10, 5, 100, Number.POSITIVE_INFINITY]);
    expect(plan).toMatchObject({ count: 5, maxK: 10, wantRr: true, wantIdcg: true });
  });

  it('needs neither the first passing document nor nDCG when only exec and precision are asked for', () => {
    expect(planMeasures(['exec@1', 'precision@5'])).toMatchObject({ maxK: 5, wantRr: false, wantIdcg: false });
  });

  it('throws duplicate-measure when an alias names a measure already listed', () => {
    let caught: unknown;
    try {
      planMeasures(['execution_precision@5', 'precision@5']);
    } catch (error) {
      caught = error;
    }
    expect(MetricsError.is(caught) && caught.code).toBe('duplicate-measure');
  });

  it('throws RangeError when the list is empty and TypeError when it is not an array', () => {
    expect(() => planMeasures([])).toThrow(RangeError);
    expect(() => planMeasures('exec@1' as unknown as string[])).toThrow(TypeError);
  });
});
