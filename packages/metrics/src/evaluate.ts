/**
 * `evaluate`: every measure for every query of a TREC-style run. The public boundary checks the options and
 * the measure list once; each query is then read and validated (`query-input.ts`), scored by the per-query
 * kernel over typed arrays (`score-query.ts`) and added to the running means and tie counts
 * (`measure-accumulator.ts`).
 */

import { describeValue, MetricsError } from './errors.js';
import { type EvaluateOptions, type Qrels, type Run, resolveEvaluateOptions } from './evaluate-options.js';
import type { EvaluateResult } from './evaluate-result.js';
import { createMeasureAccumulator } from './measure-accumulator.js';
import { planMeasures } from './measure-plan.js';
import { readJudgements, readPassSet, readRankedQuery } from './query-input.js';
import { createQueryWorkspace, scoreQuery } from './score-query.js';

/**
 * Evaluates a run against relevance judgements and pass sets, TREC style: every query of `qrels` is scored
 * with every measure, then averaged.
 *
 * Definitions (SPEC section 3; `R_k(q)` = the first k documents of query q's ranking):
 * - ranking: the run's documents for q sorted by score descending, then by document id descending in
 *   code-point order (trec_eval's rule, see `compareByTieRule`); with `ties: 'expected'`, every measure is
 *   instead the expected value over all orderings of tied documents (see `expectedExecAtK`);
 * - `exec@k` = 1 if a passing document is in `R_k(q)`, else 0;
 * - `execution_precision@k` (alias `precision@k`) = |passing documents in R_k(q)| / k;
 * - `ndcg@k` = DCG@k / IDCG@k with gains from the qrels (binary: 1 for a value > 0; or graded), discount
 *   1 / log2(rank + 1), IDCG from every document of q's qrels with a positive gain, ranked or not; 0 when q
 *   has no relevant document;
 * - `exec_ndcg_gap@k` = exec@k − ndcg@k;
 * - `mrr` = 1 / rank of the first passing document, 0 if none; `mrr@k` is 0 when that rank exceeds k;
 * - `mean` = the unweighted mean over evaluated queries (compensated summation).
 *
 * "Passing" comes from `options.passing` when given, else from qrels values > 0; "relevant" (nDCG) always
 * comes from the qrels. Documents in the run but absent from the qrels are not relevant.
 *
 * Edge cases: `k` larger than a query's ranking inspects all of it (precision still divides by k); an empty
 * run for a query (`{}`) scores 0 everywhere; a query with no relevant document has nDCG 0 (and, without
 * `options.passing`, nothing passes); a query of the qrels missing from the run follows
 * `options.missingQueries` (default: scored 0 and kept in the mean); queries of the run missing from the
 * qrels are ignored, as trec_eval does; a `NaN` or non-number score is rejected. Inputs are not modified.
 *
 * Cost: O(n log K) per query for n ranked documents and K the largest cutoff (a bounded heap, no full sort),
 * plus O(n) for `mrr` and for the size of the tie group at the cutoff.
 *
 * @param qrels - query id → document id → judgement; defines the queries that are evaluated
 * @param run - query id → document id → score
 * @param measures - measure strings (see `parseMeasure`), e.g. `['exec@1', 'precision@5', 'ndcg@10', 'mrr']`
 * @param options - `passing`, `ties`, `gain`, `missingQueries`
 * @returns per-query values, means, settings and diagnostics (including how many queries a tie decided)
 * @throws MetricsError `invalid-measure` / `duplicate-measure` for bad measure lists, `invalid-qrels`,
 *   `invalid-run`, `invalid-score`, `invalid-passing` for malformed data, `missing-query` with
 *   `missingQueries: 'error'`, `no-queries` when no query is left to evaluate
 * @throws TypeError / RangeError for malformed arguments (`measures` not a non-empty array, unknown option
 *   values)
 *
 * @example
 * const qrels = { q1: { c_0001: 1 }, q2: { c_0004: 1 } };
 * const run = {
 *   q1: { c_0001: 0.9, c_0002: 0.9, c_0003: 0.2 }, // the canonical ties with c_0002 at the top
 *   q2: { c_0004: 0.8, c_0005: 0.7 },
 * };
 * const trec = evaluate(qrels, run, ['exec@1', 'ndcg@1', 'mrr']);
 * // trec.perQuery.q1 → { 'exec@1': 0, 'ndcg@1': 0, mrr: 0.5 }   (c_0002 > c_0001, so it ranks first)
 * // trec.mean        → { 'exec@1': 0.5, 'ndcg@1': 0.5, mrr: 0.75 }
 * // trec.diagnostics.tiesDecided → { 'exec@1': 1, 'ndcg@1': 1, mrr: 1 }
 * const fair = evaluate(qrels, run, ['exec@1', 'ndcg@1', 'mrr'], { ties: 'expected' });
 * // fair.perQuery.q1 → { 'exec@1': 0.5, 'ndcg@1': 0.5, mrr: 0.75 }
 */
