import { RELEASE_MEASURES } from '@execret/analyses';
import type { PairwiseTests, ResultsFile } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { twoStageRows, twoStageSection } from './two-stage.js';

const PAIRWISE: PairwiseTests = {
  'bm25 vs bm25>>x/y': {
    'exec@1': {
      a_only: 1,
      b_only: 3,
      both: 1,
      neither: 0,
      a_rate: 0.4,
      b_rate: 0.8,
      delta: -0.4,
      mcnemar_exact_p: 0.625,
      bootstrap_ci_95: [-0.8, 0.2],
    },
  },
};

function file(model: string, exec1: number[], exec10: number[], twoStage?: Record<string, unknown>): ResultsFile {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  return {
    model,
    n_queries: exec1.length,
    n_corpus: 50,
    ks: [1, 3, 5, 10],
    metrics: { 'exec@1': mean(exec1), 'exec@10': mean(exec10) },
    per_query: exec1.map((_, q) => ({
      query_id: `q_${q}`,
      query: 'q',
      correct_corpus_ids: [],
      top_results: [],
    })),
    execret: {
      // Every release measure has stored values (else perQueryMeasures recomputes them from top_results).
      per_query_measures: {
        ...Object.fromEntries(RELEASE_MEASURES.map((m) => [m, exec1.map(() => 0)])),
        'exec@1': exec1,
        'exec@3': exec10,
        'exec@5': exec10,
        'exec@10': exec10,
      },
      ...(twoStage ? { two_stage: twoStage } : {}),
    },
  };
}

describe('twoStageSection', () => {
  const first = file('bm25', [1, 0, 0, 1, 0], [1, 1, 1, 1, 0]);
  const two = file('bm25>>x/y', [0, 1, 1, 1, 1], [1, 1, 1, 1, 0], {
    first_stage: 'bm25',
    depth: 10,
    reranker: 'x/y',
    ceiling: 0.8,
    ceiling_per_query: [1, 1, 1, 1, 0],
  });

  it('shows delta, interval, p, ceiling and helped/hurt/missed counts when a two-stage file and its first stage are present', () => {
    const rows = twoStageRows([first, two], PAIRWISE, {});
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lift.helped).toEqual([1, 2, 4]);
    expect(rows[0]!.lift.hurt).toEqual([0]);
    const html = twoStageSection([first, two], PAIRWISE, {
      two_stage_systems: [
        {
          model: 'bm25>>x/y',
          seconds: 2.5,
          usage: { requests: 5, inputTokens: 1200, outputTokens: 0, tokensEstimated: true, costUsd: 0.01 },
          execution: null,
          per_query: { seconds: 0.5, executions: 0 },
        },
      ],
    } as never); // a cost entry with only the fields the section reads
    expect(html).toContain('<section id="two-stage">');
    expect(html).toContain('bm25&gt;&gt;x/y');
    expect(html).toContain('0.400 → 0.800');
    expect(html).toContain('+0.400 <span class="muted">[-0.200, +0.800] p=0.625</span>');
    expect(html).toContain('<td>0.800</td>'); // ceiling
    expect(html).toContain('<td>3</td><td>1</td><td>1</td>'); // helped, hurt, missed (q_0: ceiling 1, two-stage 0)
    expect(html).toContain('<td>5</td><td>1200* / 0</td><td>2.5</td><td>0.0100</td>');
  });

  it('shows each second stage against exec/consensus on the same first stage, and no such table without it', () => {
    const consensus = file('bm25>>exec/consensus', [1, 1, 0, 1, 1], [1, 1, 1, 1, 0], {
      first_stage: 'bm25',
      depth: 10,
      reranker: 'exec/consensus',
      ceiling: 0.8,
      ceiling_per_query: [1, 1, 1, 1, 0],
    });
    const pairwise: PairwiseTests = {
      ...PAIRWISE,
      'bm25>>exec/consensus vs bm25>>x/y': {
        'exec@1': {
          ...PAIRWISE['bm25 vs bm25>>x/y']!['exec@1']!,
          delta: 0,
          bootstrap_ci_95: [-0.4, 0.4],
          mcnemar_exact_p: 1,
        },
      },
    };
    const html = twoStageSection([first, consensus, two], pairwise, {});
    expect(html).toContain('<h3>Lift that needs the query</h3>');
    // x/y − consensus: 0.8 → 0.8, solved only by x/y on q_2, only by consensus on q_0
    expect(html).toContain(
      '<tr><td>bm25&gt;&gt;x/y</td><td>bm25&gt;&gt;exec/consensus</td><td>0.800 → 0.800</td><td>0.000 <span class="muted">[-0.400, +0.400] p=1.000</span></td><td>1</td><td>1</td></tr>',
    );
    const without = twoStageSection([first, two], PAIRWISE, {});
    expect(without).not.toContain('Lift that needs the query</h3>');
    expect(without).toContain('add it to <code>--rerank</code> to see the lift that needs the query');
  });

  it('renders nothing when no results file is a two-stage system or its first stage is missing', () => {
    expect(twoStageSection([first], PAIRWISE, {})).toBe('');
    expect(twoStageSection([two], PAIRWISE, {})).toBe('');
  });
});
