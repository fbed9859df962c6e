import { describe, expect, it } from 'vitest';
import { testGroupScores, testPool } from '../test/test-pool.js';
import { deceptionByEditSpan } from './edit-span-deception.js';

const pool = testPool();
const scores = testGroupScores();

describe('deceptionByEditSpan', () => {
  it('correlates span with deception over every triple and buckets the rates', () => {
    const result = deceptionByEditSpan(pool, scores);
    expect(result.triples).toBe(6);
    // spans: q_1 → [1 ("*"→"+"), 7 ("s"→"(s + 1)")], q_2 → [1], q_3 → [1 (">"→"<"), 5 ("x > 0"→"True"), 1 (">"→">=")]
    const ones = result.buckets.find((b) => b.label === '1')!;
    expect(ones).toEqual({ label: '1', triples: 4, deceived: 3, rate: 0.75 });
    expect(result.buckets.find((b) => b.label === '5-8')).toEqual({ label: '5-8', triples: 2, deceived: 0, rate: 0 });
    // Deceived triples all have span 1 and the two large edits do not deceive: a negative correlation.
    expect(result.rhoDeceived).toBeLessThan(0);
    // Reference: scipy.stats.spearmanr([1, 7, 1, 1, 5, 1], [1, 0, 0, 1, 0, 1]) and with the margins.
    expect(result.rhoDeceived).toBeCloseTo(-0.6928203230275508, 12);
    expect(result.rhoMargin).toBeCloseTo(-0.8451542547285165, 12);
  });
});
