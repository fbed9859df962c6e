import { describe, expect, it } from 'vitest';
import { solvedBy } from './solved-by.js';

describe('solvedBy', () => {
  it('counts solving systems per query and builds the histogram', () => {
    const result = solvedBy({ a: [1, 0, 1, 1], b: [1, 0, 0, 1], c: [1, 0, 0, 0] });
    expect(Array.from(result.perQuery)).toEqual([3, 0, 1, 2]);
    expect(Array.from(result.histogram)).toEqual([1, 1, 1, 1]);
    expect(result.systems).toBe(3);
  });
});
