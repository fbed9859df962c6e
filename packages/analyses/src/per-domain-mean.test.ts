import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { perDomainMean } from './per-domain-mean.js';

const pool = testPool();

describe('perDomainMean', () => {
  it('averages per domain when values are given per query', () => {
    expect(perDomainMean(pool, [1, 0, 1])).toEqual({ geometry: { mean: 0.5, n: 2 }, validation: { mean: 1, n: 1 } });
  });
  it('throws when the vector does not have one value per query', () => {
    expect(() => perDomainMean(pool, [1, 0])).toThrow(RangeError);
  });
});