export function evaluate<const M extends string>(
  qrels: Qrels,
  run: Run,
  measures: readonly M[],
  options: EvaluateOptions = {},
): EvaluateResult<M> {
  const { settings, passing } = resolveEvaluateOptions(options, qrels, run);
  const plan = planMeasures(measures);
  const workspace = createQueryWorkspace(plan.maxK);
  const values = new Float64Array(plan.count);
  const decided = new Uint8Array(plan.count);
  const accumulator = createMeasureAccumulator<M>(plan);
  const missingFromRun: string[] = [];
  const withoutRelevant: string[] = [];
  const missingFromPassing: string[] = [];

  for (const qid of Object.keys(qrels)) {
    // Judgements are validated for every qrels query, evaluated or not.
    const judgements = readJudgements(qid, qrels[qid], settings.gain);
    let passSet: ReadonlySet<string>;
    if (passing === undefined) {
      passSet = new Set(judgements.relevantIds);
    } else if (Object.hasOwn(passing, qid)) {
      passSet = readPassSet(passing[qid], qid);
    } else {
      missingFromPassing.push(qid);
      passSet = new Set();
    }

    if (!Object.hasOwn(run, qid)) {
      missingFromRun.push(qid);
      if (settings.missingQueries === 'error') {
        throw new MetricsError(
          'missing-query',
          `@execret/metrics evaluate: query ${describeValue(qid)} of the qrels has no entry in the run (missingQueries: 'error'; use 'zero' to score it 0 or 'skip' to leave it out)`,
          { queryId: qid },
        );
      }
      if (settings.missingQueries === 'skip') continue;
      if (judgements.relevantIds.length === 0) withoutRelevant.push(qid);
      values.fill(0);
      decided.fill(0);
      accumulator.add(qid, values, decided);
      continue;
    }
    const input = readRankedQuery(qid, run[qid], judgements, passSet, plan.wantIdcg, workspace.scores);
    if (judgements.relevantIds.length === 0) withoutRelevant.push(qid);
    scoreQuery(input, plan, settings.ties, workspace, values, decided);
    accumulator.add(qid, values, decided);
  }

  const notInQrels = Object.keys(run).filter((qid) => !Object.hasOwn(qrels, qid));
  if (accumulator.queryIds.length === 0) {
    const why =
      Object.keys(qrels).length === 0
        ? 'qrels has no query'
        : `no query of the qrels is in the run (missingQueries: 'skip'; qrels starts ${preview(Object.keys(qrels))}, run starts ${preview(Object.keys(run))})`;
    throw new MetricsError('no-queries', `@execret/metrics evaluate: nothing to evaluate: ${why}`);
  }
  const { mean, tiesDecided, tieDecidedQueries, measures: measureInfo } = accumulator.totals();
  return {
    perQuery: accumulator.perQuery,
    mean,
    queryIds: accumulator.queryIds,
    measures: measureInfo,
    settings,
    diagnostics: { tiesDecided, tieDecidedQueries, missingFromRun, notInQrels, withoutRelevant, missingFromPassing },
  };
}

function preview(ids: readonly string[]): string {
  const shown = ids.slice(0, 3).map((id) => JSON.stringify(id));
  return ids.length > 3 ? `${shown.join(', ')}, ...` : shown.length > 0 ? shown.join(', ') : '(empty)';
}
