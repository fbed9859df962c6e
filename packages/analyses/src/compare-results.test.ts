import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readResultFiles } from '@execret/dataset';
import type { BinaryComparison } from '@execret/stats';
import { describe, expect, it } from 'vitest';
import { compareResults } from './compare-results.js';

const RELEASE_TINY = join(import.meta.dirname, '../../../fixtures/release-tiny');

describe('compareResults', () => {
  it('gives the release pair keys, Holm-adjusted McNemar p and a solved-by histogram when files come from another tool', async () => {
    const files = await readResultFiles(RELEASE_TINY);
    const expected = JSON.parse(await readFile(join(RELEASE_TINY, 'tests/pairwise_tests.json'), 'utf8'));
    const { pairwise, intervals, solvedBy } = compareResults(files, {
      seed: 20260510,
      resamples: 200,
      confidence: 0.95,
    });
    expect(Object.keys(pairwise)).toEqual(Object.keys(expected));
    const cell = pairwise['toy-lexical vs toy-random']!['exec@1'] as BinaryComparison;
    expect(cell.a_only).toBe(expected['toy-lexical vs toy-random']['exec@1'].a_only);
    expect(cell.mcnemar_exact_p_holm).toBeGreaterThanOrEqual(cell.mcnemar_exact_p);
    expect(Object.keys(pairwise['toy-lexical vs toy-random']!)).toContain('execution_precision@1');
    expect(intervals['toy-random']!['exec@1']!.bootstrap_samples).toBe(200);
    expect(solvedBy.systems).toBe(2);
    expect(solvedBy.histogram.reduce((a, b) => a + b, 0)).toBe(files[0]!.per_query.length);
    expect(Object.keys(solvedBy.per_query)).toEqual(files[0]!.per_query.map((r) => r.query_id));
  });

  it('throws RangeError when there is no results file', () => {
    expect(() => compareResults([], { seed: 1, resamples: 10, confidence: 0.9 })).toThrow(RangeError);
  });
});
