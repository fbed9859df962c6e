import { RELEASE_KS, type SystemAnalyses } from '@execret/analyses';
import {
  type ConfidenceIntervals,
  metricValue,
  type PairwiseTests,
  type ResultsFile,
  type RunManifest,
  resultExtras,
  type SolvedByFile,
} from '@execret/dataset';
import { orientedComparison } from '@execret/stats';
import { lineDiff } from './diff.js';
import { escapeHtml, fmt } from './escape.js';
import { leaderboardOrder } from './leaderboard.js';
import { barChart, heatmap, lineChart } from './svg.js';
import { twoStageSection } from './two-stage.js';

/** Everything `report.html` shows; read from a results folder. */
export interface ReportInput {
  readonly title: string;
  readonly results: readonly ResultsFile[];
  readonly analyses: readonly SystemAnalyses[];
  readonly intervals: ConfidenceIntervals;
  readonly pairwise: PairwiseTests;
  readonly solvedBy: Pick<SolvedByFile, 'histogram' | 'systems'> | undefined;
  /** The run manifest (`{}` for a folder without one); every field may be absent. */
  readonly manifest: Partial<RunManifest>;
}

const STYLE = `
body{font:14px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;margin:0;color:#1b1f24;background:#fafafa}
main{max-width:1180px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:32px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{font-size:15px;margin:18px 0 6px}
p.lead{color:#555;margin:0 0 16px}
table{border-collapse:collapse;background:#fff;font-variant-numeric:tabular-nums}
th,td{border:1px solid #ddd;padding:4px 8px;text-align:right}th{background:#f0f2f5}
td:first-child,th:first-child{text-align:left}
.chart{display:inline-block;background:#fff;border:1px solid #ddd;border-radius:6px;margin:8px 12px 8px 0;padding:8px}
figcaption{font-weight:600;margin-bottom:4px}
.legend{display:flex;flex-wrap:wrap;gap:4px 12px;font-size:12px;max-width:640px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
.sig{font-size:12px}.sig td{text-align:center;min-width:44px}
.win{background:#d8f0d8}.loss{background:#f6d6d6}.ns{color:#888}
pre.diff{background:#fff;border:1px solid #ddd;padding:8px;overflow-x:auto;font:12px/1.45 ui-monospace,Menlo,Consolas,monospace}
.diff .removed{background:#ffecec;display:block}.diff .added{background:#eaffea;display:block}.diff .same{display:block;color:#444}
.diff mark{background:#ffd54f;padding:0}
.example{margin-bottom:18px}.muted{color:#666;font-size:12px}
.warning{background:#fff4e5;border:1px solid #f0b429;border-radius:6px;padding:8px 12px}
dl.manifest{display:grid;grid-template-columns:max-content auto;gap:2px 16px;font-size:13px}dl.manifest dt{color:#555}
`;

/**
 * The run's sandbox, first thing in the report: every number rests on it. Under rlimit isolation a
 * snippet could read the test suites on disk, so the line says so in the warning style.
 */
function isolationLine(manifest: Partial<RunManifest>): string {
  const isolation = manifest.isolation;
  if (typeof isolation !== 'string') return '<p class="muted">Sandbox: nothing was executed in this run.</p>';
  if (isolation === 'bwrap')
    return '<p class="muted" id="isolation">Sandbox: bubblewrap (bwrap isolation): snippets saw no test suite, network or host file outside the interpreter and the system libraries.</p>';
  const reason = typeof manifest.isolation_fallback_reason === 'string' ? manifest.isolation_fallback_reason : '';
  return `<p class="warning" id="isolation"><strong>Sandbox: rlimit isolation only${reason ? ` (bubblewrap failed: ${escapeHtml(reason.slice(0, 200))})` : ''}.</strong> Snippets could read files their uid may read (test suites on disk among them) and reach the network: a hostile snippet could have forged passes. Install bubblewrap for results that do not depend on trusting the snippets.</p>`;
}

