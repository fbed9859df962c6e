import type { ResultsFile } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { resultsSummary } from './leaderboard.js';

/** A results file with just what the summary reads. */
const file = (model: string, metrics: Record<string, number>) => ({ model, metrics }) as unknown as ResultsFile;

describe('resultsSummary', () => {
  it('writes one line per system in the order given, exec@1, exec@10 and ndcg@10 to four decimals', () => {
    expect(
      resultsSummary([
        file('bm25', { 'exec@1': 0.02, 'exec@10': 0.82, 'ndcg@10': 0.36621, 'mrr@10': 0.2 }),
        file('local/tiny-bert', { 'exec@1': 0.125, 'exec@10': 1, 'ndcg@10': 0.5 }),
      ]),
    ).toBe(
      `${'bm25'.padEnd(40)} exec@1 0.0200  exec@10 0.8200  ndcg@10 0.3662\n` +
        `${'local/tiny-bert'.padEnd(40)} exec@1 0.1250  exec@10 1.0000  ndcg@10 0.5000\n`,
    );
  });

  it('shows a dash for a measure the file lacks, and nothing for no systems', () => {
    expect(resultsSummary([file('x', { 'exec@1': 0 })])).toBe(
      `${'x'.padEnd(40)} exec@1 0.0000  exec@10 —  ndcg@10 —\n`,
    );
    expect(resultsSummary([])).toBe('');
  });
});
