import {
  perQueryMeasures,
  QUERY_BLIND_BASELINE,
  type QueryBlindLift,
  queryBlindLifts,
  RELEASE_KS,
  type TwoStageLift,
  twoStageLift,
} from '@execret/analyses';
import {
  type ManifestTwoStageSystem,
  type PairwiseTests,
  type ResultsFile,
  type RunManifest,
  resultExtras,
} from '@execret/dataset';
import { type OrientedComparison, orientedComparison } from '@execret/stats';
import { escapeHtml, fmt } from './escape.js';

/** One two-stage system as the report shows it. */
export interface TwoStageRow {
  readonly system: string;
  readonly firstStage: string;
  readonly reranker: string;
  readonly depth: number;
  readonly lift: TwoStageLift;
  /** Per exec@k (k in `RELEASE_KS`), the pairwise test from `tests/pairwise_tests.json`, when present. */
  readonly tests: Readonly<Record<string, OrientedComparison | undefined>>;
  /** The manifest's `two_stage_systems` entry (cost), when present. */
  readonly cost: Partial<ManifestTwoStageSystem> | undefined;
}

/**
 * Every two-stage results file (one with `execret.two_stage`) whose first stage is in the folder too, with its lift
 * over that first stage (`twoStageLift` of `@execret/analyses` on the stored per-query measures and ceiling), the
 * pairwise tests on exec@k and the manifest's cost entry.
 */
export function twoStageRows(
  results: readonly ResultsFile[],
  pairwise: PairwiseTests,
  manifest: Partial<RunManifest>,
): TwoStageRow[] {
  const byModel = new Map(results.map((r) => [r.model, r]));
  const costs: readonly Partial<ManifestTwoStageSystem>[] = manifest.two_stage_systems ?? [];
  const rows: TwoStageRow[] = [];
  for (const file of results) {
    const twoStage = resultExtras(file)?.two_stage;
    if (twoStage === undefined) continue;
    const first = byModel.get(twoStage.first_stage);
    if (first === undefined) continue;
    const queryIds = file.per_query.map((row) => row.query_id);
    const lift = twoStageLift({
      firstStage: perQueryMeasures(first, queryIds, { stored: resultExtras(first)?.per_query_measures }),
      twoStage: perQueryMeasures(file, queryIds, { stored: resultExtras(file)?.per_query_measures }),
      ceiling: twoStage.ceiling_per_query,
    });
    rows.push({
      system: file.model,
      firstStage: twoStage.first_stage,
      reranker: twoStage.reranker,
      depth: twoStage.depth,
      lift,
      tests: Object.fromEntries(
        RELEASE_KS.map((k) => [
          `exec@${k}`,
          orientedComparison(pairwise, file.model, twoStage.first_stage, `exec@${k}`),
        ]),
      ),
      cost: costs.find((c) => c.model === file.model),
    });
  }
  return rows;
}

function signed(x: number | undefined, digits = 3): string {
  if (x === undefined || Number.isNaN(x)) return '—';
  return `${x > 0 ? '+' : ''}${x.toFixed(digits)}`;
}

function pValue(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

function deltaCell(row: TwoStageRow, measure: string): string {
  const test = row.tests[measure];
  const delta = row.lift.measures[measure]?.delta;
  if (test === undefined) return `<td>${signed(delta)}</td>`;
  return `<td>${signed(test.delta)} <span class="muted">[${signed(test.ci95[0])}, ${signed(test.ci95[1])}] p=${pValue(test.mcnemarP)}</span></td>`;
}

function num(value: unknown, digits: number): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—';
}

function costCells(cost: Partial<ManifestTwoStageSystem> | undefined): string {
  const usage: Partial<ManifestTwoStageSystem['usage']> = cost?.usage ?? {};
  const execution = cost?.execution ?? null;
  const perQuery: Partial<ManifestTwoStageSystem['per_query']> = cost?.per_query ?? {};
  const tokens = `${num(usage.inputTokens, 0)}${usage.tokensEstimated === true ? '*' : ''} / ${num(usage.outputTokens, 0)}`;
  return [
    num(usage.requests, 0),
    tokens,
    num(cost?.seconds, 1),
    usage.costUsd === null || usage.costUsd === undefined ? '—' : num(usage.costUsd, 4),
    execution === null ? '—' : num(execution.executions, 0),
    num(perQuery.seconds, 3),
    execution === null ? '—' : num(perQuery.executions, 1),
  ]
    .map((c) => `<td>${c}</td>`)
    .join('');
}