/**
 * Builds the self-contained `report.html`: inline CSS and SVG only (no scripts, no CDN), so it renders
 * offline and in any browser. Sections carry stable ids (`#leaderboard`, `#exec-curves`, `#significance`,
 * `#two-stage` (when there are two-stage systems), `#pool-density`, `#bug-types`, `#domains`, `#edit-span`, `#solved-by`, `#misses`, `#manifest`).
 */
export function renderReportHtml(input: ReportInput): string {
  const ordered = leaderboardOrder(input.results);
  const names = ordered.map((r) => r.model);
  const analysisByModel = new Map(input.analyses.map((a) => [a.model, a]));
  const sections: string[] = [];

  // Leaderboard with intervals.
  const measureCols = ['exec@1', 'exec@3', 'exec@5', 'exec@10', 'precision@1', 'ndcg@1', 'ndcg@10', 'exec_ndcg_gap@1'];
  const rows = ordered
    .map((r, i) => {
      const ci = input.intervals[r.model]?.['exec@1'];
      const cells = measureCols.map((m) => `<td>${fmt(metricValue(r, m))}</td>`).join('');
      const extras = resultExtras(r);
      return `<tr><td>${i + 1}. ${escapeHtml(r.model)}</td>${cells}<td>${ci ? `[${fmt(ci.ci95_low)}, ${fmt(ci.ci95_high)}]` : '—'}</td><td>${extras?.unexecuted_pairs ?? 0}</td><td>${extras?.ties_decided?.['exec@1'] ?? 0}</td></tr>`;
    })
    .join('');
  sections.push(
    `<section id="leaderboard"><h2>Leaderboard</h2><p class="muted">Sorted by exec@1. Interval: percentile bootstrap over queries (95%). “Unexecuted” counts retrieved pairs never executed (counted as not passing); “ties” counts queries whose exec@1 depends on the order of tied scores.</p>` +
      `<table><thead><tr><th>system</th>${measureCols.map((m) => `<th>${m}</th>`).join('')}<th>exec@1 95% CI</th><th>unexecuted</th><th>ties@1</th></tr></thead><tbody>${rows}</tbody></table>` +
      barChart({
        title: 'exec@1 with 95% bootstrap intervals',
        categories: names,
        series: [
          {
            name: 'exec@1',
            values: ordered.map((r) => metricValue(r, 'exec@1') ?? Number.NaN),
            low: ordered.map((r) => input.intervals[r.model]?.['exec@1']?.ci95_low ?? Number.NaN),
            high: ordered.map((r) => input.intervals[r.model]?.['exec@1']?.ci95_high ?? Number.NaN),
          },
        ],
        yMax: 1,
        id: 'chart-exec1',
      }) +
      `</section>`,
  );

  // exec@k and nDCG@k curves.
  sections.push(
    `<section id="exec-curves"><h2>exec@k and nDCG@k</h2>` +
      lineChart({
        title: 'exec@k (any passing snippet in the top k)',
        x: [...RELEASE_KS],
        series: ordered.map((r) => ({
          name: r.model,
          values: RELEASE_KS.map((k) => metricValue(r, `exec@${k}`) ?? Number.NaN),
        })),
        xLabel: 'k',
      }) +
      lineChart({
        title: 'canonical nDCG@k',
        x: [...RELEASE_KS],
        series: ordered.map((r) => ({
          name: r.model,
          values: RELEASE_KS.map((k) => metricValue(r, `ndcg@${k}`) ?? Number.NaN),
        })),
        xLabel: 'k',
      }) +
      `</section>`,
  );

  // Pairwise significance matrix (exec@1).
  if (names.length > 1) {
    const head = names.map((n) => `<th title="${escapeHtml(n)}">${escapeHtml(shortName(n))}</th>`).join('');
    const body = names
      .map((a) => {
        const cells = names
          .map((b) => {
            if (a === b) return '<td>·</td>';
            const cell = orientedComparison(input.pairwise, a, b, 'exec@1');
            if (cell === undefined) return '<td class="ns">—</td>';
            const { delta, mcnemarP: p } = cell;
            const adjusted = cell.mcnemarPHolm ?? p;
            const cls = adjusted < 0.05 ? (delta > 0 ? 'win' : 'loss') : 'ns';
            return `<td class="${cls}" title="${escapeHtml(`${a} − ${b}: Δ=${fmt(delta)} p=${p.toPrecision(3)}`)}">${delta > 0 ? '+' : ''}${fmt(delta, 2)}<br><span class="muted">p=${p < 0.001 ? p.toExponential(0) : p.toFixed(3)}</span></td>`;
          })
          .join('');
        return `<tr><th>${escapeHtml(a)}</th>${cells}</tr>`;
      })
      .join('');
    sections.push(
      `<section id="significance"><h2>Pairwise significance (exec@1, exact McNemar)</h2><p class="muted">Row minus column; p is the exact McNemar p-value. Green: row significantly better, red: significantly worse, at 0.05 after Holm's correction over all pairs.</p><table class="sig"><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody></table></section>`,
    );
  }

  // Second stages against their first stages.
  const twoStage = twoStageSection(input.results, input.pairwise, input.manifest);
  if (twoStage !== '') sections.push(twoStage);

  // Pool-density ablation.
  const densitySeries = ordered
    .map((r) => analysisByModel.get(r.model))
    .filter((a): a is SystemAnalyses => a !== undefined && a.pool_density.length > 0);
  if (densitySeries.length > 0) {
    const retained = densitySeries[0]!.pool_density.map((p) => p.retained);
    sections.push(
      `<section id="pool-density"><h2>Pool-density ablation</h2><p class="muted">exec@1 when only r of each query's paired near-clones stay in the pool (seeded choice).</p>` +
        lineChart({
          title: 'exec@1 vs retained near-clones per query',
          x: retained,
          series: densitySeries.map((a) => ({ name: a.model, values: a.pool_density.map((p) => p['exec@1']) })),
          xLabel: 'retained distractors per query (r)',
        }) +
        `</section>`,
    );
  }

  // Bug-type deception.
  const bugTypes = [...new Set(input.analyses.flatMap((a) => Object.keys(a.deception_by_bug_type)))].sort();
  if (bugTypes.length > 0) {
    sections.push(
      `<section id="bug-types"><h2>Deception rate by bug type</h2><p class="muted">Share of (query, canonical, distractor) triples where the distractor scores strictly above the canonical.</p>` +
        barChart({
          title: 'deception rate per bug type',
          categories: bugTypes,
          series: ordered.map((r) => ({
            name: r.model,
            values: bugTypes.map((t) => analysisByModel.get(r.model)?.deception_by_bug_type[t]?.rate ?? Number.NaN),
          })),
          yMax: 1,
        }) +
        `</section>`,
    );
  }

  // Per-domain heatmap.
  const domains = [...new Set(input.analyses.flatMap((a) => Object.keys(a.per_domain_exec_at_1)))].sort();
  if (domains.length > 0) {
    sections.push(
      `<section id="domains"><h2>exec@1 per domain</h2>` +
        heatmap({
          title: 'exec@1 by domain',
          rows: names,
          columns: domains,
          values: names.map((n) =>
            domains.map((d) => analysisByModel.get(n)?.per_domain_exec_at_1[d]?.mean ?? Number.NaN),
          ),
          min: 0,
          max: 1,
        }) +
        `</section>`,
    );
  }

  // Edit span and canonical gaps.
  const spanRows = ordered
    .map((r) => analysisByModel.get(r.model))
    .filter((a): a is SystemAnalyses => a !== undefined)
    .map(
      (a) =>
        `<tr><td>${escapeHtml(a.model)}</td><td>${fmt(a.canonical_gap.canonicalBelowRate)}</td><td>${fmt(a.canonical_gap.medianGap, 4)}</td><td>${fmt(a.miss_attribution.ownVariantShare)}</td><td>${fmt(a.deception_by_edit_span.rhoDeceived)}</td><td>${fmt(a.deception_by_edit_span.rhoMargin)}</td>${a.deception_by_edit_span.buckets.map((b) => `<td>${b.triples === 0 ? '—' : fmt(b.rate, 2)}</td>`).join('')}</tr>`,
    )
    .join('');
  const bucketHead =
    input.analyses[0]?.deception_by_edit_span.buckets.map((b) => `<th>span ${escapeHtml(b.label)}</th>`).join('') ?? '';
  sections.push(
    `<section id="edit-span"><h2>Near-clone analyses</h2><p class="muted">Canonical-below-distractor: share of queries where an own buggy variant outscores the canonical; gap = s(canonical) − max s(own distractor). Own-variant share: rank-1 misses that are the query's own buggy variant. ρ: Spearman (average ranks) between edit character span and deception / score margin. Span columns: deception rate by edit span (characters).</p>` +
      `<table><thead><tr><th>system</th><th>canonical below</th><th>median gap</th><th>own-variant share of misses</th><th>ρ(span, deceived)</th><th>ρ(span, margin)</th>${bucketHead}</tr></thead><tbody>${spanRows}</tbody></table></section>`,
  );

  // Solved-by histogram.
  if (input.solvedBy) {
    const hist = input.solvedBy.histogram;
    sections.push(
      `<section id="solved-by"><h2>How many systems solve each query at rank 1</h2>` +
        barChart({
          title: 'queries by number of systems with exec@1 = 1',
          categories: hist.map((_, c) => String(c)),
          series: [{ name: 'queries', values: hist }],
          yLabel: 'queries',
        }) +
        `</section>`,
    );
  }

  // Example rank-1 misses as diffs.
  const examples = ordered.flatMap((r) =>
    (analysisByModel.get(r.model)?.rank1_miss_examples ?? []).slice(0, 2).map((e) => ({ model: r.model, e })),
  );
  if (examples.length > 0) {
    sections.push(
      `<section id="misses"><h2>Example rank-1 misses</h2><p class="muted">The retrieved buggy near-clone against the canonical it displaced (− canonical, + retrieved).</p>` +
        examples
          .slice(0, 12)
          .map(
            ({ model, e }) =>
              `<div class="example"><h3>${escapeHtml(model)} · ${escapeHtml(e.query_id)} · ${escapeHtml(e.bug_type)}</h3><p>${escapeHtml(e.query)}</p><p class="muted">canonical ${escapeHtml(e.canonical_id)} score ${fmt(e.canonical_score, 4)} · retrieved ${escapeHtml(e.retrieved_id)} score ${fmt(e.retrieved_score, 4)}</p>${renderDiff(e.canonical_code, e.retrieved_code)}</div>`,
          )
          .join('') +
        `</section>`,
    );
  }

  // Manifest.
  const manifestRows = Object.entries(input.manifest)
    .filter(([, v]) => typeof v !== 'object' || v === null)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(String(v))}</dd>`)
    .join('');
  sections.push(`<section id="manifest"><h2>Run manifest</h2><dl class="manifest">${manifestRows}</dl></section>`);

  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(input.title)}</h1>${isolationLine(input.manifest)}<p class="lead">${ordered.length} systems · ${ordered[0]?.n_queries ?? 0} queries · pool of ${ordered[0]?.n_corpus ?? 0} snippets. exec@k: a passing snippet in the top k; nDCG@k: the canonical's position.</p>${sections.join('\n')}</main></body></html>\n`;
}

function renderDiff(before: string, after: string): string {
  const lines = lineDiff(before, after)
    .map((line) => {
      const sign = line.kind === 'removed' ? '−' : line.kind === 'added' ? '+' : ' ';
      let text = escapeHtml(line.text);
      if (line.highlight && line.highlight[1] > line.highlight[0]) {
        const [s, e] = line.highlight;
        text = `${escapeHtml(line.text.slice(0, s))}<mark>${escapeHtml(line.text.slice(s, e))}</mark>${escapeHtml(line.text.slice(e))}`;
      }
      return `<span class="${line.kind}">${sign} ${text}</span>`;
    })
    .join('');
  return `<pre class="diff">${lines}</pre>`;
}

function shortName(name: string): string {
  const last = name.split('/').pop() ?? name;
  return last.length > 14 ? `${last.slice(0, 13)}…` : last;
}
