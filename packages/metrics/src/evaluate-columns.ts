/**
 * `evaluateColumns`: `evaluate` for a run given as per-query columns (document ids and a `Float64Array` of
 * scores), the shape `parseTrecRunColumns` of `@execret/formats` reads a TREC run file into. It skips the
 * `Record` per query that `evaluate`'s run needs — on a run of a million lines, building those costs more than
 * evaluating — and shares everything else with `evaluate` (`evaluate-queries.ts`).
 */

import { describeValue, MetricsError } from './errors.js';
import { type EvaluateOptions, type Qrels, type RunColumns, resolveEvaluateOptions } from './evaluate-options.js';
import { evaluateQueries } from './evaluate-queries.js';
import type { EvaluateResult } from './evaluate-result.js';
import { readQueryColumns } from './query-input.js';

/**
 * Evaluates a run given as columns against relevance judgements and pass sets: the same definitions, options,
 * tie rule, result and errors as `evaluate` (see there), and the same values, bit for bit, as
 * `evaluate(qrels, run, measures, options)` on the `Record` run with the same scores. Only the run's shape
 * differs: a `Map` from query id to `{ docIds, scores }`, aligned arrays in any order.
 *
 * Edge cases beyond `evaluate`'s: a document listed twice for a query is rejected (a `Record` cannot hold it);
 * `diagnostics.notInQrels` follows the `Map`'s order (a `Record` lists integer-like keys first). Inputs are not
 * modified.
 *
 * Cost: `evaluate`'s per query, plus one `Map` insertion per document (the duplicate check, and the lookup of
 * the passing and relevant documents).
 *
 * @param qrels - query id → document id → judgement; defines the queries that are evaluated
 * @param run - query id → `{ docIds, scores }` (e.g. `parseTrecRunColumns(text).queries`)
 * @param measures - measure strings (see `parseMeasure`), e.g. `['exec@1', 'precision@5', 'ndcg@10', 'mrr']`
 * @param options - `passing`, `ties`, `gain`, `missingQueries` (as `evaluate`'s)
 * @returns per-query values, means, settings and diagnostics, as `evaluate`
 * @throws MetricsError `invalid-run` when `run` is not a `Map`, a query's entry is not `{ docIds, scores }` of
 *   one length, an id is not a string or a document is listed twice; `invalid-score` for a `NaN` or non-number
 *   score; otherwise as `evaluate`
 * @throws TypeError / RangeError as `evaluate`
 *
 * @example
 * const qrels = { q1: { c_0001: 1 }, q2: { c_0004: 1 } };
 * const run = new Map([
 *   ['q1', { docIds: ['c_0001', 'c_0002', 'c_0003'], scores: Float64Array.of(0.9, 0.9, 0.2) }],
 *   ['q2', { docIds: ['c_0004', 'c_0005'], scores: Float64Array.of(0.8, 0.7) }],
 * ]);
 * evaluateColumns(qrels, run, ['exec@1', 'ndcg@1', 'mrr']).mean; // { 'exec@1': 0.5, 'ndcg@1': 0.5, mrr: 0.75 }
 *
 * // From a TREC run file, without a row object per line or a Record per query:
 * // const { queries, issues } = parseTrecRunColumns(readFileSync('bm25.run', 'utf8'), { file: 'bm25.run' });
 * // evaluateColumns(qrels, queries, ['exec@10', 'ndcg@10'], { passing });
 */
export function evaluateColumns<const M extends string>(
  qrels: Qrels,
  run: RunColumns,
  measures: readonly M[],
  options: EvaluateOptions = {},
): EvaluateResult<M> {
  const { settings, passing } = resolveEvaluateOptions(options, qrels);
  if (!isMapLike(run)) {
    throw new MetricsError(
      'invalid-run',
      `@execret/metrics evaluateColumns: expected run to be a Map from query id to { docIds, scores }, received ${describeValue(run)}`,
    );
  }
  return evaluateQueries(
    qrels,
    {
      has: (qid) => run.has(qid),
      read: (qid, judgements, passSet, wantIdcg, scores) =>
        readQueryColumns(qid, run.get(qid), judgements, passSet, wantIdcg, scores),
      queryIds: () => [...run.keys()],
    },
    measures,
    settings,
    passing,
  );
}

function isMapLike(value: unknown): value is RunColumns {
  if (typeof value !== 'object' || value === null) return false;
  const map = value as Partial<RunColumns>;
  return typeof map.get === 'function' && typeof map.has === 'function' && typeof map.keys === 'function';
}
