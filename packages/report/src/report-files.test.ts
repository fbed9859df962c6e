import type { ResultsFile } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { reportFiles } from './report-files.js';

function result(model: string, exec1: number): ResultsFile {
  return {
    model,
    n_queries: 4,
    n_corpus: 20,
    ks: [1, 3, 5, 10],
    metrics: { 'exec@1': exec1, 'exec@10': 1, 'ndcg@10': exec1 },
    per_query: [],
  };
}

const interval = (mean: number) => ({ mean, ci95_low: 0, ci95_high: 1, n: 4, bootstrap_samples: 250, seed: 7 });

const INPUT = {
  title: 'files',
  results: [result('bm25', 0.25), result('dense', 0.5)],
  analyses: [],
  intervals: { bm25: { 'exec@1': interval(0.25) }, dense: { 'exec@1': interval(0.5) } },
  pairwise: {
    'bm25 vs dense': {
      'exec@1': {
        a_only: 0,
        b_only: 1,
        both: 1,
        neither: 2,
        a_rate: 0.25,
        b_rate: 0.5,
        delta: -0.25,
        mcnemar_exact_p: 1,
        mcnemar_exact_p_holm: 1,
        bootstrap_ci_95: [-0.75, 0] as [number, number],
      },
    },
  },
  solvedBy: undefined,
  manifest: {},
};

describe('reportFiles', () => {
  it('lists every report file of the folder in writing order', () => {
    expect(reportFiles(INPUT).map(([path]) => path)).toEqual([
      'full_leaderboard.json',
      'leaderboard.md',
      'leaderboard.csv',
      'leaderboard.tex',
      'significance.tex',
      'report.html',
    ]);
  });

  it('writes the leaderboard rows as JSON and the LaTeX tables from the same rows and tests', () => {
    const files = Object.fromEntries(reportFiles(INPUT));
    const rows = JSON.parse(files['full_leaderboard.json']!);
    expect(rows.map((r: { model: string }) => r.model)).toEqual(['dense', 'bm25']);
    expect(files['full_leaderboard.json']!.endsWith('}\n]\n')).toBe(true);
    const tex = files['leaderboard.tex']!;
    expect(tex).toContain('mean over 4 queries, with 95\\% percentile bootstrap intervals below (250 query resamples)');
    expect(tex.indexOf('dense & 0.5000')).toBeLessThan(tex.indexOf('bm25 & 0.2500'));
    expect(files['significance.tex']).toContain('bm25 & dense & -0.2500 & 0/1 & 1.0000 & 1.0000 \\\\');
  });

  it('leaves the resamples out of the caption when the folder has no intervals', () => {
    const files = Object.fromEntries(reportFiles({ ...INPUT, intervals: {}, pairwise: {} }));
    expect(files['leaderboard.tex']).toContain('\\caption{Leaderboard: mean over 4 queries. exec@$k$');
    expect(files['significance.tex']).toContain('(one system: no pairs)');
  });
});
