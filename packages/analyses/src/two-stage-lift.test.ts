import { describe, expect, it } from 'vitest';
import { twoStageLift } from './two-stage-lift.js';

describe('twoStageLift', () => {
  it('reports means, deltas, ceiling, headroom and helped/hurt/missed queries when values are binary', () => {
    const lift = twoStageLift({
      firstStage: { 'exec@1': [0, 1, 0, 0, 1], 'exec@10': [1, 1, 1, 0, 1] },
      twoStage: { 'exec@1': [1, 0, 1, 0, 1], 'exec@10': [1, 1, 1, 0, 1] },
      ceiling: [1, 1, 1, 0, 1],
    });
    expect(lift.queries).toBe(5);
    expect(lift.measure).toBe('exec@1');
    expect(lift.measures['exec@1']).toEqual({ firstStage: 0.4, twoStage: 0.6, delta: expect.closeTo(0.2, 12) });
    expect(lift.measures['exec@10']).toEqual({ firstStage: 0.8, twoStage: 0.8, delta: 0 });
    expect(lift.ceiling).toBe(0.8);
    expect(lift.headroom).toBeCloseTo(0.4, 12);
    expect(lift.headroomClosed).toBeCloseTo(0.5, 12);
    expect(lift.helped).toEqual([0, 2]);
    expect(lift.hurt).toEqual([1]);
    expect(lift.missed).toEqual([1]);
  });

  it('counts fractional (tie-aware expected) values as helped or hurt by their sign when values are not binary', () => {
    const lift = twoStageLift({
      firstStage: { 'exec@1': [0.5, 0.25, 1] },
      twoStage: { 'exec@1': [1, 0, 1] },
      ceiling: [1, 1, 1],
    });
    expect(lift.helped).toEqual([0]);
    expect(lift.hurt).toEqual([1]);
    expect(lift.missed).toEqual([1]);
  });

  it('returns NaN for the headroom closed when the first stage is already at the ceiling', () => {
    const lift = twoStageLift({ firstStage: { 'exec@1': [1, 0] }, twoStage: { 'exec@1': [1, 0] }, ceiling: [1, 0] });
    expect(lift.headroom).toBe(0);
    expect(lift.headroomClosed).toBeNaN();
    expect(lift.helped).toEqual([]);
    expect(lift.hurt).toEqual([]);
  });

  it('compares only the measures both inputs have when their keys differ', () => {
    const lift = twoStageLift({
      firstStage: { 'exec@1': [0], 'ndcg@10': [0.5] },
      twoStage: { 'exec@1': [1], mrr: [1] },
      ceiling: [1],
    });
    expect(Object.keys(lift.measures)).toEqual(['exec@1']);
  });

  it('counts helped and hurt on the measure asked for when one is given', () => {
    const lift = twoStageLift(
      {
        firstStage: { 'exec@1': [0, 0], 'exec@3': [1, 0] },
        twoStage: { 'exec@1': [1, 0], 'exec@3': [0, 1] },
        ceiling: [1, 1],
      },
      { measure: 'exec@3' },
    );
    expect(lift.helped).toEqual([1]);
    expect(lift.hurt).toEqual([0]);
    expect(lift.headroom).toBeCloseTo(0.5, 12);
  });

  it('throws RangeError when a vector is misaligned or the measure is missing', () => {
    expect(() =>
      twoStageLift({ firstStage: { 'exec@1': [0, 1] }, twoStage: { 'exec@1': [1] }, ceiling: [1, 1] }),
    ).toThrow(RangeError);
    expect(() => twoStageLift({ firstStage: { 'exec@3': [0] }, twoStage: { 'exec@3': [1] }, ceiling: [1] })).toThrow(
      /expected "exec@1" in both inputs/,
    );
  });
});
