import { join } from 'node:path';
import { formatResultsJson, RESULTS_LAYOUT, readResultFiles } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { compareResults } from './compare-results.js';
import { comparisonFiles } from './comparison-files.js';
import { queryBlindLifts } from './query-blind-lift.js';

const RELEASE_TINY = join(import.meta.dirname, '../../../fixtures/release-tiny');

describe('comparisonFiles', () => {
  it("gives compareResults' records and their four files in the folder's layout", async () => {
    const results = await readResultFiles(RELEASE_TINY);
    const options = { seed: 7, resamples: 50, confidence: 0.9 };
    const compared = comparisonFiles(results, options);
    const direct = compareResults(results, options);
    expect(compared.pairwise).toEqual(direct.pairwise);
    expect(compared.files).toEqual([
      [RESULTS_LAYOUT.intervals, formatResultsJson(direct.intervals)],
      [RESULTS_LAYOUT.pairwise, formatResultsJson(direct.pairwise)],
      [RESULTS_LAYOUT.queryBlindLift, formatResultsJson(queryBlindLifts(results, direct.pairwise))],
      [RESULTS_LAYOUT.solvedBy, formatResultsJson(direct.solvedBy)],
    ]);
  });
});
