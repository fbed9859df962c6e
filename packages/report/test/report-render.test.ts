import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SystemAnalyses } from '@execret/analyses';
import type { ResultsFile } from '@execret/dataset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportInput, renderReportHtml } from '../src/html.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) =>
  existsSync(p),
);
// CI installs Chromium (.ci/run); elsewhere the test runs when a browser is present.
const canRender = CHROMIUM !== undefined || process.env.CI !== undefined;

function resultFile(model: string, exec1: number): ResultsFile {
  const metrics: Record<string, number> = {};
  for (const k of [1, 3, 5, 10]) {
    metrics[`exec@${k}`] = Math.min(1, exec1 + k / 20);
    metrics[`precision@${k}`] = exec1 / k;
    metrics[`ndcg@${k}`] = exec1 * 0.9;
    metrics[`exec_ndcg_gap@${k}`] = metrics[`exec@${k}`]! - metrics[`ndcg@${k}`]!;
  }
  return { model, n_queries: 4, n_corpus: 20, ks: [1, 3, 5, 10], metrics, per_query: [] };
}

function analyses(model: string, rate: number): SystemAnalyses {
  return {
    model,
    miss_attribution: { queries: 4, misses: 2, ownVariant: 2, otherTask: 0, ownVariantShare: 1 },
    canonical_gap: {
      queries: 4,
      canonicalBelow: 2,
      canonicalBelowRate: 0.5,
      tied: 0,
      pairsBelow: 3,
      pairs: 16,
      gaps: [0.1, -0.02, null, 0.3],
      meanGap: 0.1,
      medianGap: 0.1,
    },
    deception_by_bug_type: {
      off_by_one: { triples: 4, deceived: 1, ties: 0, rate },
      wrong_operator: { triples: 4, deceived: 2, ties: 0, rate: 0.5 },
    },
    deception_by_edit_span: {
      triples: 8,
      rhoDeceived: -0.25,
      rhoMargin: -0.4,
      buckets: [{ label: '1', triples: 8, deceived: 3, rate: 0.375 }],
    },
    pool_density: [0, 1, 2].map((r) => ({ retained: r, pool_size: 4 + 4 * r, 'exec@1': 1 - r * rate, 'exec@10': 1 })),
    per_domain_exec_at_1: { geometry: { mean: rate, n: 2 }, validation: { mean: 1 - rate, n: 2 } },
    rank1_miss_examples: [
      {
        query_id: 'q_0002',
        query: 'Clamp a value into a closed interval.',
        canonical_id: 'c_0006',
        canonical_code: 'def clamp(x, lo, hi):\n    return max(lo, min(x, hi))\n',
        retrieved_id: 'c_0007',
        retrieved_code: 'def clamp(x, lo, hi):\n    return max(lo, min(x, lo))\n',
        bug_type: 'swap_arguments',
        canonical_score: 0.81,
        retrieved_score: 0.83,
      },
    ],
  };
}

const INPUT: ReportInput = {
  title: 'execret — render check',
  results: [resultFile('bm25', 0.25), resultFile('local/model-x', 0.5)],
  analyses: [analyses('bm25', 0.25), analyses('local/model-x', 0.5)],
  intervals: {
    bm25: { 'exec@1': { mean: 0.25, ci95_low: 0, ci95_high: 0.75, n: 4, bootstrap_samples: 100, seed: 1 } },
    'local/model-x': { 'exec@1': { mean: 0.5, ci95_low: 0, ci95_high: 1, n: 4, bootstrap_samples: 100, seed: 1 } },
  },
  pairwise: {
    'bm25 vs local/model-x': {
      'exec@1': {
        a_only: 0,
        b_only: 1,
        both: 1,
        neither: 2,
        a_rate: 0.25,
        b_rate: 0.5,
        delta: -0.25,
        mcnemar_exact_p: 1,
        mcnemar_mid_p: 0.5,
        bootstrap_ci_95: [-0.75, 0],
      },
    },
  },
  solvedBy: { histogram: [1, 2, 1], systems: 2 },
  manifest: { seed: 20260510, ties: 'trec', dataset: 'mini' },
};

describe.runIf(canRender)('report.html rendered in headless Chromium', () => {
  let dir: string;
  let rendered: {
    text: string;
    sections: string[];
    charts: { id: string; width: number; height: number; shapes: number }[];
    diffMarks: string[][];
    external: number;
  };

  beforeAll(async () => {
    if (CHROMIUM === undefined) throw new Error('CI is set but no Chromium was found: .ci/run must install it');
    dir = await mkdtemp(join(tmpdir(), 'execret-report-'));
    const file = join(dir, 'report.html');
    await writeFile(file, renderReportHtml(INPUT));
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`file://${file}`);
      rendered = await page.evaluate(() => ({
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered (CSS-aware) text is what a reader sees
        text: document.body.innerText,
        sections: [...document.querySelectorAll('section')].map((s) => s.id),
        charts: [...document.querySelectorAll('figure.chart svg')].map((svg) => {
          const box = svg.getBoundingClientRect();
          return {
            id: svg.getAttribute('aria-label') ?? '',
            width: box.width,
            height: box.height,
            shapes: svg.querySelectorAll('rect,polyline,circle').length,
          };
        }),
        diffMarks: [...document.querySelectorAll('pre.diff')].map((pre) =>
          [...pre.querySelectorAll('mark')].map((m) => m.textContent ?? ''),
        ),
        external: 0,
      }));
      rendered.external = requests.filter((u) => !u.startsWith('file://')).length;
    } finally {
      await browser.close();
    }
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('shows every section of the report', () => {
    expect(rendered.sections).toEqual([
      'leaderboard',
      'exec-curves',
      'significance',
      'pool-density',
      'bug-types',
      'domains',
      'edit-span',
      'solved-by',
      'misses',
      'manifest',
    ]);
  });

  it('lays out every chart with a visible size and drawn marks', () => {
    expect(rendered.charts.length).toBeGreaterThanOrEqual(7);
    for (const chart of rendered.charts) {
      expect(chart.width, chart.id).toBeGreaterThan(200);
      expect(chart.height, chart.id).toBeGreaterThan(100);
      expect(chart.shapes, chart.id).toBeGreaterThan(0);
    }
  });

  it('renders the leaderboard in exec@1 order with the interval text', () => {
    const text = rendered.text;
    expect(text.indexOf('1. local/model-x')).toBeGreaterThan(-1);
    expect(text.indexOf('1. local/model-x')).toBeLessThan(text.indexOf('2. bm25'));
    expect(text).toContain('[0.000, 0.750]');
  });

  it('highlights the single edit of a rank-1 miss in its diff', () => {
    // One example per system; in each, the canonical's `hi` is marked on the removed line, `lo` on the added one.
    expect(rendered.diffMarks).toEqual([
      ['hi', 'lo'],
      ['hi', 'lo'],
    ]);
  });

  it('loads nothing from the network (self-contained)', () => {
    expect(rendered.external).toBe(0);
  });
});