/** One row of the lift that needs the query: exec@1 over `exec/consensus`, interval, p and discordant counts. */
function queryBlindRow(l: QueryBlindLift): string {
  const test = l.test;
  const cells = test
    ? `${signed(test.delta)} <span class="muted">[${signed(test.ci95[0])}, ${signed(test.ci95[1])}] p=${pValue(test.mcnemarP)}</span>`
    : signed(l.exec1 - l.baselineExec1);
  return `<tr><td>${escapeHtml(l.system)}</td><td>${escapeHtml(l.baseline)}</td><td>${fmt(l.baselineExec1)} → ${fmt(l.exec1)}</td><td>${cells}</td><td>${l.systemOnly}</td><td>${l.baselineOnly}</td></tr>`;
}

/** The table of `@execret/analyses`' `queryBlindLifts`, or a note saying how to get it when no second stage has an `exec/consensus` beside it. */
function queryBlindTable(results: readonly ResultsFile[], pairwise: PairwiseTests): string {
  const lifts = queryBlindLifts(results, pairwise);
  if (lifts.length === 0)
    return `<p class="muted">No second stage here has ${QUERY_BLIND_BASELINE} over the same first stage and depth beside it: add it to <code>--rerank</code> to see the lift that needs the query (what a second stage gains that a method which never reads the query also gets).</p>`;
  return (
    `<h3>Lift that needs the query</h3><p class="muted">Each second stage against ${QUERY_BLIND_BASELINE} over the same first stage and depth: a method that never reads the query and picks the behaviour most candidates share, so it is credited for how the pool was built (one canonical among distinct near-clones of it). Δexec@1 = system − ${QUERY_BLIND_BASELINE}, with the paired bootstrap 95% interval and the exact McNemar p from the pairwise tests; only / only: queries solved at rank 1 by one of the two.</p>` +
    `<table><thead><tr><th>system</th><th>query-blind baseline</th><th>exec@1</th><th>Δexec@1</th><th>system only</th><th>baseline only</th></tr></thead><tbody>${lifts.map(queryBlindRow).join('')}</tbody></table>`
  );
}

/**
 * The report's `#two-stage` section: per two-stage system its exec@1 against its own first stage, the exec@k deltas
 * with paired bootstrap intervals and exact McNemar p (from the pairwise tests), the ceiling (first-stage
 * exec@depth) and the headroom closed, the queries helped, hurt and missed, the lift over `exec/consensus` on the same
 * first stage (the part of the gain a query-blind method does not also get), and the cost. Empty when the folder has
 * no two-stage system.
 */
export function twoStageSection(
  results: readonly ResultsFile[],
  pairwise: PairwiseTests,
  manifest: Partial<RunManifest>,
): string {
  const rows = twoStageRows(results, pairwise, manifest);
  if (rows.length === 0) return '';
  const execCols = RELEASE_KS.map((k) => `exec@${k}`);
  const liftRows = rows
    .map((r) => {
      const e1 = r.lift.measures['exec@1'];
      return `<tr><td>${escapeHtml(r.system)}</td><td>${escapeHtml(r.firstStage)}</td><td>${r.depth}</td><td>${fmt(e1?.firstStage)} → ${fmt(e1?.twoStage)}</td>${execCols.map((m) => deltaCell(r, m)).join('')}<td>${fmt(r.lift.ceiling)}</td><td>${fmt(r.lift.headroomClosed)}</td><td>${r.lift.helped.length}</td><td>${r.lift.hurt.length}</td><td>${r.lift.missed.length}</td></tr>`;
    })
    .join('');
  const costRows = rows
    .map((r) => `<tr><td>${escapeHtml(r.system)}</td><td>${escapeHtml(r.reranker)}</td>${costCells(r.cost)}</tr>`)
    .join('');
  return (
    `<section id="two-stage"><h2>Second stages</h2><p class="muted">Each two-stage system reorders its first stage's top <i>depth</i> and keeps nothing below. Δ = two-stage − first stage, with the paired bootstrap 95% interval and the exact McNemar p from the pairwise tests. Ceiling: the first stage's exec@depth, the most exec@1 any reordering of the candidates can reach; closed: Δexec@1 / (ceiling − first-stage exec@1). Helped / hurt: queries whose exec@1 went up / down; missed: a passing candidate was reranked but not put first.</p>` +
    `<table><thead><tr><th>system</th><th>first stage</th><th>depth</th><th>exec@1</th>${execCols.map((m) => `<th>Δ${m}</th>`).join('')}<th>ceiling</th><th>closed</th><th>helped</th><th>hurt</th><th>missed</th></tr></thead><tbody>${liftRows}</tbody></table>` +
    queryBlindTable(results, pairwise) +
    `<h3>Cost</h3><p class="muted">Requests: HTTP requests or forward passes (chat requests for execution rerankers; cached scores cost nothing). Tokens: input / output (* estimated). Executions: suites the execution rerankers ran in the sandbox (cached ones excluded).</p>` +
    `<table><thead><tr><th>system</th><th>reranker</th><th>requests</th><th>tokens in / out</th><th>seconds</th><th>USD</th><th>executions</th><th>s / query</th><th>executions / query</th></tr></thead><tbody>${costRows}</tbody></table></section>`
  );
}
