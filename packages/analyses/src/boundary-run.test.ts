import { describe, expect, it } from 'vitest';
import { boundaryRun, MAX_BOUNDARY_TIES, RUN_DEPTH } from './boundary-run.js';

describe('boundaryRun', () => {
  it.each([
    { name: 'no tie at the boundary', scores: [9, 8, 7, 6, 5], depth: 3, maxTies: 50, length: 3, truncated: false },
    {
      name: 'a tie group at the boundary',
      scores: [9, 8, 7, 7, 7, 1],
      depth: 3,
      maxTies: 50,
      length: 5,
      truncated: false,
    },
    {
      name: 'a tie group longer than maxTies',
      scores: [9, 8, 7, 7, 7, 1],
      depth: 3,
      maxTies: 1,
      length: 4,
      truncated: true,
    },
    {
      name: 'a tie group that ends the ranking',
      scores: [9, 7, 7, 7],
      depth: 2,
      maxTies: 2,
      length: 4,
      truncated: false,
    },
    {
      name: 'ties above the boundary only',
      scores: [7, 7, 7, 1, 1],
      depth: 3,
      maxTies: 50,
      length: 3,
      truncated: false,
    },
    { name: 'a ranking shorter than depth', scores: [5, 5], depth: 3, maxTies: 50, length: 2, truncated: false },
  ])('keeps $length entries when the ranking has $name', ({ scores, depth, maxTies, length, truncated }) => {
    expect(boundaryRun(Float64Array.from(scores), { depth, maxTies })).toEqual({ length, truncated });
  });

  it('uses depth 10 and at most 50 ties when no options are given', () => {
    expect(RUN_DEPTH).toBe(10);
    expect(MAX_BOUNDARY_TIES).toBe(50);
    const allTied = new Float32Array(RUN_DEPTH + MAX_BOUNDARY_TIES + 1).fill(0.5);
    expect(boundaryRun(allTied)).toEqual({ length: RUN_DEPTH + MAX_BOUNDARY_TIES, truncated: true });
    const justFits = new Float32Array(RUN_DEPTH + MAX_BOUNDARY_TIES).fill(0.5);
    expect(boundaryRun(justFits)).toEqual({ length: RUN_DEPTH + MAX_BOUNDARY_TIES, truncated: false });
  });
});
