/**
 * `evaluate`: every measure for every query of a TREC-style run given as `Record`s. The public boundary checks the
 * options, the run and the measure list once; the loop over queries (`evaluate-queries.ts`, shared with
 * `evaluateColumns`) reads and validates each query (`query-input.ts`), scores it by the per-query kernel over
 * typed arrays (`score-query.ts`) and adds it to the running means and tie counts (`measure-accumulator.ts`).
 */

import { describeValue, MetricsError } from './errors.js';
import { type EvaluateOptions, type Qrels, type Run, resolveEvaluateOptions } from './evaluate-options.js';
import { evaluateQueries } from './evaluate-queries.js';
import type { EvaluateResult } from './evaluate-result.js';
import { isPlainRecord } from './plain-record.js';
import { readRankedQuery } from './query-input.js';

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
  const { settings, passing } = resolveEvaluateOptions(options, qrels);
  if (!isPlainRecord(run)) {
    throw new MetricsError(
      'invalid-run',
      `@execret/metrics evaluate: expected run to be an object mapping query id to { docId: score }, received ${describeValue(run)}`,
    );
  }
  return evaluateQueries(
    qrels,
    {
      has: (qid) => Object.hasOwn(run, qid),
      read: (qid, judgements, passSet, wantIdcg, scores) =>
        readRankedQuery(qid, run[qid], judgements, passSet, wantIdcg, scores),
      queryIds: () => Object.keys(run),
    },
    measures,
    settings,
    passing,
  );
}
